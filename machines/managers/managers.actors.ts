import { fromPromise } from 'xstate';
import { deleteManager, listManagers, updateManager } from '../../client/managers';

export const managersActors = {
  loadManagers: fromPromise(({ signal }: { signal: AbortSignal }) => listManagers({ signal })),
  setActive: fromPromise(({ input, signal }: { input: { id: string; is_active: boolean }; signal: AbortSignal }) =>
    updateManager(input.id, { is_active: input.is_active }, { signal }),
  ),
};

/** DELETE /admin/managers/{id}: the call of the screen's confirm-delete cycle. */
export const deleteManagerActor = fromPromise<unknown, { id: string }>(({ input, signal }) =>
  deleteManager(input.id, { signal }),
);
