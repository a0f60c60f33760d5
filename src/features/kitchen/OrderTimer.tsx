import { secondsSince, timerOf } from '../../../machines/kitchen/kitchenDisplay.selectors';
import { useClockValue } from './kitchenClock';
import { kitchenTexts } from './kitchenTexts';

const two = (n: number) => String(n).padStart(2, '0');

/** Since placed: `mm:ss` for the first hour, then minutes (`75 daq`). */
export function timerText(minutes: number, seconds: number): string {
  return minutes < 60 ? `${two(minutes)}:${two(seconds)}` : kitchenTexts.timerLong(minutes);
}

/**
 * The time since the order was placed, amber and red past the station's minutes. It reads the display's one clock
 * (kitchenClock.ts): only this timer renders again at a tick, and every timer of one order says the same.
 */
export function OrderTimer({ createdAt, amber, red }: { createdAt: string; amber: number; red: number }) {
  const elapsed = useClockValue((now) => secondsSince(createdAt, now));
  const { minutes, seconds, level } = timerOf(createdAt, Date.parse(createdAt) + elapsed * 1000, amber, red);
  const shown = timerText(minutes, seconds);
  return (
    <span className={`kitchen-timer kitchen-timer-${level}`} role="timer" aria-label={kitchenTexts.timerLabel(shown)}>
      {shown}
    </span>
  );
}
