import { assign } from 'xstate';
import type { Station } from '../../client/stations';
import { dialogWith } from '../dialog/dialog.machine';
import { statusOf } from '../shared/errors';
import { stationDialogActors } from './stationDialog.actors';
import { stationFailure } from './stationForm.rules';

/**
 * The add / edit dialog of a kitchen station: the generic create/edit dialog with the station calls; its scope names
 * the restaurant a new station belongs to. A name the restaurant has (409, the server's Uzbek message naming it) is
 * shown under the name field, where it is corrected, and not toasted; any other refusal as the form's alert and a
 * toast.
 */
export const stationDialogMachine = dialogWith<Station, Station>(stationDialogActors, {
  tellsFailure: (_, { error }) => statusOf(error) !== 409,
}).provide({
  actions: {
    rememberFailure: assign((_, { error }: { error: unknown }) => stationFailure(error)),
  },
});
