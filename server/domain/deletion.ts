import { queueStorageDeletions } from '../uploads/deletion-queue';
import { removeStoredFiles } from '../uploads/storage';
import type { Work } from './unit-of-work';

/** What a delete (restaurant, category, product, option, row) leaves to do once it committed. */
export interface Deletion {
  restaurantId: string;
  /** Image files nothing references any more. */
  files?: string[];
}

/**
 * Removes stored images the change stops showing, never before its commit (a rolled-back change must not lose its
 * pictures): they are queued in the change's own transaction and removed right after the commit. A store that fails
 * then, or a crash in between, leaves them queued for the `storage-deletions` job (uploads/deletion-queue.ts), which
 * removes them later; the change itself has committed and answers as such.
 */
export async function removeAfterCommit(w: Work, dataDir: string, files: string[]): Promise<void> {
  if (files.length === 0) return;
  await queueStorageDeletions(w.tx, files);
  w.afterCommit(() => removeStoredFiles(dataDir, files).catch(() => undefined));
}

/**
 * Records a delete's after-commit work on its unit of work: the restaurant's cached menus are dropped, and the files
 * nothing shows any more are removed (removeAfterCommit). Await it: the queue is written in the transaction.
 */
export async function afterDeletion(w: Work, dataDir: string, deletion: Deletion): Promise<void> {
  w.menuChanged(deletion.restaurantId);
  await removeAfterCommit(w, dataDir, deletion.files ?? []);
}
