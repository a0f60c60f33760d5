import type { Db } from '../db/client';
import { drainStorageDeletions } from '../uploads/deletion-queue';
import type { ImageStore } from '../uploads/image-store';
import type { Scheduler } from './scheduler';

const MINUTE = 60 * 1000;
/** A round every minute: a queued removal the change could not make itself waits about that long. */
export const STORAGE_DELETIONS_EVERY_MS = MINUTE;

/**
 * Drains the queue of images to remove (uploads/deletion-queue.ts) once across the processes on the database. Most
 * were removed right after their change committed, so a round is quiet; one whose store fails is logged by the
 * scheduler, and its images are tried again later.
 */
export function scheduleStorageDeletions(jobs: Scheduler, db: Db, store: ImageStore): void {
  jobs.every(
    'storage-deletions',
    STORAGE_DELETIONS_EVERY_MS,
    ({ signal }) => drainStorageDeletions(db, store, { signal }),
    {
      firstAfterMs: MINUTE,
    },
  );
}
