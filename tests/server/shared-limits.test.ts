import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { rateLimitWindows } from '../../server/db/schema';
import { FailedAttempts } from '../../server/domain/failed-attempts';
import { SharedLimits } from '../../server/domain/shared-limits';
import { pruneRateLimitWindows } from '../../server/repositories/rate-limits';
import { CALL_LIMITS, ORDER_LIMITS } from '../../server/routes/menu/table-limits';
import { createTestApp } from '../support/app';
import { createUser } from '../support/fixtures';
import { setupTenants, type Tenants } from '../support/tenants';
import { freshAddress, manyTables, postCall, postOrder } from './orders-fixtures';

/**
 * The abuse limits held across processes: two apps on one database stand for two server processes behind a proxy
 * (each its own memory, as two processes have). Each counts in memory and adds its counts to the database about once
 * a second; the tests share at the moments they choose (`share()`), as the timer would. Without sharing, each process
 * would allow the whole limit: two processes twice the guesses, twice the orders.
 */

const t = setupTenants({
  env: () => ({ LOGIN_RATE_MAX: '3', LOGIN_IP_RATE_MAX: '100' }),
  app: () => ({ shareLimits: true }),
});

let second: FastifyInstance;
let secondDir: string;
beforeAll(async () => {
  secondDir = mkdtempSync(join(tmpdir(), 'menyu-second-'));
  second = await buildApp(t.config, {
    database: t.database,
    logger: false,
    distDir: join(secondDir, 'no-dist'),
    shareLimits: true,
  });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  rmSync(secondDir, { recursive: true, force: true });
});

/** Both processes share what they counted (the first one first, as two timers would, a moment apart). */
const shareBoth = async () => {
  await t.app.sharedLimits.share();
  await second.sharedLimits.share();
  await t.app.sharedLimits.share();
};
const on = (app: FastifyInstance): Tenants => ({ ...t, app });
const login = (app: FastifyInstance, body: object, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/auth/login', payload: body, remoteAddress });

describe('limits across two processes on one database', () => {
  it('three wrong passwords for a login from one address, spread over both processes, and the fourth is refused on either', async () => {
    const target = await createUser(t.app, t.db, 'manager');
    const address = freshAddress();
    const statuses: number[] = [];
    for (const app of [t.app, second, t.app, second, t.app]) {
      statuses.push((await login(app, { login: target.login, password: 'guess' }, address)).statusCode);
      await shareBoth();
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // The right password is refused too while the window lasts (the limit is per address and login).
    const right = await login(second, { login: target.login, password: target.password }, address);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/^Juda ko'p urinish\./);
  });

  it('a successful login takes its attempt back everywhere: it never counts against the address', async () => {
    const user = await createUser(t.app, t.db, 'manager');
    const address = freshAddress();
    for (const app of [t.app, second, t.app, second]) {
      expect((await login(app, { login: user.login, password: user.password }, address)).statusCode).toBe(200);
      await shareBoth();
    }
    const [window] = await t.db
      .execute(sql`select count from ${rateLimitWindows} where name = 'login' and key like ${`${address}|%`}`)
      .then((result) => (result as unknown as { rows: { count: number }[] }).rows);
    expect(window?.count ?? 0).toBe(0);
    // Three wrong ones after four right ones are still allowed, the fourth not.
    const statuses: number[] = [];
    for (const app of [second, t.app, second, t.app]) {
      statuses.push((await login(app, { login: user.login, password: 'guess' }, address)).statusCode);
      await shareBoth();
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("one phone's orders over both processes: 15 in ten minutes, then 429 from either, nothing created", async () => {
    const s = await manyTables(t, 5);
    const device = `device-${randomUUID()}`;
    const statuses: number[] = [];
    for (let i = 0; i < ORDER_LIMITS.perDevice + 2; i++) {
      const app = i % 2 === 0 ? t.app : second;
      const res = await postOrder(on(app), s.restaurant.slug, s.body(), { device });
      statuses.push(res.statusCode);
      await shareBoth();
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(ORDER_LIMITS.perDevice);
    expect(statuses.slice(ORDER_LIMITS.perDevice)).toEqual([429, 429]);
    const created = await t.db.execute(
      sql`select count(*)::int as n from orders where restaurant_id = ${s.restaurant._id}`,
    );
    expect((created as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(ORDER_LIMITS.perDevice);
  });

  it("one phone's waiter calls over both processes stop at the device's limit", async () => {
    const s = await manyTables(t, CALL_LIMITS.perDevice + 2);
    const device = `device-${randomUUID()}`;
    const statuses: number[] = [];
    for (let i = 0; i < CALL_LIMITS.perDevice + 1; i++) {
      const app = i % 2 === 0 ? t.app : second;
      const res = await postCall(
        on(app),
        s.restaurant.slug,
        { table_id: s.tables[i]!.token, type: 'waiter' },
        freshAddress(),
        device,
      );
      statuses.push(res.statusCode);
      await shareBoth();
    }
    expect(statuses.slice(0, CALL_LIMITS.perDevice).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('sharing', () => {
  it('counts taken while the database cannot take them go with the next share', async () => {
    const shared = new SharedLimits(t.db);
    const attempts = new FailedAttempts({ max: 5, windowMs: 60_000 });
    shared.add(`test-${randomUUID()}`, attempts);
    const key = randomUUID();
    attempts.begin(key);
    attempts.begin(key);
    await t.db.execute(sql`alter table rate_limit_windows rename to rate_limit_windows_away`);
    try {
      await expect(shared.share()).rejects.toThrow();
    } finally {
      await t.db.execute(sql`alter table rate_limit_windows_away rename to rate_limit_windows`);
    }
    attempts.begin(key);
    await shared.share();
    const rows = await t.db.execute(sql`select count from rate_limit_windows where key = ${key}`);
    expect((rows as unknown as { rows: { count: number }[] }).rows).toEqual([{ count: 3 }]);
  });

  it('a process that never counted a key goes on from the total once it counts it', async () => {
    const name = `test-${randomUUID()}`;
    const [here, there] = [new SharedLimits(t.db), new SharedLimits(t.db)];
    const [mine, theirs] = [
      new FailedAttempts({ max: 3, windowMs: 60_000 }),
      new FailedAttempts({ max: 3, windowMs: 60_000 }),
    ];
    here.add(name, mine);
    there.add(name, theirs);
    const key = randomUUID();
    for (let i = 0; i < 3; i++) theirs.begin(key);
    await there.share();
    expect(mine.retryAfter(key)).toBe(0);
    mine.begin(key);
    await here.share();
    expect(mine.retryAfter(key)).toBeGreaterThan(0);
  });

  it('shares on its own about once a second, and what is left when the app closes', async () => {
    const other = await createTestApp({ LOGIN_RATE_MAX: '3' }, { shareLimits: true });
    try {
      const address = freshAddress();
      await login(other.app, { login: `nobody-${randomUUID()}`, password: 'guess' }, address);
      const shared = async () =>
        (
          (await other.db.execute(
            sql`select count from rate_limit_windows where name = 'login-address' and key = ${address}`,
          )) as unknown as { rows: { count: number }[] }
        ).rows;
      await expect.poll(shared, { timeout: 5000, interval: 100 }).toEqual([{ count: 1 }]);
      await login(other.app, { login: `nobody-${randomUUID()}`, password: 'guess' }, address);
      await other.app.close();
      expect(await shared()).toEqual([{ count: 2 }]);
    } finally {
      await other.close();
    }
  });

  it('is on by default on PostgreSQL and off on the embedded database, which one process owns', async () => {
    const other = await createTestApp({ LOGIN_RATE_MAX: '3' });
    try {
      const address = freshAddress();
      await login(other.app, { login: `nobody-${randomUUID()}`, password: 'guess' }, address);
      await other.app.close();
      const rows = await other.db.execute(sql`select count from rate_limit_windows where key = ${address}`);
      expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(other.database.kind === 'postgres' ? 1 : 0);
    } finally {
      await other.close();
    }
  });

  it('windows that ended more than a minute ago are pruned, the others kept', async () => {
    const name = `test-${randomUUID()}`;
    const now = Date.now();
    await t.db.insert(rateLimitWindows).values([
      { name, key: 'ended', count: 3, reset_at: new Date(now - 2 * 60_000) },
      { name, key: 'open', count: 3, reset_at: new Date(now + 60_000) },
    ]);
    await pruneRateLimitWindows(t.db, new Date(now - 60_000));
    const rows = await t.db.execute(sql`select key from rate_limit_windows where name = ${name}`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ key: 'open' }]);
  });
});
