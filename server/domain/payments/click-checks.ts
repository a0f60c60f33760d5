import type { PaymentRecord } from '../../repositories/payments';
import type { ClickAnswer } from './click-answer';

/** What Prepare and Complete both check of the payment a call names. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Our ids are UUIDs: anything else names nothing of ours (and is never sent to the database as one). */
export const isUuid = (value: string) => UUID.test(value);

/**
 * The payment `merchant_trans_id` names, when it is this restaurant's and meant to be paid through Click; otherwise
 * Click's -5 ("User does not exist"): another restaurant's payment, or a Payme or cash one, is not Click's to pay.
 */
export function clickPaymentOf(payment: PaymentRecord | undefined, restaurantId: string): PaymentRecord | undefined {
  return payment && payment.restaurant_id === restaurantId && payment.provider === 'click' ? payment : undefined;
}

/** Click's so'm amount as received against the payment's, numerically, within Click's reference tolerance of 0.01. */
export function amountMatches(received: string, som: number): boolean {
  return Math.abs(Number(received) - som) <= 0.01 + 1e-9;
}

/** Thrown inside a unit of work to roll it back and answer Click with `answer`. */
export class ClickRefusal extends Error {
  constructor(readonly answer: ClickAnswer) {
    super(answer.error_note);
    this.name = 'ClickRefusal';
  }
}

/** Runs `step` in a unit of work; a ClickRefusal thrown in it rolls it back and is answered. */
export async function refusedOrDone(step: () => Promise<ClickAnswer>): Promise<ClickAnswer> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof ClickRefusal) return error.answer;
    throw error;
  }
}
