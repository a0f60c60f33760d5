import './formSection.css';
import { Form } from 'react-bootstrap';

/**
 * A choice of several from a short fixed list, as chips: each a button whose `aria-pressed` says whether it is chosen
 * (screen readers announce "toggle button, pressed"), in a fieldset named by its legend. The chosen items come from
 * the machine; a tap sends what the caller makes of it.
 */
export function ChipToggles<T extends string | number>({
  legend,
  items,
  chosen,
  label,
  spoken,
  onToggle,
  help,
  error,
  days = false,
}: {
  legend: string;
  items: readonly T[];
  chosen: readonly T[];
  /** The chip's text. */
  label: (item: T) => string;
  /** The chip's accessible name when its text is an abbreviation ("Du" is read "Dushanba"). */
  spoken?: (item: T) => string;
  onToggle: (item: T) => void;
  help?: string;
  error?: string;
  /** Short day chips: narrower. */
  days?: boolean;
}) {
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-1">{legend}</legend>
      {help && (
        <Form.Text muted as="p" className="mb-2">
          {help}
        </Form.Text>
      )}
      <div className={`chip-toggles${days ? ' is-days' : ''}`}>
        {items.map((item) => {
          const on = chosen.includes(item);
          return (
            <button
              key={item}
              type="button"
              className={`btn btn-sm ${on ? 'btn-primary' : 'btn-outline-secondary'}`}
              aria-pressed={on}
              aria-label={spoken?.(item)}
              onClick={() => onToggle(item)}
            >
              {label(item)}
            </button>
          );
        })}
      </div>
      {error && (
        <div className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
    </fieldset>
  );
}
