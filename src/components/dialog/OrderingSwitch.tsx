import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { uzOrdering } from '../../../lib/uz-ordering';
import { selectValues } from '../../../machines/dialog/dialog.selectors';
import type { DialogActor } from './useDialogActor';

/**
 * The restaurant's `ordering_enabled` setting: whether diners order and call the waiter from the tables'
 * QR codes. A switch with the sentence that says what it does, in both restaurant forms (the admin's dialog and the
 * manager's Update Restaurant), as `hide_stopped`'s switch is in the admin's.
 */
export function OrderingSwitch({ actor }: { actor: DialogActor }) {
  const id = useId();
  const value = useSelector(actor, (s) => selectValues(s).ordering_enabled);
  // Unknown (a restaurant read without it, restaurantForm.rules.ts knownOrdering): no switch rather than a wrong one.
  if (typeof value !== 'boolean') return null;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Check
        type="switch"
        // Read as the on/off setting it is (Bootstrap draws a switch over a plain checkbox).
        role="switch"
        name="ordering_enabled"
        label={uzOrdering.fieldOrderingEnabled}
        checked={value}
        onChange={(event) => actor.send({ type: 'dialog.change', values: { ordering_enabled: event.target.checked } })}
        aria-describedby={`${id}-help`}
      />
      <Form.Text id={`${id}-help`} muted>
        {uzOrdering.orderingEnabledHelp}
      </Form.Text>
    </Form.Group>
  );
}
