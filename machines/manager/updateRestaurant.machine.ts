import { dialogWith } from '../dialog/dialog.machine';
import { restaurantFieldLabels } from '../restaurants/restaurantFieldLabels';
import { labelledFailures } from '../shared/labelledFailures';
import { updateRestaurantActors } from './updateRestaurant.actors';

/**
 * The manager's Update Restaurant modal: the generic dialog, edit mode only. A refusal names the field in Uzbek
 * ("Nomi"), beside the spec's English toast.
 */
export const updateRestaurantMachine = labelledFailures(dialogWith(updateRestaurantActors), restaurantFieldLabels);
