import type { KitchenOrderView } from '../../schemas/kitchen';
import type { StaffOrderView } from '../../schemas/table-orders';

/**
 * An order as one kitchen station sees it, from the staff's view of it (what GET /kitchen/orders answers and what the
 * kitchen's live stream sends): its lines of that station only, each with its place in the order, and whether the
 * station's display shows it now.
 */

/** What the view needs of a device's station; null: a device showing every station. */
export interface StationScope {
  _id: string;
  print_on: 'placed' | 'accepted';
}

/**
 * The order for this station, or undefined when it has no line of the station (nothing of it concerns the display).
 * `open`: confirmed, not cancelled or served, reached the station (a station printing on acceptance sees an order once
 * it is accepted), and a line of the station not yet served.
 */
export function kitchenViewOf(order: StaffOrderView, station: StationScope | null): KitchenOrderView | undefined {
  const items = order.items.flatMap((line, index) =>
    station === null || line.station_id === station._id
      ? [
          {
            index,
            product_id: line.product_id,
            name: line.name,
            quantity: line.quantity,
            rows: line.rows,
            station_id: line.station_id,
            status: line.status,
            moves: line.moves,
          },
        ]
      : [],
  );
  if (items.length === 0) return undefined;
  const reached = order.status === 'accepted' || (order.status === 'new' && station?.print_on !== 'accepted');
  return {
    _id: order._id,
    number: order.number,
    status: order.status,
    table: order.table,
    comment: order.comment,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    items,
    open: reached && !order.needs_confirmation && items.some((line) => line.status !== 'served'),
  };
}
