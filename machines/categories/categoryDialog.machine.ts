import { dialogWith } from '../dialog/dialog.machine';
import { categoryDialogActors } from './categoryDialog.actors';

/**
 * The category modal (spec 2.8): the generic create/edit dialog with the category calls. Its input's scope names
 * the restaurant a new category belongs to (`{ restaurantId }`); a manager's list that learns it from its first
 * load sends `dialog.scope`. It reads the restaurant's kitchen stations (`loadOptions`): with any, the modal chooses
 * the category's station ("Bo'lim").
 */
export const categoryDialogMachine = dialogWith(categoryDialogActors);
