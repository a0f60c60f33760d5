import type { Executor } from '../db/client';
import { unreferencedImages } from '../repositories/categories';
import {
  dueStorageDeletions,
  forgetStorageDeletions,
  insertStorageDeletions,
  postponeStorageDeletions,
} from '../repositories/storage-deletions';
import type { ImageStore } from './image-store';
import { storedFileNames, storedNameOf } from './storage';

/**
 * The queue of stored images to remove (`storage_deletions`). A change that stops showing images queues them in its
 * own transaction (domain/deletion.ts), so the removal survives a crash between the commit and the store's answer,
 * and a store that fails: the change tries the removal right after its commit, and the `storage-deletions` job
 * (jobs/storage-deletions.ts) drains the queue, removing again what is still there (a removal is idempotent) and
 * trying a failed one later and later, up to every six hours, until the store takes it.
 */

/** Keys drained per statement and per store request. */
const BATCH = 500;

/** Queues stored image keys for removal (anything not a key of ours is left out); in the caller's transaction. */
export async function queueStorageDeletions(tx: Executor, keys: Iterable<string>): Promise<void> {
  await insertStorageDeletions(
    tx,
    [...new Set(keys)].filter((key) => storedNameOf(key) !== undefined),
  );
}

export interface DrainOptions {
  /** The time rows are due by (tests move it); default: the database's clock. */
  now?: Date;
  signal?: AbortSignal;
}

/**
 * Removes the queued images that are due and still shown by nothing, and forgets those something shows again (a key
 * is never reused, but a product may have been given an image a deleted one had). Answers how many images were
 * removed. A store that fails leaves its batch queued with a later retry and the error, and throws.
 */
export async function drainStorageDeletions(
  db: Executor,
  store: ImageStore,
  options: DrainOptions = {},
): Promise<number> {
  let removed = 0;
  while (!options.signal?.aborted) {
    const keys = await dueStorageDeletions(db, BATCH, options.now);
    if (keys.length === 0) break;
    const unused = await unreferencedImages(db, keys);
    try {
      await store.remove(storedFileNames(unused));
    } catch (error) {
      await postponeStorageDeletions(db, keys, error instanceof Error ? error.message : String(error), options.now);
      throw error;
    }
    await forgetStorageDeletions(db, keys);
    removed += unused.length;
  }
  return removed;
}
