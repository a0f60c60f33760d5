import { uzDishFacts } from '../../lib/uz-dish-facts';
import type { ScheduleShape } from '../../machines/shared/schedule.rules';
import { scheduleText } from '../../machines/shared/schedule.selectors';
import { Icon } from './Icon';

/**
 * A clock with the hours a category or a dish is served only then ("Du–Ju 12:00–15:00"), for the lists; read aloud
 * as "Vaqt jadvali: …". Nothing when it is served always.
 */
export function ScheduleMark({ schedule }: { schedule: ScheduleShape | null | undefined }) {
  const text = scheduleText(schedule);
  if (!text) return null;
  return (
    <span className="schedule-mark small text-secondary text-nowrap" title={uzDishFacts.scheduledLabel(text)}>
      <Icon name="clock" size={14} />
      <span className="visually-hidden">{uzDishFacts.scheduleSection}:</span> {text}
    </span>
  );
}
