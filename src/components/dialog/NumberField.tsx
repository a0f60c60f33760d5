import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Form, InputGroup } from 'react-bootstrap';
import { selectErrors, selectValues } from '../../../machines/dialog/dialog.selectors';
import type { DialogActor } from './useDialogActor';

/**
 * A numeric input bound to a dialog actor (prices, counts): the value stays the text typed; the form's rules parse it.
 * A price by default (0 up, any decimals); `whole` with `min`/`max` makes it a count (the phone offers digits only).
 */
export function NumberField({
  actor,
  name,
  label,
  required,
  suffix,
  help,
  whole = false,
  min = 0,
  max,
}: {
  actor: DialogActor;
  name: string;
  label: string;
  required?: boolean;
  /** Shown after the input, e.g. so'm. */
  suffix?: string;
  /** A sentence under the field on what the number means (the row price: added to the product's price). */
  help?: string;
  /** A whole number (step 1, a digits keyboard). */
  whole?: boolean;
  min?: number;
  max?: number;
}) {
  const id = useId();
  const value = useSelector(actor, (s) => selectValues(s)[name]);
  const error = useSelector(actor, (s) => selectErrors(s)[name]);
  const input = (
    <Form.Control
      type="number"
      name={name}
      min={min}
      max={max}
      step={whole ? 1 : 'any'}
      inputMode={whole ? 'numeric' : 'decimal'}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => actor.send({ type: 'dialog.change', values: { [name]: event.target.value } })}
      isInvalid={Boolean(error)}
      aria-required={required}
      aria-describedby={help ? `${id}-help` : undefined}
    />
  );
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>
        {label}
        {required && (
          <span className="text-danger ms-1" aria-hidden>
            *
          </span>
        )}
      </Form.Label>
      {suffix ? (
        <InputGroup hasValidation>
          {input}
          <InputGroup.Text>{suffix}</InputGroup.Text>
          <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        </InputGroup>
      ) : (
        <>
          {input}
          <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        </>
      )}
      {help && (
        <Form.Text id={`${id}-help`} className="text-secondary">
          {help}
        </Form.Text>
      )}
    </Form.Group>
  );
}
