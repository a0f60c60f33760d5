import './workingHours.css';
import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { Button, Card, Form, Spinner } from 'react-bootstrap';
import { uzDishFacts, WEEKDAY_FULL } from '../../../lib/uz-dish-facts';
import { type WorkingHoursActor, workingHoursMachine } from '../../../machines/restaurants/workingHours.machine';
import {
  DAY_KEYS,
  type DayKey,
  type HoursInterval,
  intervalKey,
} from '../../../machines/restaurants/workingHours.rules';
import {
  selectCanAdd,
  selectHoursErrors,
  selectHoursValues,
  selectIsSaving,
  selectSaveResult,
  selectTimeZoneOptions,
  selectUnsaved,
} from '../../../machines/restaurants/workingHours.selectors';
import { Icon } from '../../components/Icon';

const fullName = (day: DayKey) => WEEKDAY_FULL[Number(day) - 1]!;
const FIRST_DAY: DayKey = '1';
const sameZones = (a: Array<{ value: string }>, b: Array<{ value: string }>) =>
  a.map((zone) => zone.value).join() === b.map((zone) => zone.value).join();

/**
 * The restaurant page's "Ish vaqti" (admins and the owning manager): the time zone its hours and its menu's schedules
 * are read in, and the working hours: "Har doim ochiq", or each weekday closed or open in one or more intervals, with
 * "Har kuni bir xil" to put Monday's hours on every day. Saved as one change (the workingHours machine, which lives
 * as long as the section).
 */
export function WorkingHoursPanel({
  slug,
  restaurant,
}: {
  slug: string;
  restaurant: { time_zone?: unknown; working_hours?: unknown };
}) {
  const titleId = useId();
  const hours = useActorRef(workingHoursMachine, { input: { slug, restaurant } });
  const values = useSelector(hours, selectHoursValues);
  const errors = useSelector(hours, selectHoursErrors);
  const saving = useSelector(hours, selectIsSaving);
  const unsaved = useSelector(hours, selectUnsaved);
  const zones = useSelector(hours, selectTimeZoneOptions, sameZones);
  const result = useSelector(hours, selectSaveResult, (a, b) => a?.ok === b?.ok && a?.message === b?.message);
  const tone = result ? (result.ok ? 'text-success' : 'text-danger') : '';
  return (
    <Card as="section" className="shadow-sm" aria-labelledby={titleId} data-testid="working-hours">
      <Card.Body>
        <h2 id={titleId} className="h5">
          {uzDishFacts.hoursTitle}
        </h2>
        <p className="small text-secondary mb-3">{uzDishFacts.hoursAbout}</p>
        <Form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            hours.send({ type: 'hours.save' });
          }}
        >
          <fieldset disabled={saving}>
            <Form.Group className="mb-3" controlId={`${titleId}-zone`}>
              <Form.Label>{uzDishFacts.timeZone}</Form.Label>
              <Form.Select
                name="time_zone"
                value={values.time_zone}
                onChange={(event) => hours.send({ type: 'hours.timeZone', zone: event.target.value })}
                isInvalid={Boolean(errors.time_zone)}
              >
                {zones.map((zone) => (
                  <option key={zone.value} value={zone.value}>
                    {zone.label}
                  </option>
                ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{errors.time_zone}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="mb-3">
              <Form.Check
                type="switch"
                id={`${titleId}-always`}
                name="always_open"
                label={uzDishFacts.alwaysOpen}
                checked={values.always_open}
                onChange={(event) => hours.send({ type: 'hours.alwaysOpen', on: event.target.checked })}
                aria-describedby={`${titleId}-always-help`}
              />
              <Form.Text id={`${titleId}-always-help`} muted>
                {uzDishFacts.alwaysOpenHelp}
              </Form.Text>
            </Form.Group>
            {!values.always_open && (
              <div className="working-days mb-3">
                {DAY_KEYS.map((day) => (
                  <DayHours key={day} actor={hours} day={day} intervals={values.days[day]} errors={errors} />
                ))}
              </div>
            )}
          </fieldset>
          <div className="d-flex flex-wrap align-items-center gap-2">
            <Button type="submit" variant="primary" disabled={saving} aria-busy={saving || undefined}>
              {saving && <Spinner size="sm" className="me-1" aria-hidden />}
              {uzDishFacts.hoursSave}
            </Button>
            {unsaved && !saving && <span className="small text-warning-emphasis">{uzDishFacts.hoursUnsaved}</span>}
          </div>
        </Form>
        {/* Always in the page, so that a screen reader hears each result as it arrives. */}
        <div role="status" className={`small mt-2 ${tone}`} data-testid="working-hours-result">
          {result?.message}
        </div>
      </Card.Body>
    </Card>
  );
}

/** One weekday: open or a day off, and while open its intervals, each removable, and one more to add. */
function DayHours({
  actor,
  day,
  intervals,
  errors,
}: {
  actor: WorkingHoursActor;
  day: DayKey;
  intervals: HoursInterval[];
  errors: Record<string, string>;
}) {
  const id = useId();
  const canAdd = useSelector(actor, selectCanAdd(day));
  const name = fullName(day);
  const open = intervals.length > 0;
  return (
    <fieldset className="working-day border-top pt-2" data-testid={`working-day-${day}`}>
      <legend className="working-day-name fs-6 fw-semibold mb-0">{name}</legend>
      <Form.Check
        type="switch"
        id={`${id}-open`}
        className="working-day-open mb-0"
        label={open ? uzDishFacts.dayOpenShort : uzDishFacts.dayOff}
        aria-label={uzDishFacts.dayOpen(name)}
        checked={open}
        onChange={(event) => actor.send({ type: 'hours.dayOpen', day, open: event.target.checked })}
      />
      {intervals.map((interval, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an interval is its place in the day (the machine names it so); its inputs are controlled
        <div key={`${day}-${index}`} className="working-interval d-flex align-items-start gap-2 mt-2">
          <TimeInput
            actor={actor}
            day={day}
            index={index}
            part="from"
            value={interval.from}
            label={uzDishFacts.intervalFrom(name, index + 1)}
            error={errors[intervalKey(day, index, 'from')]}
          />
          <span className="pt-2" aria-hidden>
            –
          </span>
          <TimeInput
            actor={actor}
            day={day}
            index={index}
            part="to"
            value={interval.to}
            label={uzDishFacts.intervalTo(name, index + 1)}
            error={errors[intervalKey(day, index, 'to')]}
          />
          <Button
            variant="outline-secondary"
            className="working-interval-remove"
            aria-label={uzDishFacts.removeIntervalFor(name, index + 1)}
            onClick={() => actor.send({ type: 'hours.remove', day, index })}
          >
            <Icon name="trash" />
          </Button>
        </div>
      ))}
      {open && (
        <div className="d-flex flex-wrap gap-2 mt-2 mb-2">
          {canAdd && (
            <Button
              variant="link"
              size="sm"
              className="px-0"
              aria-label={uzDishFacts.addIntervalFor(name)}
              onClick={() => actor.send({ type: 'hours.add', day })}
            >
              <Icon name="plus" /> {uzDishFacts.addInterval}
            </Button>
          )}
          {day === FIRST_DAY && (
            <Button
              variant="outline-primary"
              size="sm"
              title={uzDishFacts.sameEveryDayHelp(name)}
              onClick={() => actor.send({ type: 'hours.sameEveryDay', day })}
            >
              {uzDishFacts.sameEveryDay}
            </Button>
          )}
        </div>
      )}
    </fieldset>
  );
}

function TimeInput({
  actor,
  day,
  index,
  part,
  value,
  label,
  error,
}: {
  actor: WorkingHoursActor;
  day: DayKey;
  index: number;
  part: keyof HoursInterval;
  value: string;
  label: string;
  error: string | undefined;
}) {
  const id = useId();
  return (
    <div className="flex-grow-1">
      <Form.Control
        type="time"
        aria-label={label}
        value={value}
        onChange={(event) => actor.send({ type: 'hours.time', day, index, part, value: event.target.value })}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <Form.Control.Feedback id={`${id}-error`} type="invalid">
        {error}
      </Form.Control.Feedback>
    </div>
  );
}
