import { assign } from 'xstate';
import { dialogWith } from '../dialog/dialog.machine';
import { isTerminalGroupRefusal, restaurantFailure } from '../restaurants/terminalGroups.rules';
import { updateRestaurantActors } from './updateRestaurant.actors';

/**
 * The manager's Update Restaurant modal: the generic dialog, edit mode only. A refusal names the field in Uzbek
 * ("Nomi"), beside the spec's English toast; a refused POS terminal group is said under its select instead (no
 * toast), where another is chosen.
 */
export const updateRestaurantMachine = dialogWith(updateRestaurantActors, {
  tellsFailure: (_, { error }) => !isTerminalGroupRefusal(error),
}).provide({
  actions: {
    rememberFailure: assign((_, { error }: { error: unknown }) => restaurantFailure(error)),
  },
});
