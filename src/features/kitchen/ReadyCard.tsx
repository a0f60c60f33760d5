import { memo, useMemo } from 'react';
import type { KitchenOrder } from '../../../client/kitchen';
import { NO_LINE_TAP, type OrderTaps, readyLinesOf } from '../../../machines/kitchen/kitchenDisplay.selectors';
import { KitchenLineButton } from './KitchenLineButton';
import { kitchenTexts } from './kitchenTexts';
import { OrderTimer } from './OrderTimer';
import type { DisplayActor } from './types';

/**
 * An order's ready lines in the waiter's column: the waiter (or the cook) taps a line "Berildi" when it leaves. Its
 * timer is the order's age, as on the order's card in the kitchen's column. Memoized and fed like that card.
 */
export const ReadyCard = memo(function ReadyCard({
  actor,
  order,
  taps,
  amber,
  red,
}: {
  actor: DisplayActor;
  order: KitchenOrder;
  taps: OrderTaps | undefined;
  amber: number;
  red: number;
}) {
  const lines = useMemo(() => readyLinesOf(order), [order]);
  return (
    <article className="kitchen-ready-card" aria-label={kitchenTexts.readyOrderLabel(order.number, order.table.name)}>
      <header className="kitchen-card-head">
        <span className="kitchen-table">{kitchenTexts.tableTitle(order.table.name)}</span>
        <span className="kitchen-number">{kitchenTexts.orderNumber(order.number)}</span>
        <OrderTimer createdAt={order.createdAt} amber={amber} red={red} />
      </header>
      <ul className="kitchen-lines">
        {lines.map((line) => (
          <li key={line.index}>
            <KitchenLineButton
              actor={actor}
              orderId={order._id}
              line={line}
              tap={taps?.lines.get(line.index) ?? NO_LINE_TAP}
              compact
            />
          </li>
        ))}
      </ul>
    </article>
  );
});
