import {
  CLICK_INSUFFICIENT_FUNDS,
  type ClickReply,
  type ClickService,
  completeCall,
  prepareCall,
  prepareIdOf,
  sendClick,
} from './click-api';

/**
 * What Click does when its payer presses a button: Prepare, then Complete reporting the debit (`error` 0) or its
 * failure (`error` -5017). Answers the step that went wrong and the merchant's reply, if anything did.
 */

export interface ClickFailure {
  step: 'Prepare' | 'Complete';
  reply: ClickReply;
}

/** The merchant's answer to a Complete that reports a failed debit: -9, it cancelled the payment. */
const CANCELLED = -9;

async function prepare(service: ClickService, paymentId: string, amount: string) {
  const call = prepareCall(service, paymentId, amount);
  const reply = await sendClick(service, call);
  const prepareId = prepareIdOf(reply);
  return prepareId === undefined ? { failure: { step: 'Prepare' as const, reply } } : { call, prepareId };
}

/** "To'lash": Prepare, then Complete with `error` 0. */
export async function payThroughClick(
  service: ClickService,
  paymentId: string,
  amount: string,
): Promise<ClickFailure | undefined> {
  const prepared = await prepare(service, paymentId, amount);
  if ('failure' in prepared) return prepared.failure;
  const reply = await sendClick(service, completeCall(prepared.call, prepared.prepareId));
  return 'error' in reply && reply.error === 0 ? undefined : { step: 'Complete', reply };
}

/** "Bekor qilish": Prepare, then Complete with `error` -5017 (the card's funds fell short), answered -9. */
export async function cancelThroughClick(
  service: ClickService,
  paymentId: string,
  amount: string,
): Promise<ClickFailure | undefined> {
  const prepared = await prepare(service, paymentId, amount);
  if ('failure' in prepared) return prepared.failure;
  const reply = await sendClick(service, completeCall(prepared.call, prepared.prepareId, CLICK_INSUFFICIENT_FUNDS));
  return 'error' in reply && reply.error === CANCELLED ? undefined : { step: 'Complete', reply };
}
