import { fromPromise } from 'xstate';

export interface SavePositionsInput {
  /** The restaurant (categories) or category (products) the positions belong to. */
  scopeId: string;
  ids: string[];
}

/** The reorder machine's default: no call until the list provides its own (PUT …/order). */
export const noSavePositionsActor = fromPromise<unknown, SavePositionsInput>(async () => {
  throw new Error('this list provides no savePositions actor');
});

/** The client call that stores one list's positions (categories of a restaurant, products of a category). */
type SavePositionsCall = (scopeId: string, ids: string[], options: { signal: AbortSignal }) => Promise<unknown>;

/** The reorder machine's savePositions for one list: PUT …/order with the scope and the ids. */
export const savePositionsActor = (save: SavePositionsCall) =>
  fromPromise<unknown, SavePositionsInput>(({ input, signal }) => save(input.scopeId, input.ids, { signal }));
