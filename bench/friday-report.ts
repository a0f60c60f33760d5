import type { DinerAction } from './friday-evening';
import { table } from './measure';

/** What the Friday evening (bench/friday.ts) measured, and its table, goals and last line. */

/** An order's event later than this after its answer is an error. */
export const EVENT_DEADLINE_MS = 5_000;
/** How long after the last answer late events are still waited for, so that their times are known. */
export const STRAGGLERS_MS = 30_000;
const GOALS = { orderP99Ms: 300, eventP99Ms: 1_000 };

export interface Answered {
  action: DinerAction;
  sentAt: number;
  answeredAt: number;
  /** The order's or call's id. */
  id: string;
}

export interface Failure {
  what: 'order' | 'call' | 'event';
  message: string;
}

export interface OnScreen {
  /**
   * From the order's 201 (as the diner saw it) to its event at the stream; below 0 when the event came first. An
   * event that never came counts as the time it was waited for.
   */
  afterAnswerMs: number;
  /** From sending the order (the diner's tap) to its event. */
  afterSendMs: number;
  never: boolean;
  /** The process whose stream it came on (the restaurant's: 0 or 1). */
  streamProcess: number;
  /** Placed on the other process than the stream's: the event crossed processes through PostgreSQL's NOTIFY. */
  crossed: boolean;
}

export interface Evening {
  sent: number;
  orders: Answered[];
  calls: Answered[];
  /** Each order's event at its restaurant's stream. */
  onScreen: OnScreen[];
  failures: Failure[];
  elapsedMs: number;
}

/** The nearest-rank percentile, in whole milliseconds. */
function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!);
}

/** A table row; `errors` left out on the rows that break a row above down. */
function row(what: string, durations: number[], seconds: number, errors?: number) {
  return {
    what,
    count: durations.length,
    'per s': (durations.length / seconds).toFixed(1),
    'p50 ms': percentile(durations, 50),
    'p99 ms': percentile(durations, 99),
    'max ms': percentile(durations, 100),
    errors: errors ?? '',
  };
}

const afterAnswer = (events: OnScreen[]) => events.map((event) => Math.max(0, event.afterAnswerMs));

export function reportEvening(evening: Evening): void {
  const seconds = evening.elapsedMs / 1000;
  const took = (answered: Answered[]) => answered.map((r) => r.answeredAt - r.sentAt);
  const failed = (what: Failure['what']) => evening.failures.filter((failure) => failure.what === what).length;
  const via = (server: number) => evening.orders.filter((order) => order.action.process === server);
  const onScreen = (which: (event: OnScreen) => boolean) => evening.onScreen.filter(which);
  console.log(
    `\n${evening.sent} diners' requests over ${seconds.toFixed(1)} s, two server processes on one PostgreSQL ` +
      'database, loopback.\n',
  );
  console.log(
    table([
      row('POST orders (send → 201)', took(evening.orders), seconds, failed('order')),
      row('  of them via process 1', took(via(0)), seconds),
      row('  of them via process 2', took(via(1)), seconds),
      row('POST calls (send → 201)', took(evening.calls), seconds, failed('call')),
      row('order.created on its stream (201 → event)', afterAnswer(evening.onScreen), seconds, failed('event')),
      row('  on the streams of process 1', afterAnswer(onScreen((e) => e.streamProcess === 0)), seconds),
      row('  on the streams of process 2', afterAnswer(onScreen((e) => e.streamProcess === 1)), seconds),
      row('  placed on the other process', afterAnswer(onScreen((e) => e.crossed)), seconds),
      row(
        '  from sending (the diner’s tap)',
        evening.onScreen.map((e) => e.afterSendMs),
        seconds,
      ),
    ]),
  );
  for (const failure of evening.failures.slice(0, 5)) console.log(`  error: ${failure.message}`);
  if (evening.failures.length > 5) console.log(`  … and ${evening.failures.length - 5} more errors`);
  const never = evening.onScreen.filter((event) => event.never).length;
  if (never > 0) {
    console.log(`  ${never} events never came within ${STRAGGLERS_MS / 1000} s: counted above at the time waited.`);
  }
  const orderP99 = percentile(took(evening.orders), 99);
  const eventP99 = percentile(afterAnswer(evening.onScreen), 99);
  const errors = evening.failures.length;
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(
    `\nGoals: 0 errors — ${met(errors === 0)} (${errors});` +
      ` order p99 ≤ ${GOALS.orderP99Ms} ms — ${met(orderP99 <= GOALS.orderP99Ms)};` +
      ` every order on the staff screens within ${GOALS.eventP99Ms} ms at p99 — ${met(eventP99 <= GOALS.eventP99Ms)}.`,
  );
  console.log(
    `friday: orders/s ${(evening.orders.length / seconds).toFixed(1)}, p99 ${orderP99} ms, events p99 ${eventP99} ms`,
  );
}
