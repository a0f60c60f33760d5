import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Button, Form } from 'react-bootstrap';
import type { ActorRefFrom } from 'xstate';
import { uzInsights } from '../../../lib/uz-insights';
import type { insightsMachine } from '../../../machines/insights/insights.machine';
import {
  selectCanChoosePeriod,
  selectChoice,
  selectDraft,
  selectPeriodText,
  selectRangeErrors,
  selectRangeOpen,
  selectToday,
} from '../../../machines/insights/insights.selectors';
import { PERIOD_PRESETS, type PeriodPreset, type RangeField } from '../../../machines/insights/period.rules';

type InsightsActor = ActorRefFrom<typeof insightsMachine>;

const PRESET_TEXT: Record<PeriodPreset, string> = {
  today: uzInsights.today,
  yesterday: uzInsights.yesterday,
  week: uzInsights.week,
  month: uzInsights.month,
};

/** The period: four presets and "Boshqa davr" (pressed shows which), the period's days, and the range form. */
export function PeriodPicker({ actor }: { actor: InsightsActor }) {
  const enabled = useSelector(actor, selectCanChoosePeriod);
  const choice = useSelector(actor, selectChoice);
  const periodText = useSelector(actor, selectPeriodText);
  const rangeOpen = useSelector(actor, selectRangeOpen);
  return (
    <div className="insights-period mb-3">
      <fieldset className="d-flex flex-wrap gap-2 border-0 p-0 m-0">
        <legend className="visually-hidden">{uzInsights.period}</legend>
        {PERIOD_PRESETS.map((preset) => (
          <Button
            key={preset}
            size="sm"
            variant={choice === preset ? 'primary' : 'outline-primary'}
            aria-pressed={choice === preset}
            disabled={!enabled}
            onClick={() => actor.send({ type: 'period.choose', preset })}
          >
            {PRESET_TEXT[preset]}
          </Button>
        ))}
        <Button
          size="sm"
          variant={choice === 'custom' ? 'primary' : 'outline-primary'}
          aria-pressed={choice === 'custom'}
          aria-expanded={rangeOpen}
          disabled={!enabled || rangeOpen}
          onClick={() => actor.send({ type: 'range.open' })}
        >
          {uzInsights.custom}
        </Button>
      </fieldset>
      <p className="small text-secondary mt-2 mb-0" data-testid="insights-period">
        {uzInsights.period}: {periodText}
      </p>
      {rangeOpen && <RangeForm actor={actor} />}
    </div>
  );
}

/** "Boshqa davr": the first and the last day, what is wrong with them said as they are chosen. */
function RangeForm({ actor }: { actor: InsightsActor }) {
  const draft = useSelector(actor, selectDraft);
  const errors = useSelector(actor, selectRangeErrors);
  const today = useSelector(actor, selectToday);
  const canApply = useSelector(actor, (s) => s.can({ type: 'range.apply' }));
  const id = useId();
  const field = (name: RangeField, label: string) => (
    <Form.Group controlId={`${id}-${name}`} className="insights-range-field">
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Control
        type="date"
        size="sm"
        value={draft[name]}
        max={today}
        isInvalid={errors[name] !== undefined}
        onChange={(event) => actor.send({ type: 'range.change', field: name, value: event.target.value })}
      />
      <Form.Control.Feedback type="invalid">{errors[name]}</Form.Control.Feedback>
    </Form.Group>
  );
  return (
    <Form
      className="insights-range mt-2"
      data-testid="insights-range"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'range.apply' });
      }}
    >
      {field('from', uzInsights.rangeFrom)}
      {field('to', uzInsights.rangeTo)}
      <div className="d-flex gap-2 align-items-end">
        <Button type="submit" size="sm" disabled={!canApply}>
          {uzInsights.rangeApply}
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={() => actor.send({ type: 'range.close' })}>
          {uzInsights.rangeClose}
        </Button>
      </div>
    </Form>
  );
}
