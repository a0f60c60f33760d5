import { memo } from 'react';
import type { KitchenLine } from '../../../client/kitchen';
import type { LineTap } from '../../../machines/kitchen/kitchenDisplay.selectors';
import { kitchenTexts, LINE_STATUS_WORDS } from './kitchenTexts';
import type { DisplayActor } from './types';

/**
 * One line of an order: quantity × name, its chosen options, and its state. A tap moves it one step on (the machine
 * decides whether it may); while its move is on its way it says so and takes no other tap. Memoized, with plain props
 * from its card: it renders again only when its line or its answer (`tap`, the same object while it stays) changes.
 *
 * A busy line is aria-disabled, not disabled: the tap's own button keeps the focus (a keyboard's too), and the machine
 * ignores a tap on it. Disabling the focused button took its focus away inside the tap, and React, putting the focus
 * back, read and wrote the scroll offsets of every ancestor: a forced style and layout in the tap's frame.
 */
export const KitchenLineButton = memo(function KitchenLineButton({
  actor,
  orderId,
  line,
  tap,
  compact = false,
}: {
  actor: DisplayActor;
  orderId: string;
  line: KitchenLine;
  /** Whether its move is on its way and where a tap moves it (kitchenDisplay.selectors.ts selectOrderTaps). */
  tap: LineTap;
  /** In the "Tayyor" column: the state is the column's, the tap is "Berildi". */
  compact?: boolean;
}) {
  const { busy, next } = tap;
  return (
    <button
      type="button"
      className={`kitchen-line kitchen-line-${line.status}${compact ? ' kitchen-line-compact' : ''}`}
      disabled={next === null && !busy}
      aria-disabled={busy || undefined}
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
