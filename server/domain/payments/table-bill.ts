import { presentOrder } from '../../repositories/orders';
import { billOrders, findPaymentSettings, findRestaurantPayment } from '../../repositories/payments';
import type { DomainDeps } from '../deps';
import { activeTable } from '../orders/diner-table';
import { billSums } from './bill';
import { type CheckoutHosts, checkoutUrl, presentPayment } from './checkout';
import { enabledMethods, storedOrNone } from './settings';

/** The table's bill as the diner's page shows it: its orders, sums and the methods it can be paid with. */
export async function tableBill(deps: DomainDeps, restaurantId: string, tableToken: string) {
  const table = await activeTable(deps.db, restaurantId, tableToken);
  const [orders, settings] = await Promise.all([
    billOrders(deps.db, restaurantId, table._id),
    findPaymentSettings(deps.db, restaurantId),
  ]);
  return { orders: orders.map(presentOrder), ...billSums(orders), methods: enabledMethods(storedOrNone(settings)) };
}

/** A payment of this restaurant as the diner's page reads it (with its checkout link while pending), or undefined. */
export async function readPayment(
  deps: DomainDeps,
  restaurantId: string,
  paymentId: string,
  hosts: CheckoutHosts,
  returnUrl: (paymentId: string) => string,
) {
  const payment = await findRestaurantPayment(deps.db, restaurantId, paymentId);
  if (!payment) return undefined;
  const settings = storedOrNone(await findPaymentSettings(deps.db, restaurantId));
  return presentPayment(payment, checkoutUrl(payment, settings, hosts, returnUrl(payment._id)));
}
