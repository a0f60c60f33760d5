import { useSelector } from '@xstate/react';
import { describeUndo, selectUndo } from '../../../machines/kitchen/kitchenDisplay.selectors';
import { kitchenTexts } from './kitchenTexts';
import type { DisplayActor } from './types';

/** "Qaytarish": the last move made on this device, for a minute; it goes when the minute does. */
export function UndoBar({ actor }: { actor: DisplayActor }) {
  const undo = useSelector(actor, selectUndo);
  const canUndo = useSelector(actor, (s) => s.can({ type: 'kitchen.undo' }));
  if (!undo) return null;
  const { table, number, names, to } = describeUndo(undo);
  return (
    <div className="kitchen-undo" role="status">
      <span className="kitchen-undo-what">{kitchenTexts.undoWhat(table, number, names, to)}</span>
      <button
        type="button"
        className="btn btn-light btn-lg"
        disabled={!canUndo}
        onClick={() => actor.send({ type: 'kitchen.undo' })}
      >
        {kitchenTexts.undo}
      </button>
    </div>
  );
}
