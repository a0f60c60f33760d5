import { removeStoredFiles } from '../uploads/storage';
import type { Work } from './unit-of-work';

/** What a delete (restaurant, category, product, option, row) leaves to do once it committed. */
export interface Deletion {
  restaurantId: string;
  /** Image files nothing references any more. */
  files?: string[];
}

/**
 * Records a delete's after-commit work on its unit of work: the restaurant's cached menus are dropped, and the files
 * nothing shows any more are removed, never before the commit (a rolled-back delete must not lose its pictures).
 */
export function afterDeletion(w: Work, dataDir: string, deletion: Deletion): void {
  w.menuChanged(deletion.restaurantId);
  const files = deletion.files ?? [];
  if (files.length > 0) w.afterCommit(() => removeStoredFiles(dataDir, files));
}
