import { fromPromise } from 'xstate';
import { deleteManager, listManagers, updateManager } from '../../client/managers';

export const managersActors = {
  loadManagers: fromPromise(({ signal }: { signal: AbortSignal }) => listManagers({ signal })),
  deleteManager: fromPromise(({ input, signal }: { input: { id: string }; signal: AbortSignal }) =>
    deleteManager(input.id, { signal }),
  ),
  setActive: fromPromise(({ input, signal }: { input: { id: string; is_active: boolean }; signal: AbortSignal }) =>
    updateManager(input.id, { is_active: input.is_active }, { signal }),
  ),
};
