import { timerOf } from '../../../machines/kitchen/kitchenDisplay.selectors';
import { kitchenTexts } from './kitchenTexts';

const two = (n: number) => String(n).padStart(2, '0');

/** Since placed: `mm:ss` for the first hour, then minutes (`75 daq`). */
export function timerText(minutes: number, seconds: number): string {
  return minutes < 60 ? `${two(minutes)}:${two(seconds)}` : kitchenTexts.timerLong(minutes);
}

/** The time since the order was placed, amber and red past the station's minutes. */
export function OrderTimer({
  createdAt,
  now,
  amber,
  red,
}: {
  createdAt: string;
  now: number;
  amber: number;
  red: number;
}) {
  const { minutes, seconds, level } = timerOf(createdAt, now, amber, red);
  const shown = timerText(minutes, seconds);
  return (
    <span className={`kitchen-timer kitchen-timer-${level}`} role="timer" aria-label={kitchenTexts.timerLabel(shown)}>
      {shown}
    </span>
  );
}
