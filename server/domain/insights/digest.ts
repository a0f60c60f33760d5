import { type DueDigest, dueDigests, queueDigest } from '../../repositories/telegram-outbox';
import { digestMessage } from '../../telegram/digest-message';
import type { DomainDeps } from '../deps';
import { parsePeriod } from './period';
import { insightsReport } from './report';

/** A digest sent before noon tells of the day before; from noon on, of the day it is sent on (until then). */
const YESTERDAY_BEFORE = '12:00';

/** The day a restaurant's digest tells of. */
export function digestDay(due: Pick<DueDigest, 'digest_time' | 'today' | 'yesterday'>): string {
  return due.digest_time < YESTERDAY_BEFORE ? due.yesterday : due.today;
}

/**
 * Queues the digests that are due (their time has come today in the restaurant's time zone, not queued yet today)
 * through Telegram's outbox, each once across processes (queueDigest). Answers how many were queued.
 */
export async function queueDueDigests(deps: DomainDeps): Promise<number> {
  let queued = 0;
  for (const due of await dueDigests(deps.db)) {
    const day = digestDay(due);
    const report = await insightsReport(deps.db, {
      restaurantId: due._id,
      period: parsePeriod(day, day),
      timeZone: due.time_zone,
    });
    const body = digestMessage(due.name, {
      day,
      ...report,
      top: report.dishes.filter((dish) => dish.orders > 0),
    });
    const done = await deps.work(async (w) => {
      const written = await queueDigest(w.tx, due._id, due.today, body);
      if (written) w.outboxWritten();
      return written;
    });
    if (done) queued += 1;
  }
  return queued;
}
