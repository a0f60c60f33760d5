import { dialogWith } from '../dialog/dialog.machine';
import { updateRestaurantActors } from './updateRestaurant.actors';

/** The manager's Update Restaurant modal: the generic dialog, edit mode only. */
export const updateRestaurantMachine = dialogWith(updateRestaurantActors);
