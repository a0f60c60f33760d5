import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/client';
import { tableAndDishOf } from '../../repositories/payment-merchants';
import { findPayment } from '../../repositories/payments';

/**
 * The merchant's side of Click's test scenarios: the playground asks for new unpaid orders (its scenarios 9 and 12).
 * The simulator makes each as a diner would, over HTTP, at the table of the payment it was opened for: one of the
 * cheapest dish that needs no choice, ordered and then paid alone through Click; it answers that payment's button.
 */

export interface NewClickPayment {
  paymentId: string;
  amount: string;
}

/** The payment's table and the dish to order: read once, as the diner's phone has them on its menu. */
async function tableAndDish(db: Executor, paymentId: string) {
  const payment = await findPayment(db, paymentId);
  return payment ? tableAndDishOf(db, payment) : undefined;
}

async function postJson(url: string, body: object): Promise<{ status: number; data?: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const answer = (await response.json().catch(() => ({}))) as { data?: Record<string, unknown> };
  return { status: response.status, data: answer.data };
}

/** A new Click payment at the table of `paymentId`, or why none could be made. */
export async function newClickPayment(
  db: Executor,
  origin: string,
  paymentId: string,
): Promise<NewClickPayment | { failure: string }> {
  const found = await tableAndDish(db, paymentId);
  if (!found) return { failure: "To'lovning stoli yoki buyurtma qilsa bo'ladigan taom topilmadi." };
  const menu = `${origin}/menu/${encodeURIComponent(found.slug)}`;
  try {
    const order = await postJson(`${menu}/orders`, {
      table_id: found.token,
      items: [{ product_id: found.productId, quantity: 1 }],
      comment: 'Click test ssenariysi (demo)',
    });
    if (order.status !== 201 || typeof order.data?._id !== 'string') {
      return { failure: `Buyurtma berilmadi (HTTP ${order.status}).` };
    }
    const payment = await postJson(`${menu}/payments`, {
      table_id: found.token,
      provider: 'click',
      order_id: order.data._id,
    });
    const redirect = payment.data?.redirect_url;
    if (payment.status !== 201 || typeof redirect !== 'string') {
      return { failure: `To'lov yaratilmadi (HTTP ${payment.status}).` };
    }
    const button = new URL(redirect).searchParams;
    return { paymentId: button.get('transaction_param') ?? '', amount: button.get('amount') ?? '' };
  } catch {
    return { failure: 'Restoran serveri javob bermadi.' };
  }
}
