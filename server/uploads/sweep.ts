import type { Executor } from '../db/client';
import { unreferencedImages } from '../repositories/categories';
import { removeStoredFiles, UPLOADS_URL_PREFIX } from './storage';
import { imageStoreFor } from './stores';

/**
 * How long an image may wait for the row that uses it. The product form uploads images before the product exists
 * (spec: images are sent on creation), so a fresh file with no row is normal; one left for a day was abandoned.
 */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
/** Display images only; a thumbnail goes with its image. */
const IMAGE_NAME = /^[a-z0-9]+\.webp$/;
/** Names asked about per query: a long IN list stays well under PostgreSQL's parameter limit. */
const BATCH = 500;

/**
 * Removes stored images (and their thumbnails) that no product or restaurant references and that are older than
 * `olderThanMs`, in the app's store (a folder or a bucket). Answers the removed URLs. Files are checked against the
 * database at the moment of removal, in batches.
 */
export async function sweepUnusedUploads(
  db: Executor,
  dataDir: string,
  { olderThanMs = ABANDONED_AFTER_MS, now = Date.now() }: { olderThanMs?: number; now?: number } = {},
): Promise<string[]> {
  const candidates: string[] = [];
  for await (const file of imageStoreFor(dataDir).list()) {
    if (IMAGE_NAME.test(file.name) && now - file.modifiedAt.getTime() > olderThanMs) {
      candidates.push(`${UPLOADS_URL_PREFIX}${file.name}`);
    }
  }
  const removed: string[] = [];
  for (let start = 0; start < candidates.length; start += BATCH) {
    const unused = await unreferencedImages(db, candidates.slice(start, start + BATCH));
    await removeStoredFiles(dataDir, unused);
    removed.push(...unused);
  }
  return removed;
}
