import { useSelector } from '@xstate/react';
import { Button } from 'react-bootstrap';
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
      <Button variant="light" size="lg" disabled={!canUndo} onClick={() => actor.send({ type: 'kitchen.undo' })}>
        {kitchenTexts.undo}
      </Button>
    </div>
  );
}
