import type { FastifyInstance } from 'fastify';
import { removeStoredFiles } from '../uploads/storage';

/** The spec's answer to every delete call (restaurant, category, product, option, row): `{ success: true, message }`. */
export const deleted = (message: string) => ({ success: true as const, message });

/** What a committed delete leaves to do: whose menu changed, and the image files nothing references any more. */
export interface Deletion {
  restaurantId: string;
  files?: string[];
}

/**
 * The end of a delete call whose route still runs its own transaction: the restaurant's cached menus are dropped, the
 * files nothing shows any more are removed (never before the commit), and the spec's answer is given. A use case
 * does the same through its unit of work (domain/deletion.ts).
 */
export async function answerDeleted(app: FastifyInstance, dataDir: string, deletion: Deletion, message: string) {
  app.menuChanged(deletion.restaurantId);
  await removeStoredFiles(dataDir, deletion.files ?? []);
  return deleted(message);
}
