import { formatPrice } from '../../../lib/format';
import { badRequest, conflict, forbidden, HttpError } from '../../errors';
import { messages } from '../../messages';
import {
  billOrders,
  findPaymentByKey,
  findPaymentSettings,
  insertPayment,
  type PaymentRecord,
} from '../../repositories/payments';
import type { DomainDeps } from '../deps';
import { lockedTable } from '../orders/diner-table';
import { ordersToPay, type PaymentMethod } from './bill';
import { sumSom, toTiyin } from './money';
import { enabledMethods, storedOrNone } from './settings';

/** What a diner's "pay" names: the restaurant (found by its slug), the table's token, the device and key, the choice. */
export interface PaymentRequest {
  restaurantId: string;
  tableToken: string;
  deviceId: string;
  idempotencyKey: string;
  provider: PaymentMethod;
  /** This order alone (and its service charge); the whole unpaid bill without it. */
  orderId?: string | undefined;
  /** Whole so'm. */
  tip: number;
}

const METHOD_NAMES: Record<PaymentMethod, string> = { payme: 'Payme', click: 'Click' };

/** The same key again: the same choice is a replay, another choice a reused key (422). */
function replayOf(payment: PaymentRecord, request: PaymentRequest): PaymentRecord {
  const same =
    payment.provider === request.provider &&
    toTiyin(payment.tip) === toTiyin(request.tip) &&
    (request.orderId === undefined ? true : payment.order_ids.length === 1 && payment.order_ids[0] === request.orderId);
  if (!same) throw new HttpError(422, messages.paymentKeyReused);
  return payment;
}

/**
 * A diner's payment of the table's bill, or of one order of it, with a tip: its amount computed here from the orders
 * the server holds, and fixed. A method that is off is a 403; nothing left to pay a 409 (one that a provider's
 * transaction holds: "being paid", also 409). The orders are not held yet: the provider's first call holds them
 * (settle.ts), so a diner who never reaches the checkout blocks nobody. The same Idempotency-Key from the same table
 * and device answers the same payment again: the table is locked first, so of two requests with one key the second
 * reads the payment the first committed.
 */
export async function createPayment(
  deps: DomainDeps,
  request: PaymentRequest,
): Promise<{ payment: PaymentRecord; created: boolean }> {
  return deps.work(async (w) => {
    const table = await lockedTable(w.tx, request.restaurantId, request.tableToken);
    const replay = await findPaymentByKey(w.tx, {
      restaurant_id: request.restaurantId,
      table_id: table._id,
      device_id: request.deviceId,
      key: request.idempotencyKey,
    });
    if (replay) return { payment: replayOf(replay, request), created: false };

    const settings = storedOrNone(await findPaymentSettings(w.tx, request.restaurantId));
    if (!enabledMethods(settings).includes(request.provider))
      throw forbidden(messages.paymentMethodOff(METHOD_NAMES[request.provider]));

    const bill = await billOrders(w.tx, request.restaurantId, table._id);
    const toPay = ordersToPay(bill, request.orderId);
    if (toPay.length === 0) {
      const held = bill.filter((order) => order.payment_status === 'pending');
      const named = request.orderId === undefined ? held : held.filter((order) => order._id === request.orderId);
      if (named.length > 0) throw conflict(messages.billInProgress);
      throw conflict(request.orderId === undefined ? messages.nothingToPay : messages.orderNotOnBill);
    }
    const itemsTotal = sumSom(toPay.map((order) => order.total));
    const service = sumSom(toPay.map((order) => order.service));
    const before = sumSom([itemsTotal, service]);
    // Free dishes only: nothing a provider could charge (Payme and Click take amounts above zero).
    if (before === 0) throw conflict(messages.nothingToPay);
    if (request.tip > before) throw badRequest(messages.tipTooLarge(formatPrice(before)));
    const payment = await insertPayment(w.tx, {
      restaurant_id: request.restaurantId,
      table_id: table._id,
      provider: request.provider,
      order_ids: toPay.map((order) => order._id),
      items_total: itemsTotal,
      service,
      tip: request.tip,
      amount: sumSom([before, request.tip]),
      idempotency_key: request.idempotencyKey,
      device_id: request.deviceId,
    });
    return { payment, created: true };
  });
}
