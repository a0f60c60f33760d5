import { fromPromise } from 'xstate';

export interface SaveOrderInput {
  /** The restaurant (categories) or category (products) the order belongs to. */
  scopeId: string;
  ids: string[];
}

/** The ordering machine's default: no call until the list provides its own (PUT …/order). */
export const noSaveOrderActor = fromPromise<unknown, SaveOrderInput>(async () => {
  throw new Error('this list provides no saveOrder actor');
});

/** The client call that stores one list's order (client/order.ts: categories of a restaurant, products of a category). */
type SaveOrderCall = (scopeId: string, ids: string[], options: { signal: AbortSignal }) => Promise<unknown>;

/** The ordering machine's saveOrder for one list: PUT …/order with the scope and the ids. */
export const saveOrderActor = (save: SaveOrderCall) =>
  fromPromise<unknown, SaveOrderInput>(({ input, signal }) => save(input.scopeId, input.ids, { signal }));
