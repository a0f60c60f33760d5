import { listKitchenOrders } from '../../repositories/order-lines';
import { presentStaffOrder } from '../../repositories/orders';
import type { KitchenOrderView } from '../../schemas/kitchen';
import type { DomainDeps } from '../deps';
import type { KitchenDeviceSession } from './devices';
import { kitchenViewOf } from './kitchen-view';

/** What a kitchen device's display shows: the open orders with its station's lines (every station's when it has none). */
export async function kitchenOrders(deps: DomainDeps, device: KitchenDeviceSession): Promise<KitchenOrderView[]> {
  const rows = await listKitchenOrders(deps.db, device.restaurant._id, device.station?._id ?? null);
  return rows.flatMap((row) => {
    const view = kitchenViewOf(presentStaffOrder(row), device.station);
    return view?.open ? [view] : [];
  });
}
