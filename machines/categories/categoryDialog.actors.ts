import { fromPromise } from 'xstate';
import { type CategoryChanges, type CategoryInput, createCategory, updateCategory } from '../../client/categories';
import { ApiError } from '../../client/client';
import { listStations, type Station } from '../../client/stations';
import { uzCatalog } from '../../lib/uz-catalog';
import type { LoadOptionsInput, SaveInput } from '../dialog/dialog.actors';
import type { FormValues } from '../dialog/dialog.types';
import { toCategoryChanges, toCategoryInput } from './categoryForm.rules';

/**
 * The category modal's calls. A new category belongs to the dialog's scope `restaurantId` (its input, or the
 * `dialog.scope` the list sends once its first load found the manager's restaurant); none known: the manager has
 * no restaurant.
 */

/**
 * What the modal knows of the restaurant's kitchen stations: their list (empty: no "Bo'lim" field), or that they could
 * not be read (the field stays off; the rest of the form saves). Null before the restaurant is known.
 */
export type CategoryStationsOption = { stations: Station[] } | { failed: true } | null;

/** The category's kitchen station as the API takes it: '' in the form is null, the restaurant's first station. */
type StationBody = { station_id?: string | null };
const stationBody = (values: FormValues): StationBody =>
  typeof values.station_id === 'string' ? { station_id: values.station_id === '' ? null : values.station_id } : {};

export const categoryDialogActors = {
  /**
   * GET /manager/restaurants/{id}/stations for the "Bo'lim" select. Its failure is answered, not thrown: a category
   * is still saved without choosing a station. A cancelled call (the modal closed) is still thrown.
   */
  loadOptions: fromPromise<unknown, LoadOptionsInput>(async ({ input, signal }): Promise<CategoryStationsOption> => {
    const item = input.item as { restaurant_id?: unknown } | null;
    const restaurantId =
      input.scope?.restaurantId ?? (typeof item?.restaurant_id === 'string' ? item.restaurant_id : null);
    if (!restaurantId) return null;
    try {
      return { stations: await listStations(restaurantId, { signal }) };
    } catch (error) {
      if (signal.aborted) throw error;
      return { failed: true };
    }
  }),
  create: fromPromise<unknown, SaveInput>(({ input, signal }) => {
    const restaurantId = input.scope?.restaurantId;
    if (!restaurantId) throw new ApiError(404, uzCatalog.noRestaurantOfManager);
    const body: CategoryInput & StationBody = {
      ...toCategoryInput(input.values, restaurantId),
      ...stationBody(input.values),
    };
    return createCategory(body, { signal });
  }),
  update: fromPromise<unknown, SaveInput>(({ input, signal }) => {
    const body: CategoryChanges & StationBody = { ...toCategoryChanges(input.values), ...stationBody(input.values) };
    return updateCategory(input.item?._id ?? '', body, { signal });
  }),
};
