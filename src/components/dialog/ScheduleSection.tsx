import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { OUTSIDE_MODES, type OutsideMode, WEEKDAYS } from '../../../lib/schedule-types';
import { uzDishFacts, WEEKDAY_FULL, WEEKDAY_SHORT } from '../../../lib/uz-dish-facts';
import { selectErrors, selectValues } from '../../../machines/dialog/dialog.selectors';
import { parseDays, SCHEDULE_KEYS, withDayToggled } from '../../../machines/shared/schedule.rules';
import {
  selectScheduleAlways,
  selectScheduleHasErrors,
  selectScheduleSummary,
} from '../../../machines/shared/schedule.selectors';
import { ChipToggles } from './ChipToggles';
import { FormSection } from './FormSection';
import type { DialogActor } from './useDialogActor';

const OUTSIDE_NAMES: Record<OutsideMode, string> = {
  grey: uzDishFacts.outsideGrey,
  hide: uzDishFacts.outsideHide,
};

/**
 * When a category or a dish is served, folded under "Vaqt jadvali" (the category and product forms alike): "Har
 * doim", or the days, the hours and what the menu does outside them. The values and their checks are the dialog
 * machine's (machines/shared/schedule.rules.ts).
 */
export function ScheduleSection({ actor }: { actor: DialogActor }) {
  const summary = useSelector(actor, selectScheduleSummary);
  const hasErrors = useSelector(actor, selectScheduleHasErrors);
  return (
    <FormSection title={uzDishFacts.scheduleSection} summary={summary} hasErrors={hasErrors} testId="schedule-section">
      <ScheduleFields actor={actor} />
    </FormSection>
  );
}

function ScheduleFields({ actor }: { actor: DialogActor }) {
  const id = useId();
  const always = useSelector(actor, selectScheduleAlways);
  const values = useSelector(actor, selectValues);
  const errors = useSelector(actor, selectErrors);
  const change = (key: string, value: string | boolean) =>
    actor.send({ type: 'dialog.change', values: { [key]: value } });
  const text = (key: string) => {
    const value = values[key];
    return typeof value === 'string' ? value : '';
  };
  return (
    <>
      <Form.Group className="mb-3">
        <Form.Check
          type="switch"
          id={`${id}-always`}
          name={SCHEDULE_KEYS.always}
          label={uzDishFacts.scheduleAlways}
          checked={always}
          onChange={(event) => change(SCHEDULE_KEYS.always, event.target.checked)}
          aria-describedby={`${id}-always-help`}
        />
        <Form.Text id={`${id}-always-help`} muted>
          {uzDishFacts.scheduleAlwaysHelp}
        </Form.Text>
      </Form.Group>
      {!always && (
        <>
          <ChipToggles
            legend={uzDishFacts.scheduleDays}
            items={WEEKDAYS}
            chosen={parseDays(values[SCHEDULE_KEYS.days])}
            label={(day) => WEEKDAY_SHORT[day - 1]!}
            spoken={(day) => WEEKDAY_FULL[day - 1]!}
            onToggle={(day) => change(SCHEDULE_KEYS.days, withDayToggled(values[SCHEDULE_KEYS.days], day))}
            error={errors[SCHEDULE_KEYS.days]}
            days
          />
          <div className="row g-2">
            <TimeField
              name={SCHEDULE_KEYS.from}
              label={uzDishFacts.scheduleFrom}
              value={text(SCHEDULE_KEYS.from)}
              error={errors[SCHEDULE_KEYS.from]}
              onChange={(value) => change(SCHEDULE_KEYS.from, value)}
            />
            <TimeField
              name={SCHEDULE_KEYS.to}
              label={uzDishFacts.scheduleTo}
              value={text(SCHEDULE_KEYS.to)}
              error={errors[SCHEDULE_KEYS.to]}
              onChange={(value) => change(SCHEDULE_KEYS.to, value)}
            />
          </div>
          <Form.Text as="p" muted className="mb-3">
            {uzDishFacts.scheduleToHelp}
          </Form.Text>
          <fieldset className="mb-3">
            <legend className="form-label fs-6 mb-1">{uzDishFacts.scheduleOutside}</legend>
            {OUTSIDE_MODES.map((mode) => (
              <Form.Check
                key={mode}
                inline
                type="radio"
                id={`${id}-outside-${mode}`}
                name={`${id}-${SCHEDULE_KEYS.outside}`}
                label={OUTSIDE_NAMES[mode]}
                checked={values[SCHEDULE_KEYS.outside] === mode}
                onChange={() => change(SCHEDULE_KEYS.outside, mode)}
              />
            ))}
          </fieldset>
        </>
      )}
    </>
  );
}

/** "HH:MM" with the phone's own time picker. */
function TimeField({
  name,
  label,
  value,
  error,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <Form.Group className="col-6 mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="time"
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <Form.Control.Feedback id={`${id}-error`} type="invalid">
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
