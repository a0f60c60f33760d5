import { useSelector } from '@xstate/react';
import type { KitchenLine, KitchenOrder } from '../../../client/kitchen';
import { selectAmberMinutes, selectRedMinutes } from '../../../machines/kitchen/kitchenDisplay.selectors';
import { KitchenLineButton } from './KitchenLineButton';
import { kitchenTexts } from './kitchenTexts';
import { OrderTimer } from './OrderTimer';
import type { DisplayActor } from './types';
import { useNow } from './useNow';

/** An order's ready lines in the waiter's column: the waiter (or the cook) taps a line "Berildi" when it leaves. */
export function ReadyCard({
  actor,
  order,
  lines,
}: {
  actor: DisplayActor;
  order: KitchenOrder;
  lines: readonly KitchenLine[];
}) {
  const now = useNow();
  const amber = useSelector(actor, selectAmberMinutes);
  const red = useSelector(actor, selectRedMinutes);
  return (
    <article className="kitchen-ready-card" aria-label={kitchenTexts.readyOrderLabel(order.number, order.table.name)}>
      <header className="kitchen-card-head">
        <span className="kitchen-table">{kitchenTexts.tableTitle(order.table.name)}</span>
        <span className="kitchen-number">{kitchenTexts.orderNumber(order.number)}</span>
        <OrderTimer createdAt={order.createdAt} now={now} amber={amber} red={red} />
      </header>
      <ul className="kitchen-lines">
        {lines.map((line) => (
          <li key={line.index}>
            <KitchenLineButton actor={actor} orderId={order._id} line={line} compact />
          </li>
        ))}
      </ul>
    </article>
  );
}
