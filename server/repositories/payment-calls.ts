import type { Executor } from '../db/client';
import { paymentCalls } from '../db/schema';

/**
 * Records a provider's call as received and what it was answered, append-only (never updated or deleted by the API):
 * the restaurant's record to reconcile with the provider's statement. `params` must never hold a key (Payme's comes in
 * a header; Click's sign_string is a hash, not its secret).
 */
export async function recordPaymentCall(
  db: Executor,
  call: {
    restaurant_id: string | null;
    provider: 'payme' | 'click';
    method: string;
    params: unknown;
    answer: unknown;
  },
): Promise<void> {
  await db.insert(paymentCalls).values({ ...call, params: call.params ?? null, answer: call.answer ?? null });
}
