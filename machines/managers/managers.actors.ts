import { fromPromise } from 'xstate';
import type { ListPageParams } from '../../client/listPage';
import { deleteManager, pageManagers, updateManager } from '../../client/managers';

export const managersActors = {
  /** One page of the matching managers (the server pages and searches). */
  loadManagers: fromPromise(({ input, signal }: { input: ListPageParams; signal: AbortSignal }) =>
    pageManagers(input, { signal }),
  ),
  setActive: fromPromise(({ input, signal }: { input: { id: string; is_active: boolean }; signal: AbortSignal }) =>
    updateManager(input.id, { is_active: input.is_active }, { signal }),
  ),
};

/** DELETE /admin/managers/{id}: the call of the screen's confirm-delete cycle. */
export const deleteManagerActor = fromPromise<unknown, { id: string }>(({ input, signal }) =>
  deleteManager(input.id, { signal }),
);
