import type { FastifyInstance } from 'fastify';
import { removeStoredFiles } from '../uploads/storage';

/** What a committed delete leaves to do: whose menu changed, and the image files nothing references any more. */
export interface Deletion {
  restaurantId: string;
  files?: string[];
}

/**
 * The end every delete call (restaurant, category, product, option, row) shares, once its transaction has committed:
 * the restaurant's cached menus are dropped, the files nothing shows any more are removed (never before the commit: a
 * rolled-back delete must not lose its pictures), and the spec's `{ success: true, message }` is answered.
 */
export async function answerDeleted(app: FastifyInstance, dataDir: string, deletion: Deletion, message: string) {
  app.menuChanged(deletion.restaurantId);
  await removeStoredFiles(dataDir, deletion.files ?? []);
  return { success: true as const, message };
}
