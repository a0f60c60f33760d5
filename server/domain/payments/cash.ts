import { randomUUID } from 'node:crypto';
import { conflict } from '../../errors';
import { messages } from '../../messages';
import { billOrders, insertPayment, type PaymentRecord } from '../../repositories/payments';
import type { Viewer } from '../../viewer';
import type { DomainDeps } from '../deps';
import { tableForWrite } from '../tables/tables';
import { sumSom } from './money';
import { completePayment } from './settle';

/**
 * "Naqd to'landi": the staff took the table's bill in cash. Every unpaid order of the table's bill becomes paid by one
 * cash payment (its manager or an admin; another restaurant's table 404). While a Payme or Click transaction holds
 * some of them it is a 409 (that money may be arriving); nothing unpaid is a 409 too.
 */
export function takeCash(deps: DomainDeps, viewer: Viewer, tableId: string): Promise<PaymentRecord> {
  return deps.work(async (w) => {
    const { table, restaurant_id } = await tableForWrite(w.tx, viewer, tableId);
    const bill = await billOrders(w.tx, restaurant_id, table._id);
    if (bill.some((order) => order.payment_status === 'pending')) throw conflict(messages.billInProgress);
    const unpaid = bill.filter((order) => order.payment_status === 'unpaid');
    if (unpaid.length === 0) throw conflict(messages.cashNothingToPay);
    const itemsTotal = sumSom(unpaid.map((order) => order.total));
    const service = sumSom(unpaid.map((order) => order.service));
    const payment = await insertPayment(w.tx, {
      restaurant_id,
      table_id: table._id,
      provider: 'cash',
      order_ids: unpaid.map((order) => order._id),
      items_total: itemsTotal,
      service,
      tip: 0,
      amount: sumSom([itemsTotal, service]),
      idempotency_key: randomUUID(),
      taken_by: viewer.login,
    });
    return (await completePayment(w, payment))!;
  });
}
