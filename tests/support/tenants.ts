import { asc } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
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
export function setupTenants(
  options: {
    env?: () => Record<string, string>;
    logger?: { level: string };
    /** Build options of the app (the print job's settings…). */
    app?: () => Parameters<typeof createTestApp>[1];
  } = {},
): Tenants {
  const t = {
    changed: [],
    headersOf: (caller) => (caller === 'anonymous' ? {} : t[caller].headers),
    call: (caller, options) =>
      t.app.inject({ ...options, headers: { ...t.headersOf(caller), ...(options.headers ?? {}) } }),
  } as Partial<Tenants> as Tenants;

  beforeAll(async () => {
    Object.assign(
      t,
      await createTestApp(options.env?.(), {
        ...(options.logger ? { logger: options.logger } : {}),
        ...options.app?.(),
      }),
    );
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

/** One call of an authorization matrix: `make` builds it on fresh rows of the owner's restaurant. */
export interface MatrixCall {
  name: string;
  /** The status the admin and the owner get. */
  ok: number;
  make: () => Promise<InjectOptions>;
  /** More to check of an accepted call's answer. */
  accepted?: (response: LightMyRequestResponse) => void;
}

/**
 * The rule every menu call answers to, one test per call and caller: nobody is 401, another manager is 404 (as if
 * the rows did not exist), the admin and the owner get `ok`; a refused call changes no row and announces no change.
 */
export function itAnswersTheAuthorizationMatrix(t: Tenants, calls: MatrixCall[]): void {
  for (const { name, ok, make, accepted } of calls) {
    const matrix: [Caller, number][] = [
      ['anonymous', 401],
      ['other', 404],
      ['admin', ok],
      ['owner', ok],
    ];
    for (const [caller, status] of matrix) {
      it(`${name} as ${caller} answers ${status}${status >= 400 ? ' and changes nothing' : ''}`, async () => {
        const request = await make();
        const before = await menuSnapshot(t.db);
        const res = await t.call(caller, request);
        expect(res.statusCode).toBe(status);
        if (status >= 400) {
          expect(await menuSnapshot(t.db)).toBe(before);
          expect(res.json()).toMatchObject({ statusCode: status, message: expect.any(String) });
          expect(t.changed).toEqual([]);
        } else {
          accepted?.(res);
        }
      });
    }
  }
}
