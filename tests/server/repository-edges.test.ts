import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { syncRuns, telegramUpdates } from '../../server/db/schema';
import { unreferencedImages } from '../../server/repositories/categories';
import { insertInChunks } from '../../server/repositories/chunks';
import { deleteProduct, setProductsAvailability } from '../../server/repositories/products';
import {
  deleteRestaurant,
  createRestaurant as insertRestaurant,
  integrationRestaurantIds,
  rethrowSlugTaken,
  SLUG_TAKEN,
  updateRestaurant,
} from '../../server/repositories/restaurants';
import { failRun, startRun } from '../../server/repositories/sync-runs';
import { createTables } from '../../server/repositories/tables';
import { isOlderThan, type OutboxRow } from '../../server/repositories/telegram-delivery';
import { pruneUpdates } from '../../server/repositories/telegram-updates';
import { findPasswordHash } from '../../server/repositories/users';
import { createCategory, createProduct, createRestaurant, createUser } from '../support/fixtures';
import { suiteApp } from '../support/suite-app';

/**
 * Repository functions at their edges, where no route reaches them today (the routes check first) but a caller may:
 * big lists go in bounded statements, empty lists and unknown ids change nothing and answer nothing.
 */

describe('insertInChunks', () => {
  it('inserts every row once, in order, 500 rows a statement at most', async () => {
    const rows = Array.from({ length: 1_201 }, (_, i) => i);
    const statements: number[][] = [];
    await insertInChunks(rows, async (chunk) => {
      statements.push(chunk);
    });
    expect(statements.map((chunk) => chunk.length)).toEqual([500, 500, 201]);
    expect(statements.flat()).toEqual(rows);
  });

  it('makes no statement for no rows', async () => {
    const statements: number[][] = [];
    await insertInChunks([], async (chunk) => {
      statements.push(chunk);
    });
    expect(statements).toEqual([]);
  });
});

describe('unreferencedImages', () => {
  const t = suiteApp();

  it('answers only what it was asked about: nothing for no URLs, and not a URL still in use', async () => {
    expect(await unreferencedImages(t.db, [])).toEqual([]);
    const restaurant = await createRestaurant(t.db, {});
    const category = await createCategory(t.db, restaurant._id);
    await createProduct(t.db, category._id, { images: [{ file: '/uploads/used.webp' }] });
    expect(await unreferencedImages(t.db, ['/uploads/used.webp', '/uploads/gone.webp'])).toEqual([
      '/uploads/gone.webp',
    ]);
  });
});

describe('products at their edges', () => {
  const t = suiteApp();
  const UNKNOWN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

  it('deleting a product that is gone (deleted a moment ago) answers no image files', async () => {
    expect(await deleteProduct(t.db, UNKNOWN)).toEqual([]);
  });

  it('moving no products, or only unknown ones, to or out of the stop-list changes nothing', async () => {
    const nothing = { products: [], categories: [] };
    for (const isActive of [false, true]) {
      expect(await t.db.transaction((tx) => setProductsAvailability(tx, [], isActive))).toEqual(nothing);
      expect(await t.db.transaction((tx) => setProductsAvailability(tx, [UNKNOWN], isActive))).toEqual(nothing);
    }
  });
});

describe('restaurants at their edges', () => {
  const t = suiteApp();

  it('an update for a manager who no longer runs the restaurant (reassigned meanwhile) writes nothing', async () => {
    const [before, after] = [await createUser(t.app, t.db, 'manager'), await createUser(t.app, t.db, 'manager')];
    const restaurant = await createRestaurant(t.db, { manager_id: after._id, name: 'Eski nom' });
    expect(await updateRestaurant(t.db, restaurant._id, { name: 'Yangi nom' }, before._id)).toBe(false);
    expect(await updateRestaurant(t.db, restaurant._id, { name: 'Yangi nom' }, after._id)).toBe(true);
  });

  it('a slug lost to the unique index (a race the pre-check missed) answers the pre-check’s 409', async () => {
    const taken = await createRestaurant(t.db, {});
    const error = await insertRestaurant(t.db, { name: 'Ikkinchi', slug: taken.slug }).catch((e: unknown) => e);
    expect(() => rethrowSlugTaken(error)).toThrow(expect.objectContaining({ statusCode: 409, message: SLUG_TAKEN }));
    const other = new Error('ulanish uzildi');
    expect(() => rethrowSlugTaken(other)).toThrow(other);
  });

  it('the scheduled sync visits the integration restaurants of its provider only, oldest first', async () => {
    const older = await createRestaurant(t.db, {
      type: 'integration',
      integration_provider: 'test-pos',
      integration_id: 'org-1',
      createdAt: '2024-01-01T00:00:00.000Z',
    });
    const newer = await createRestaurant(t.db, {
      type: 'integration',
      integration_provider: 'test-pos',
      integration_id: 'org-2',
      createdAt: '2025-01-01T00:00:00.000Z',
    });
    await createRestaurant(t.db, { type: 'integration', integration_provider: 'other-pos', integration_id: 'org-3' });
    await createRestaurant(t.db, { integration_provider: 'test-pos', integration_id: 'org-4' });
    expect(await integrationRestaurantIds(t.db, 'test-pos')).toEqual([older._id, newer._id]);
    // Least recently synced first: a round cut short goes on with the ones it did not reach.
    await t.db.insert(syncRuns).values({ restaurant_id: older._id, started_at: '2026-03-01T00:00:00.000Z' });
    expect(await integrationRestaurantIds(t.db, 'test-pos')).toEqual([newer._id, older._id]);
    await t.db.insert(syncRuns).values([
      { restaurant_id: newer._id, started_at: '2026-02-01T00:00:00.000Z' },
      { restaurant_id: newer._id, started_at: '2026-04-01T00:00:00.000Z' },
    ]);
    expect(await integrationRestaurantIds(t.db, 'test-pos')).toEqual([older._id, newer._id]);
  });
});

describe('tables and restaurant deletion at their edges', () => {
  const t = suiteApp();

  it('creating no tables creates none and answers none', async () => {
    const restaurant = await createRestaurant(t.db, {});
    expect(await createTables(t.db, restaurant._id, [])).toEqual([]);
  });

  it('deleting a restaurant without pictures or product images answers no files to remove', async () => {
    const restaurant = await createRestaurant(t.db, { image: null, logotype: null });
    await createProduct(t.db, (await createCategory(t.db, restaurant._id))._id);
    expect(await deleteRestaurant(t.db, { _id: restaurant._id })).toEqual({ restaurantId: restaurant._id, files: [] });
  });
});

describe('sync runs at their edges', () => {
  const t = suiteApp();

  it('a failure reason is kept to its first 1,000 characters', async () => {
    const restaurant = await createRestaurant(t.db, {});
    const run = await t.db.transaction((tx) => startRun(tx, restaurant._id, 60_000));
    await failRun(t.db, run!._id, `iiko: ${'x'.repeat(5_000)}`);
    const [stored] = await t.db.select().from(syncRuns).where(eq(syncRuns._id, run!._id));
    expect(stored).toMatchObject({ result: 'error', error: `iiko: ${'x'.repeat(994)}` });
  });
});

describe('Telegram bookkeeping and users at their edges', () => {
  const t = suiteApp();

  it('a message is given up only once it has waited more than the hours, not at the hour itself', () => {
    const createdAt = '2026-01-01T00:00:00.000Z';
    const row = { createdAt } as OutboxRow;
    const hours = (n: number) => Date.parse(createdAt) + n * 3600_000;
    expect(isOlderThan(row, 24, hours(24))).toBe(false);
    expect(isOlderThan(row, 24, hours(24) + 1)).toBe(true);
  });

  it('handled Telegram updates are forgotten after their days, the recent ones kept', async () => {
    const bot = `bot-${Date.now()}`;
    await t.db.insert(telegramUpdates).values([
      { bot_id: bot, update_id: 1, createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString() },
      { bot_id: bot, update_id: 2 },
    ]);
    await pruneUpdates(t.db, 2);
    const kept = await t.db.select().from(telegramUpdates).where(eq(telegramUpdates.bot_id, bot));
    expect(kept.map((row) => row.update_id)).toEqual([2]);
  });

  it('a user who is gone has no password hash', async () => {
    expect(await findPasswordHash(t.db, '7c9e6679-7425-40de-944b-e07fc1f90ae7')).toBeUndefined();
  });
});
