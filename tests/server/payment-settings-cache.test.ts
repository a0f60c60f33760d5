import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentSettings } from '../../server/db/schema';
import { PaymentSettingsCache } from '../../server/domain/payments/settings-cache';
import { setupTenants } from '../support/tenants';
import { PAYME_MERCHANT, payingRestaurant } from './payments-fixtures';

/**
 * The providers' calls read a restaurant's payment settings from memory until a write to the restaurant drops them; a
 * read that was running while a write happened is answered but not kept; the oldest are forgotten past the limit.
 * The database is changed behind the cache here, so what a read answers tells whether it came from memory.
 */

const t = setupTenants();

const setMerchant = (restaurantId: string, id: string) =>
  t.db.update(paymentSettings).set({ payme_merchant_id: id }).where(eq(paymentSettings.restaurant_id, restaurantId));

describe('the payment settings in memory', () => {
  it('answers from memory until its restaurant, or every restaurant, is dropped', async () => {
    const a = await payingRestaurant(t);
    const b = await payingRestaurant(t);
    const cache = new PaymentSettingsCache(t.db);
    expect((await cache.get(a.restaurant._id))?.payme_merchant_id).toBe(PAYME_MERCHANT);
    expect((await cache.get(b.restaurant._id))?.payme_merchant_id).toBe(PAYME_MERCHANT);
    await setMerchant(a.restaurant._id, 'a'.repeat(24));
    await setMerchant(b.restaurant._id, 'b'.repeat(24));
    expect((await cache.get(a.restaurant._id))?.payme_merchant_id).toBe(PAYME_MERCHANT);

    cache.invalidate(a.restaurant._id);
    expect((await cache.get(a.restaurant._id))?.payme_merchant_id).toBe('a'.repeat(24));
    expect((await cache.get(b.restaurant._id))?.payme_merchant_id).toBe(PAYME_MERCHANT);
    cache.invalidate(null);
    expect((await cache.get(b.restaurant._id))?.payme_merchant_id).toBe('b'.repeat(24));
  });

  it('remembers a restaurant without settings too', async () => {
    const cache = new PaymentSettingsCache(t.db);
    const unknown = randomUUID();
    expect(await cache.get(unknown)).toBeUndefined();
    const s = await payingRestaurant(t);
    // Asked before its settings were saved, the same answer until dropped.
    const fresh = new PaymentSettingsCache(t.db);
    expect((await fresh.get(s.restaurant._id))?.payme_merchant_id).toBe(PAYME_MERCHANT);
    await t.db.delete(paymentSettings).where(eq(paymentSettings.restaurant_id, s.restaurant._id));
    expect(await fresh.get(s.restaurant._id)).toBeDefined();
    fresh.invalidate(s.restaurant._id);
    expect(await fresh.get(s.restaurant._id)).toBeUndefined();
  });

  it('answers a read a write overtook, but keeps it not', async () => {
    const s = await payingRestaurant(t);
    const cache = new PaymentSettingsCache(t.db);
    const reading = cache.get(s.restaurant._id);
    // The settings are saved while the read is on its way: the next read must not be the overtaken one.
    cache.invalidate(s.restaurant._id);
    expect((await reading)?.payme_merchant_id).toBe(PAYME_MERCHANT);
    await setMerchant(s.restaurant._id, 'c'.repeat(24));
    expect((await cache.get(s.restaurant._id))?.payme_merchant_id).toBe('c'.repeat(24));
  });

  it('forgets the oldest restaurant past its limit, and keeps the rest', async () => {
    const [a, b, c] = [await payingRestaurant(t), await payingRestaurant(t), await payingRestaurant(t)];
    const cache = new PaymentSettingsCache(t.db, 2);
    for (const s of [a, b, c]) await cache.get(s.restaurant._id);
    for (const s of [a, b, c]) await setMerchant(s.restaurant._id, 'd'.repeat(24));
    const merchants = [];
    // The newest two from memory, the first read again.
    for (const s of [c, b, a]) merchants.push((await cache.get(s.restaurant._id))?.payme_merchant_id);
    expect(merchants).toEqual([PAYME_MERCHANT, PAYME_MERCHANT, 'd'.repeat(24)]);
  });
});
