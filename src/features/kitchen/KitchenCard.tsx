import { memo } from 'react';
import type { KitchenOrder } from '../../../client/kitchen';
import { NO_CARD_TAP, NO_LINE_TAP, type OrderTaps, timerOf } from '../../../machines/kitchen/kitchenDisplay.selectors';
import { KitchenLineButton } from './KitchenLineButton';
import { useClockValue } from './kitchenClock';
import { kitchenTexts } from './kitchenTexts';
import { OrderTimer } from './OrderTimer';
import type { DisplayActor } from './types';

/**
 * One order in the kitchen's column: its table and number large, how long it has waited (the frame turns amber and
 * red), the diner's comment, every line of this station (a tap moves it one step on), "Hammasi tayyor", and the
 * server's word when a move was refused. It reads nothing of the machine itself: the display hands it plain props
 * (kitchenDisplay.selectors.ts selectOrderTaps), and it hands each line button its own answer. Memoized: a card renders
 * again when its order, its answers or its failure change, not when another card's do (the machine keeps an unchanged
 * order's object, the selector an unchanged answer's).
 */
export const KitchenCard = memo(function KitchenCard({
  actor,
  order,
  taps,
  failure,
  amber,
  red,
}: {
  actor: DisplayActor;
  order: KitchenOrder;
  taps: OrderTaps | undefined;
  /** The refused move's message: undefined when none, null for the screen's own words. */
  failure: string | null | undefined;
  /** The station's amber and red minutes. */
  amber: number;
  red: number;
}) {
  const { busy, readyAll } = taps?.card ?? NO_CARD_TAP;
  // The frame's colour: the card renders again when it turns, not at every tick of its timer.
  const level = useClockValue((now) => timerOf(order.createdAt, now, amber, red).level);

  return (
    <article
      className={`kitchen-card kitchen-card-${level}`}
      aria-label={kitchenTexts.orderLabel(order.number, order.table.name)}
      aria-busy={busy}
    >
      <header className="kitchen-card-head">
        <span className="kitchen-table">{kitchenTexts.tableTitle(order.table.name)}</span>
        <span className="kitchen-number">{kitchenTexts.orderNumber(order.number)}</span>
        <OrderTimer createdAt={order.createdAt} amber={amber} red={red} />
      </header>
      {order.comment && (
        <p className="kitchen-comment">
          <strong>{kitchenTexts.comment}:</strong> {order.comment}
        </p>
      )}
      <ul className="kitchen-lines">
        {order.items.map((line) => (
          <li key={line.index}>
            <KitchenLineButton
              actor={actor}
              orderId={order._id}
              line={line}
              tap={taps?.lines.get(line.index) ?? NO_LINE_TAP}
            />
          </li>
        ))}
      </ul>
      {failure !== undefined && (
        <div className="kitchen-failure" role="alert">
          <span>{failure ?? kitchenTexts.moveFailed}</span>
          <button
            type="button"
            className="btn-close btn-close-white"
            aria-label={kitchenTexts.dismiss}
            onClick={() => actor.send({ type: 'kitchen.dismiss', orderId: order._id })}
          />
        </div>
      )}
      <button
        type="button"
        className="btn btn-success btn-lg kitchen-ready-all"
        // Busy with its own move, it keeps the focus (see KitchenLineButton); the machine ignores the tap.
        disabled={!readyAll && !busy}
        aria-disabled={busy || undefined}
        onClick={() => actor.send({ type: 'kitchen.readyAll', orderId: order._id })}
      >
        {kitchenTexts.readyAll}
      </button>
    </article>
  );
});
