import { useSelector } from '@xstate/react';
import { type ReactNode, useId } from 'react';
import { Form } from 'react-bootstrap';
import { uz } from '../../../lib/uz';
import { selectErrors, selectValues } from '../../../machines/dialog/dialog.selectors';
import type { DialogActor } from './useDialogActor';

/** Inputs bound to a dialog actor: they show its values and errors and send `dialog.change`. */

interface FieldProps {
  actor: DialogActor;
  name: string;
  label: string;
  required?: boolean;
  help?: ReactNode;
}

function useField(actor: DialogActor, name: string) {
  const value = useSelector(actor, (s) => selectValues(s)[name]);
  const error = useSelector(actor, (s) => selectErrors(s)[name]);
  const change = (next: string | boolean) => actor.send({ type: 'dialog.change', values: { [name]: next } });
  return { value, error, change };
}

/**
 * What a screen reader needs of a field's state (Bootstrap's `is-invalid` is only a colour): `aria-invalid` while the
 * field has an error, and `aria-describedby` naming its help text and its error, so both are read with the field.
 */
function fieldDescription(id: string, error: string | undefined, hasHelp: boolean) {
  const described = [hasHelp && `${id}-help`, error && `${id}-error`].filter(Boolean).join(' ');
  return {
    helpId: `${id}-help`,
    errorId: `${id}-error`,
    aria: { 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined },
  };
}

export function TextField({
  actor,
  name,
  label,
  required,
  help,
  type = 'text',
  autoComplete,
  inputMode,
}: FieldProps & {
  type?: 'text' | 'password' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'tel' | 'numeric';
}) {
  const id = useId();
  const { value, error, change } = useField(actor, name);
  const { helpId, errorId, aria } = fieldDescription(id, error, Boolean(help));
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
      <Form.Control
        type={type}
        name={name}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => change(event.target.value)}
        isInvalid={Boolean(error)}
        aria-required={required}
        autoComplete={autoComplete}
        inputMode={inputMode}
        {...aria}
      />
      {help && (
        <Form.Text id={helpId} muted>
          {help}
        </Form.Text>
      )}
      <Form.Control.Feedback id={errorId} type="invalid">
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}

export function SelectField({
  actor,
  name,
  label,
  required,
  placeholder,
  options,
}: FieldProps & { placeholder: string; options: Array<{ value: string; label: string }> }) {
  const id = useId();
  const { value, error, change } = useField(actor, name);
  const { errorId, aria } = fieldDescription(id, error, false);
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
      <Form.Select
        name={name}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => change(event.target.value)}
        isInvalid={Boolean(error)}
        aria-required={required}
        {...aria}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
      <Form.Control.Feedback id={errorId} type="invalid">
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}

/** Spec section 4: the active flag is a Faol / Nofaol select. */
export function ActiveSelect({
  actor,
  name = 'is_active',
  label,
}: {
  actor: DialogActor;
  name?: string;
  label: string;
}) {
  const id = useId();
  const { value, change } = useField(actor, name);
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        name={name}
        value={value === false ? 'false' : 'true'}
        onChange={(e) => change(e.target.value === 'true')}
      >
        <option value="true">{uz.active}</option>
        <option value="false">{uz.inactive}</option>
      </Form.Select>
    </Form.Group>
  );
}
