import { fromPromise } from 'xstate';
import { createIntegrationRestaurant, listIntegrationRestaurants } from '../../client/integration';
import { listManagers } from '../../client/managers';
import type { IntegrationRestaurant, Manager } from '../../client/types';
import type { LoadOptionsInput, SaveInput } from '../dialog/dialog.actors';

export interface IntegrationDialogOptions {
  sources: IntegrationRestaurant[];
  managers: Manager[];
}

export const integrationDialogActors = {
  /** Both selects: the POS's restaurants and the managers, loaded together. */
  loadOptions: fromPromise<unknown, LoadOptionsInput>(async ({ signal }): Promise<IntegrationDialogOptions> => {
    const [sources, managers] = await Promise.all([listIntegrationRestaurants({ signal }), listManagers({ signal })]);
    return { sources, managers };
  }),
  create: fromPromise<unknown, SaveInput>(({ input, signal }) =>
    createIntegrationRestaurant(
      { id: String(input.values.id ?? ''), manager_id: String(input.values.manager_id ?? '') },
      { signal },
    ),
  ),
};
