import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../db/client';
import { kitchenStations, orders, printOutbox } from '../db/schema';
import { currentRequestId } from '../request-context';

/** Queuing kitchen tickets (print_outbox) as orders are placed, accepted or printed again; sending is print-outbox.ts. */

/**
 * Inserts the first ticket of each station with a printer that makes a line of the order, when `when` is that
 * station's moment (`placed`, or `accepted`: then every station's whose ticket is not printed yet, those of an order
 * that waited for confirmation included). Once per order and station (the partial unique index): an order placed and
 * then accepted prints once, in the orders' numbers' order. A statement fragment, for the statement that creates
 * orders and for acceptance alike (`order` yields their `id`, `restaurant_id`, `number`, `items` and
 * `needs_confirmation`).
 */
export function queueingTickets(
  order: SQL,
  when: 'placed' | 'accepted',
  requestId: string | null | Placeholder | SQL = currentRequestId(),
): SQL {
  return sql`insert into ${printOutbox} (order_id, station_id, request_id)
    select o.id, s.id, ${requestId}::text from (${order}) o
    join ${kitchenStations} s on s.restaurant_id = o.restaurant_id
    where s.printer is not null ${when === 'placed' ? sql`and s.print_on = 'placed' and not o.needs_confirmation` : sql``}
      and exists (select 1 from jsonb_array_elements(o.items) line where line->>'station_id' = s.id::text)
    order by o.number
    on conflict (order_id, station_id) where not reprint do nothing
    returning ${printOutbox.id} as print_id, ${printOutbox.order_id}`;
}

/** The order just accepted: the tickets of stations that wait for acceptance (and any held back) are queued. */
export async function queueTicketsOnAccept(tx: Executor, orderId: string): Promise<boolean> {
  const result = await tx.execute(
    queueingTickets(
      sql`select id, restaurant_id, number, items, needs_confirmation from ${orders} where id = ${orderId}`,
      'accepted',
    ),
  );
  return rowsOf(result).length > 0;
}

/** "Qayta chop etish": a new ticket for each station with a printer that makes a line of the order. */
export async function queueReprint(tx: Executor, orderId: string): Promise<number> {
  const result = await tx.execute(sql`insert into ${printOutbox} (order_id, station_id, reprint, request_id)
    select o.id, s.id, true, ${currentRequestId()}::text from ${orders} o
    join ${kitchenStations} s on s.restaurant_id = o.restaurant_id
    where o.id = ${orderId} and s.printer is not null
      and exists (select 1 from jsonb_array_elements(o.items) line where line->>'station_id' = s.id::text)
    returning id`);
  return rowsOf(result).length;
}
