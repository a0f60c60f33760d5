import { useSelector } from '@xstate/react';
import { memo } from 'react';
import type { KitchenLine } from '../../../client/kitchen';
import { selectLineTap } from '../../../machines/kitchen/kitchenDisplay.selectors';
import { kitchenTexts, LINE_STATUS_WORDS } from './kitchenTexts';
import type { DisplayActor } from './types';

/**
 * One line of an order: quantity × name, its chosen options, and its state. A tap moves it one step on (the machine
 * decides whether it may); while its move is on its way it says so and takes no other tap. Memoized with its card.
 */
export const KitchenLineButton = memo(function KitchenLineButton({
  actor,
  orderId,
  line,
  compact = false,
}: {
  actor: DisplayActor;
  orderId: string;
  line: KitchenLine;
  /** In the "Tayyor" column: the state is the column's, the tap is "Berildi". */
  compact?: boolean;
}) {
  // One answer per line, worked out once per change for every line (the selector), not a guard run per button.
  const { busy, next } = useSelector(actor, selectLineTap(orderId, line.index));
  return (
    <button
      type="button"
      className={`kitchen-line kitchen-line-${line.status}${compact ? ' kitchen-line-compact' : ''}`}
      disabled={next === null}
      aria-busy={busy}
      aria-label={kitchenTexts.lineLabel(line.quantity, line.name, line.status, next)}
      onClick={() => actor.send({ type: 'kitchen.move', orderId, index: line.index })}
    >
      <span className="kitchen-line-text">
        <span className="kitchen-line-name">
          <span className="kitchen-line-quantity">{line.quantity} ×</span> {line.name}
        </span>
        {line.rows.length > 0 && (
          <span className="kitchen-line-rows">{line.rows.map((row) => row.name).join(' · ')}</span>
        )}
      </span>
      <span className="kitchen-line-state">
        {busy ? (
          <>
            <span className="spinner-border spinner-border-sm" aria-hidden="true" />{' '}
            <span className="visually-hidden">{kitchenTexts.saving}</span>
          </>
        ) : compact ? (
          kitchenTexts.served
        ) : (
          LINE_STATUS_WORDS[line.status]
        )}
      </span>
    </button>
  );
});
