import { Spinner } from 'react-bootstrap';
import { uz } from '../../../lib/uz';
import type { Tab } from '../../../machines/stopList/catalog';

interface MoveButtonProps {
  tab: Tab;
  count: number;
  moving: boolean;
  canMove: boolean;
  onMove: () => void;
}

/**
 * The floating button (spec 2.11, 9): 80 px from the bottom, above the bottom navigation, while anything is selected.
 * 'Stop-listga o'tkazish' on Mavjud, 'Stop-listdan chiqarish' on Stop-list, with the count; 'Yuklanmoqda...' while
 * the move runs.
 */
export function MoveButton({ tab, count, moving, canMove, onMove }: MoveButtonProps) {
  if (count === 0 && !moving) return null;
  const toStop = tab === 'available';
  return (
    <div className="stop-move">
      <button
        type="button"
        className={`btn btn-lg stop-move-button ${toStop ? 'btn-danger' : 'btn-success'}`}
        disabled={!canMove}
        aria-busy={moving}
        onClick={onMove}
      >
        {moving ? (
          <>
            <Spinner size="sm" aria-hidden /> {uz.stopListMoving}
          </>
        ) : (
          <>
            {toStop ? uz.stopListToStop : uz.stopListFromStop} <span className="stop-move-count">{count}</span>
          </>
        )}
      </button>
    </div>
  );
}
