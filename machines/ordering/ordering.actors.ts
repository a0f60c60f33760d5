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
