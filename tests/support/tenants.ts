import { asc } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Executor } from '../../server/db/client';
import { categories, optionRows, productOptions, products } from '../../server/db/schema';
import { createTestApp, type TestApp } from './app';
import { createUser, type TestUser } from './fixtures';

/** Who makes a call in the authorization matrices: nobody, the admin, the owning manager or another manager. */
export type Caller = 'anonymous' | 'admin' | 'owner' | 'other';

export interface Tenants extends TestApp {
  admin: TestUser;
  /** The manager whose restaurants the tests create. */
  owner: TestUser;
  /** A manager who owns none of them: must be refused as if they did not exist. */
  other: TestUser;
  /** Restaurant ids announced through `app.onMenuChanged` since the current test began. */
  changed: (string | null)[];
  headersOf(caller: Caller): { authorization?: string };
  /** `app.inject` as `caller`; headers given in `options` win. */
  call(caller: Caller, options: InjectOptions): Promise<LightMyRequestResponse>;
}

/**
 * One real app per test file with an admin and two managers, for the menu API tests.
 * Registers the vitest hooks; the returned object's app, db and users are filled in by
 * beforeAll, so read them inside tests and hooks, never at the top level of a file.
 */
export function setupTenants(): Tenants {
  const t = {
    changed: [],
    headersOf: (caller) => (caller === 'anonymous' ? {} : t[caller].headers),
    call: (caller, options) =>
      t.app.inject({ ...options, headers: { ...t.headersOf(caller), ...(options.headers ?? {}) } }),
  } as Partial<Tenants> as Tenants;

  beforeAll(async () => {
    Object.assign(t, await createTestApp());
    t.admin = await createUser(t.app, t.db, 'admin');
    t.owner = await createUser(t.app, t.db, 'manager');
    t.other = await createUser(t.app, t.db, 'manager');
    t.app.onMenuChanged((restaurantId) => t.changed.push(restaurantId));
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.changed = [];
  });
  return t;
}

/** Every menu table, to prove a refused call changed nothing. */
export async function menuSnapshot(db: Executor) {
  return JSON.stringify([
    await db.select().from(categories).orderBy(asc(categories._id)),
    await db.select().from(products).orderBy(asc(products._id)),
    await db.select().from(productOptions).orderBy(asc(productOptions._id)),
    await db.select().from(optionRows).orderBy(asc(optionRows._id)),
  ]);
}
