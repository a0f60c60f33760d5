import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { uzCatalog } from '../../../lib/uz-catalog';
import { selectValues } from '../../../machines/dialog/dialog.selectors';
import { OPTION_CHOICES_LIMIT } from '../../../machines/options/optionForm.rules';
import { NumberField } from '../../components/dialog/NumberField';
import type { DialogActor } from '../../components/dialog/useDialogActor';

/**
 * An option's `required` setting: the diner must choose at least one of its rows (a portion). A switch with the
 * sentence that says what it does to the menu.
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

/**
 * How many of the option's rows a diner chooses: the 'Majburiy' switch, under it (only while it is on) the fewest
 * ('Kamida', min_choices), then the most ('Ko'pi bilan', max_choices: 1 a portion's one row, more several extras).
 */
export function OptionChoiceFields({ actor }: { actor: DialogActor }) {
  const required = useSelector(actor, (s) => selectValues(s).required === true);
  return (
    <>
      <RequiredSwitch actor={actor} />
      {required && (
        <NumberField
          actor={actor}
          name="min_choices"
          label={uzCatalog.optionMinChoices}
          required
          whole
          min={1}
          max={OPTION_CHOICES_LIMIT}
          help={uzCatalog.optionMinChoicesHelp}
        />
      )}
      <NumberField
        actor={actor}
        name="max_choices"
        label={uzCatalog.optionMaxChoices}
        required
        whole
        min={1}
        max={OPTION_CHOICES_LIMIT}
        help={uzCatalog.optionMaxChoicesHelp}
      />
    </>
  );
}
