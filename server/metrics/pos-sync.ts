import { Counter, Histogram, type Registry } from 'prom-client';

/** How a POS sync ended. */
export type SyncOutcome = 'ok' | 'failed';

export interface SyncMetrics {
  /** One sync of one restaurant ended (by hand or on the schedule) after `seconds`. */
  syncEnded(seconds: number, outcome: SyncOutcome): void;
}

/** POS sync durations by outcome, and the failures counted on their own so an alert needs no arithmetic. */
export function posSyncMetrics(registry: Registry): SyncMetrics {
  const durations = new Histogram({
    name: 'menyu_pos_sync_duration_seconds',
    help: "One restaurant's POS sync (menu, stop-list, tables), by outcome (ok, failed).",
    labelNames: ['outcome'],
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [registry],
  });
  const failures = new Counter({
    name: 'menyu_pos_sync_failures_total',
    help: "POS syncs that failed (the POS away or refusing, a timeout, a write that failed); each is a restaurant's failed run.",
    registers: [registry],
  });
  for (const outcome of ['ok', 'failed'] as const) durations.zero({ outcome });
  return {
    syncEnded(seconds, outcome) {
      durations.observe({ outcome }, seconds);
      if (outcome === 'failed') failures.inc();
    },
  };
}
