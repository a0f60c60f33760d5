import { randomUUID } from 'node:crypto';
import {
  CLICK_INSUFFICIENT_FUNDS,
  type ClickCall,
  type ClickReply,
  type ClickService,
  clickSignString,
  completeCall,
  prepareCall,
  prepareIdOf,
  sendClick,
} from './click-api';
import type { NewClickPayment } from './click-diner';

/**
 * Click's 15 test scenarios (its playground and Postman suite, the facts sheet's table 2.4) against a service's SHOP
 * API, in order: each request's expected `error` and the one answered. Scenarios 1-8 take the payment the page was
 * opened for, 9-11 and 12-15 a new payment each (`newPayment`).
 */

export interface ScenarioResult {
  n: number;
  request: 'Prepare' | 'Complete';
  case: string;
  expected: number;
  /** null: no answer (the call failed, or a new payment could not be made). */
  actual: number | null;
  note: string;
}

export interface ScenarioRun {
  service: ClickService;
  paymentId: string;
  amount: string;
  newPayment: () => Promise<NewClickPayment | { failure: string }>;
}

/** A prepare id the merchant never gave (scenario 10). */
const UNKNOWN_PREPARE_ID = '999999999';
/** The amount Complete is forced to (scenario 5): no test order may cost it. */
const WRONG_AMOUNT = '300';

export async function runClickScenarios(run: ScenarioRun): Promise<ScenarioResult[]> {
  const { service } = run;
  const results: ScenarioResult[] = [];
  const send = async (
    n: number,
    kase: string,
    expected: number,
    call: ClickCall,
    signString?: string,
  ): Promise<ClickReply> => {
    const reply = await sendClick(service, call, signString);
    results.push({
      n,
      request: call.action === '1' ? 'Complete' : 'Prepare',
      case: kase,
      expected,
      actual: 'error' in reply ? reply.error : null,
      note: 'error' in reply ? reply.error_note : reply.failure,
    });
    return reply;
  };
  /** The scenarios a new payment could not be made for: listed unanswered, with the reason. */
  const skipped = (rows: [number, ScenarioResult['request'], string, number][], failure: string) => {
    for (const [n, request, kase, expected] of rows)
      results.push({ n, request, case: kase, expected, actual: null, note: failure });
  };

  const prepared = (paymentId: string, amount: string) => prepareCall(service, paymentId, amount);

  // 1-2: Prepare refused.
  await send(1, "Noto'g'ri imzo", -1, prepared(run.paymentId, run.amount), '0'.repeat(32));
  await send(2, "Mavjud bo'lmagan buyurtma", -5, prepared(randomUUID(), run.amount));
  // 3-8: the payment's transaction, confirmed, then confirmed and cancelled again.
  const p3 = prepared(run.paymentId, run.amount);
  const id3 = prepareIdOf(await send(3, "To'lanmagan buyurtma: prepare ID saqlanadi", 0, p3)) ?? '';
  const c4 = completeCall(p3, id3);
  // Signed as a Prepare is (without merchant_prepare_id): what a merchant that forgot Complete's field would send.
  await send(4, "Noto'g'ri imzo", -1, c4, clickSignString({ ...c4, action: '0' }, service.secretKey));
  await send(5, `Summa ${WRONG_AMOUNT} ga o'zgartirilgan`, -2, { ...completeCall(p3, id3), amount: WRONG_AMOUNT });
  const c6 = completeCall(p3, id3);
  await send(6, "3-so'rovni tasdiqlash", 0, c6);
  await send(7, "3-so'rovni yana tasdiqlash", -4, c6);
  await send(8, "Tasdiqlangan to'lovda error=-5017", -9, completeCall(p3, id3, CLICK_INSUFFICIENT_FUNDS));

  // 9-11: a new payment.
  const second = await run.newPayment();
  if ('failure' in second) {
    skipped(
      [
        [9, 'Prepare', "Yangi to'lov", 0],
        [10, 'Complete', `prepare ID ${UNKNOWN_PREPARE_ID}`, -6],
        [11, 'Complete', "9-so'rovning prepare ID si", 0],
      ],
      second.failure,
    );
  } else {
    const p9 = prepared(second.paymentId, second.amount);
    const id9 = prepareIdOf(await send(9, "Yangi to'lov", 0, p9)) ?? '';
    await send(10, `prepare ID ${UNKNOWN_PREPARE_ID}`, -6, completeCall(p9, UNKNOWN_PREPARE_ID));
    await send(11, "9-so'rovning prepare ID si", 0, completeCall(p9, id9));
  }

  // 12-15: another new payment, cancelled by Click.
  const third = await run.newPayment();
  if ('failure' in third) {
    skipped(
      [
        [12, 'Prepare', "Yangi to'lov", 0],
        [13, 'Complete', 'error=-5017 (bekor qilish)', -9],
        [14, 'Complete', 'Xuddi shu bekor qilish yana', -9],
        [15, 'Complete', "Bekor qilingan to'lovda error=0", -9],
      ],
      third.failure,
    );
  } else {
    const p12 = prepared(third.paymentId, third.amount);
    const id12 = prepareIdOf(await send(12, "Yangi to'lov", 0, p12)) ?? '';
    const c13 = completeCall(p12, id12, CLICK_INSUFFICIENT_FUNDS);
    await send(13, 'error=-5017 (bekor qilish)', -9, c13);
    await send(14, 'Xuddi shu bekor qilish yana', -9, c13);
    await send(15, "Bekor qilingan to'lovda error=0", -9, completeCall(p12, id12));
  }
  return results;
}
