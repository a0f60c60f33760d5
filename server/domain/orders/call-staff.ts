import type { CallType } from '../../db/schema';
import { createCall, repeatCallWait } from '../../repositories/calls';
import type { DomainDeps } from '../deps';
import { lockedTable } from './diner-table';
import { type Closure, closure, type RestaurantHours, restaurantClock } from './opening-hours';

export type PlacedCall =
  | { kind: 'created'; call: Awaited<ReturnType<typeof createCall>>['call'] }
  /** The same table called for the same thing within the repeat window: nothing is created. */
  | { kind: 'too-soon'; waitSeconds: number }
  /** The restaurant is closed by its working hours: nothing is created. */
  | { kind: 'closed'; closure: Closure };

/**
 * A diner calls the waiter or asks for the bill: with the table read and locked (404 when unknown or inactive) and
 * the restaurant open by its working hours (else `closed`: nobody is there to come), `admit` counts the request
 * against the diner's limits (it throws their 429); a repeat of the same call within `repeatSeconds` creates nothing
 * and says how long to wait. The call queues its Telegram message and staff event in
 * the same transaction; the sender is woken after the commit when there is a message.
 */
export function callStaff(
  deps: DomainDeps,
  input: { restaurantId: string; hours: RestaurantHours; tableToken: string; type: CallType },
  repeatSeconds: number,
  admit: () => void,
): Promise<PlacedCall> {
  return deps.work(async (w) => {
    const table = await lockedTable(w.tx, input.restaurantId, input.tableToken);
    const closed = closure(input.hours, restaurantClock(input.hours));
    if (closed) return { kind: 'closed', closure: closed };
    admit();
    const wait = await repeatCallWait(w.tx, table._id, input.type, repeatSeconds);
    if (wait > 0) return { kind: 'too-soon', waitSeconds: wait };
    const created = await createCall(w.tx, {
      restaurant_id: input.restaurantId,
      table: { _id: table._id, name: table.name },
      type: input.type,
    });
    if (created.telegramQueued) w.outboxWritten();
    return { kind: 'created', call: created.call };
  });
}
