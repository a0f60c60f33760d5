import { dialogWith } from '../dialog/dialog.machine';
import { productDialogActors } from './productDialog.actors';

export { type ProductDialogOptions, productDialogScope } from './productDialog.actors';

/**
 * The product form (spec 2.9): the generic create/edit dialog with the product calls. Its input's scope is
 * `productDialogScope(role, restaurantId)`.
 */
export const productDialogMachine = dialogWith(productDialogActors);
