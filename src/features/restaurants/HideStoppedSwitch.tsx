import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { uz } from '../../../lib/uz';
import { selectValues } from '../../../machines/dialog/dialog.selectors';
import type { DialogActor } from '../../components/dialog/useDialogActor';

/**
 * The restaurant's `hide_stopped` setting: whether the public menu hides stop-listed products or shows
 * them greyed. A switch with the sentence that says what each position does.
 */
export function HideStoppedSwitch({ actor }: { actor: DialogActor }) {
  const id = useId();
  const on = useSelector(actor, (s) => selectValues(s).hide_stopped === true);
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Check
        type="switch"
        // Read as the on/off setting it is (Bootstrap draws a switch over a plain checkbox).
        role="switch"
        name="hide_stopped"
        label={uz.fieldHideStopped}
        checked={on}
        onChange={(event) => actor.send({ type: 'dialog.change', values: { hide_stopped: event.target.checked } })}
        aria-describedby={`${id}-help`}
      />
      <Form.Text id={`${id}-help`} muted>
        {uz.hideStoppedHelp}
      </Form.Text>
    </Form.Group>
  );
}
