import { describe, expect, it } from 'vitest';
import { uzOrdering } from '../../lib/uz-ordering';
import { changedFields } from '../../machines/dialog/dialog.rules';
import { toUpdateRestaurantChanges, updateRestaurantConfig } from '../../machines/manager/updateRestaurant.rules';
import { restaurantFieldLabels } from '../../machines/restaurants/restaurantFieldLabels';
import {
  knownOrdering,
  restaurantFormConfig,
  toRestaurantChanges,
  toRestaurantInput,
} from '../../machines/restaurants/restaurantForm.rules';
import { ownFields } from '../../machines/shared/translations.rules';

/**
 * Both restaurant forms carry `ordering_enabled` as hide_stopped is carried — the value from the item when
 * the item says, sent on create only when on, sent on edit only when changed. A restaurant read without it (the
 * public read the restaurant page edits from) gets no value, so no switch reads "off" for one that takes orders.
 */

const manual = {
  name: 'Rayhon',
  slug: 'rayhon',
  address: 'Toshkent',
  phone_number: '+998 71 200 10 10',
  work_time: '09:00 - 23:00',
  manager_id: 'm1',
  is_active: true,
};

describe('ordering_enabled in the restaurant forms', () => {
  it('is the item’s own value when the item has one, and nothing when it has none', () => {
    expect(knownOrdering({ ordering_enabled: true })).toEqual({ ordering_enabled: true });
    expect(knownOrdering({ ordering_enabled: false })).toEqual({ ordering_enabled: false });
    expect(knownOrdering({})).toEqual({});
    expect(knownOrdering({ ordering_enabled: 'true' })).toEqual({});
    for (const config of [restaurantFormConfig, updateRestaurantConfig]) {
      expect(ownFields(config.fromItem({ _id: 'r1', ...manual, ordering_enabled: true })).ordering_enabled).toBe(true);
      expect(ownFields(config.fromItem({ _id: 'r1', ...manual, ordering_enabled: false })).ordering_enabled).toBe(
        false,
      );
      expect('ordering_enabled' in ownFields(config.fromItem({ _id: 'r1', ...manual }))).toBe(false);
    }
  });

  it('a new restaurant sends it only when switched on (the server defaults to off)', () => {
    const values = { ...restaurantFormConfig.empty, ...manual };
    expect('ordering_enabled' in toRestaurantInput(values)).toBe(false);
    expect(toRestaurantInput({ ...values, ordering_enabled: true }).ordering_enabled).toBe(true);
  });

  it('an edit sends it only when it changed, in both forms', () => {
    const item = { _id: 'r1', ...manual, ordering_enabled: false };
    const admin = restaurantFormConfig.fromItem(item);
    expect(toRestaurantChanges(changedFields(admin, { ...admin, ordering_enabled: true }))).toEqual({
      ordering_enabled: true,
    });
    expect(toRestaurantChanges(changedFields(admin, { ...admin }))).toEqual({});
    const manager = updateRestaurantConfig.fromItem({ ...item, ordering_enabled: true });
    expect(toUpdateRestaurantChanges(changedFields(manager, { ...manager, ordering_enabled: false }))).toEqual({
      ordering_enabled: false,
    });
    expect(toUpdateRestaurantChanges(changedFields(manager, { ...manager, work_time: '10:00 - 22:00' }))).toEqual({
      work_time: '10:00 - 22:00',
    });
  });

  it('a refusal naming the field names it as the form does', () => {
    expect(restaurantFieldLabels.ordering_enabled).toBe(uzOrdering.fieldOrderingEnabled);
  });
});
