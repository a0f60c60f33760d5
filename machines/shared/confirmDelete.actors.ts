import { fromPromise } from 'xstate';

/** What the delete call takes: an id, or a restaurant's slug (DELETE /admin/restaurants/delete?slug=). */
export type DeleteTarget = { id: string } | { slug: string };

/** The confirm-delete cycle's default: no call until the screen provides its own. */
export const noRemoveActor = fromPromise<unknown, DeleteTarget>(async () => {
  throw new Error('this screen provides no remove actor');
});

/**
 * What goes with the target (a category's products, a product's options), counted while the question
 * is open so the dialog can name it. The default counts nothing: the question is asked without a number.
 */
export const noDescribeActor = fromPromise<number | null, DeleteTarget>(async () => null);
