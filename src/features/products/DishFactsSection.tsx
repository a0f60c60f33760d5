import { useSelector } from '@xstate/react';
import { Fragment, useId } from 'react';
import { Form, InputGroup } from 'react-bootstrap';
import {
  ALLERGEN_NAMES,
  ALLERGENS,
  DISH_TAG_NAMES,
  DISH_TAGS,
  MAX_SPICINESS,
  PORTION_UNIT_NAMES,
  PORTION_UNITS,
  SPICINESS_NAMES,
} from '../../../lib/dish-facts';
import { uzDishFacts } from '../../../lib/uz-dish-facts';
import { selectErrors, selectValues } from '../../../machines/dialog/dialog.selectors';
import {
  FACT_KEYS,
  parseAllergens,
  parseSpiciness,
  parseTags,
  withItemToggled,
} from '../../../machines/products/dishFacts.rules';
import { selectFactsHaveErrors, selectFactsSummary } from '../../../machines/products/dishFacts.selectors';
import { ChipToggles } from '../../components/dialog/ChipToggles';
import { FormSection } from '../../components/dialog/FormSection';
import { NumberField } from '../../components/dialog/NumberField';
import type { DialogActor } from '../../components/dialog/useDialogActor';

const LEVELS = Array.from({ length: MAX_SPICINESS + 1 }, (_, level) => level);

/**
 * "Taom haqida", folded in the product form: the portion (a number and g / ml / dona), calories, spiciness as a
 * row of four choices, and the tags and allergens as chips from their fixed lists. Every fact is optional; the
 * values and their checks are the dialog machine's (machines/products/dishFacts.rules.ts).
 */
export function DishFactsSection({ actor }: { actor: DialogActor }) {
  const summary = useSelector(actor, selectFactsSummary);
  const hasErrors = useSelector(actor, selectFactsHaveErrors);
  const values = useSelector(actor, selectValues);
  const send = (key: string, value: string) => actor.send({ type: 'dialog.change', values: { [key]: value } });
  return (
    <FormSection title={uzDishFacts.factsSection} summary={summary} hasErrors={hasErrors} testId="facts-section">
      <div className="row g-2">
        <div className="col-6">
          <PortionField actor={actor} />
        </div>
        <div className="col-6">
          <NumberField
            actor={actor}
            name={FACT_KEYS.calories}
            label={uzDishFacts.calories}
            suffix={uzDishFacts.caloriesUnit}
            whole
          />
        </div>
      </div>
      <SpicinessChoice actor={actor} />
      <ChipToggles
        legend={uzDishFacts.tags}
        items={DISH_TAGS}
        chosen={parseTags(values[FACT_KEYS.tags])}
        label={(tag) => DISH_TAG_NAMES[tag].uz}
        onToggle={(tag) => send(FACT_KEYS.tags, withItemToggled(values[FACT_KEYS.tags], tag, DISH_TAGS))}
      />
      <ChipToggles
        legend={uzDishFacts.allergens}
        help={uzDishFacts.allergensHelp}
        items={ALLERGENS}
        chosen={parseAllergens(values[FACT_KEYS.allergens])}
        label={(allergen) => ALLERGEN_NAMES[allergen].uz}
        onToggle={(allergen) =>
          send(FACT_KEYS.allergens, withItemToggled(values[FACT_KEYS.allergens], allergen, ALLERGENS))
        }
      />
    </FormSection>
  );
}

/** The portion: a whole number and its unit side by side. */
function PortionField({ actor }: { actor: DialogActor }) {
  const id = useId();
  const value = useSelector(actor, (s) => selectValues(s)[FACT_KEYS.portionValue]);
  const unit = useSelector(actor, (s) => selectValues(s)[FACT_KEYS.portionUnit]);
  const error = useSelector(actor, (s) => selectErrors(s)[FACT_KEYS.portionValue]);
  const send = (key: string, next: string) => actor.send({ type: 'dialog.change', values: { [key]: next } });
  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={id}>{uzDishFacts.portion}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          id={id}
          type="number"
          name={FACT_KEYS.portionValue}
          min={1}
          step={1}
          inputMode="numeric"
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => send(FACT_KEYS.portionValue, event.target.value)}
          isInvalid={Boolean(error)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Form.Select
          name={FACT_KEYS.portionUnit}
          aria-label={uzDishFacts.portionUnit}
          className="flex-grow-0 w-auto"
          value={typeof unit === 'string' ? unit : 'g'}
          onChange={(event) => send(FACT_KEYS.portionUnit, event.target.value)}
        >
          {PORTION_UNITS.map((u) => (
            <option key={u} value={u}>
              {PORTION_UNIT_NAMES[u].uz}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback id={`${id}-error`} type="invalid">
          {error}
        </Form.Control.Feedback>
      </InputGroup>
    </Form.Group>
  );
}

/** Spiciness 0–3 as one row of radios drawn as buttons; each level's name is its accessible name. */
function SpicinessChoice({ actor }: { actor: DialogActor }) {
  const id = useId();
  const level = useSelector(actor, (s) => parseSpiciness(selectValues(s)[FACT_KEYS.spiciness]));
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-1">{uzDishFacts.spiciness}</legend>
      <div className="btn-group segmented-choice">
        {LEVELS.map((n) => (
          <Fragment key={n}>
            <input
              type="radio"
              className="btn-check"
              name={`${id}-spiciness`}
              id={`${id}-spiciness-${n}`}
              checked={level === n}
              onChange={() => actor.send({ type: 'dialog.change', values: { [FACT_KEYS.spiciness]: String(n) } })}
              aria-label={n === 0 ? uzDishFacts.spicinessNone : SPICINESS_NAMES[n as 1 | 2 | 3].uz}
            />
            <label className="btn btn-outline-secondary" htmlFor={`${id}-spiciness-${n}`}>
              {n === 0 ? uzDishFacts.spicinessNone : '🌶'.repeat(n)}
            </label>
          </Fragment>
        ))}
      </div>
    </fieldset>
  );
}
