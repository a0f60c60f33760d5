import { NBSP } from './format';
import { uzInsights } from './uz-insights';

/** The owner's report's numbers as the panel and the Telegram digest write them. */

/** `12345` → `12 345`: digit groups as money is written, with no-break spaces. */
export function formatCount(value: number): string {
  const whole = Math.trunc(value);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${whole < 0 ? '-' : ''}${digits}`;
}

/**
 * Whole seconds as a person says them: `130` → `2 daq 10 s`, `45` → `45 s`, `3900` → `1 soat 5 daq` (seconds do not
 * matter beside hours), `120` → `2 daq`. No-break spaces keep a figure on one line; null (nothing measured) is a dash.
 */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return uzInsights.notMeasured;
  const total = Math.round(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  const part = (value: number, unit: string) => `${value}${NBSP}${unit}`;
  if (hours > 0) {
    return minutes > 0
      ? `${part(hours, uzInsights.hoursUnit)}${NBSP}${part(minutes, uzInsights.minutesUnit)}`
      : part(hours, uzInsights.hoursUnit);
  }
  if (minutes > 0) {
    return rest > 0
      ? `${part(minutes, uzInsights.minutesUnit)}${NBSP}${part(rest, uzInsights.secondsUnit)}`
      : part(minutes, uzInsights.minutesUnit);
  }
  return part(rest, uzInsights.secondsUnit);
}

const MONTHS = [
  'yanvar',
  'fevral',
  'mart',
  'aprel',
  'may',
  'iyun',
  'iyul',
  'avgust',
  'sentabr',
  'oktabr',
  'noyabr',
  'dekabr',
];

/** `2026-05-12` → `12-may`: a chart's day, short enough for a phone's axis. */
export function dayLabel(day: string): string {
  const month = MONTHS[Number(day.slice(5, 7)) - 1];
  return month ? `${Number(day.slice(8, 10))}-${month}` : day;
}
