import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { uzCatalog } from '../../../lib/uz-catalog';
import { selectValues } from '../../../machines/dialog/dialog.selectors';
import type { DialogActor } from '../../components/dialog/useDialogActor';

/**
 * An option's `required` setting: the diner must choose one of its rows (a portion). A switch with the sentence that
 * says what it does to the menu; an option is one choice, so there is nothing more to set (at most one row either way).
 */
export function RequiredSwitch({ actor }: { actor: DialogActor }) {
  const id = useId();
  const value = useSelector(actor, (s) => selectValues(s).required === true);
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Check
        type="switch"
        // Read as the on/off setting it is (Bootstrap draws a switch over a plain checkbox).
        role="switch"
        name="required"
        label={uzCatalog.optionRequired}
        checked={value}
        onChange={(event) => actor.send({ type: 'dialog.change', values: { required: event.target.checked } })}
        aria-describedby={`${id}-help`}
      />
      <Form.Text id={`${id}-help`} muted>
        {uzCatalog.optionRequiredHelp}
      </Form.Text>
    </Form.Group>
  );
}
