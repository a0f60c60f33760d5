import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurants, users } from '../../server/db/schema';
import { DEMO_RESTAURANTS } from '../../server/dev/demo/data';
import { seedDemo } from '../../server/dev/demo/seed';
import { ensureAdmin } from '../../server/seed/admin';
import { createTestApp, type TestApp } from '../support/app';
import { createRestaurant } from '../support/fixtures';

/**
 * `DEMO=1` with `ADMIN_LOGIN` set creates the named admin first, and the demo data must still be seeded on that
 * database (it is not empty, yet it holds no demo). What seedDemo answers is what server.ts prints: every account in
 * it must log in with the printed password.
 */

let t: TestApp;

/** Each case on a fresh demo-mode app and database, built in a beforeAll (so route registration stays outside tests). */
function onFreshApp(title: string, test: () => Promise<void>) {
  describe(title, () => {
    beforeAll(async () => {
      t = await createTestApp({ DEMO: '1' });
    });
    afterAll(() => t.close());
    it(title, test);
  });
}

const logIn = (login: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/auth/login', payload: { login, password } });

async function expectEveryPrintedAccountWorks(accounts: Awaited<ReturnType<typeof seedDemo>>) {
  expect(accounts.length).toBe(3);
  for (const account of accounts) {
    const res = await logIn(account.login, account.password!);
    expect(res.statusCode, `${account.login} / ${account.password}`).toBe(200);
  }
}

describe('demo seeding', () => {
  onFreshApp('seeds the demo data on a database that already has the ADMIN_LOGIN admin', async () => {
    await ensureAdmin(t.db, 'boss', 'a-long-password');
    const accounts = await seedDemo(t.db, { dataDir: t.config.dataDir });
    expect(accounts.map((a) => [a.role, a.login])).toEqual([
      ['admin', 'admin'],
      ['manager', 'rayhon'],
      ['manager', 'bahor'],
    ]);
    await expectEveryPrintedAccountWorks(accounts);
    const slugs = (await t.db.select({ slug: restaurants.slug }).from(restaurants)).map((r) => r.slug);
    expect(slugs.sort()).toEqual(DEMO_RESTAURANTS.map((r) => r.slug).sort());
    expect((await logIn('boss', 'a-long-password')).statusCode).toBe(200);
  });

  onFreshApp('a demo login or slug someone already has gets -demo, and that is what is printed', async () => {
    await ensureAdmin(t.db, 'Admin', 'the-owners-password');
    await createRestaurant(t.db, { slug: 'rayhon' });
    const accounts = await seedDemo(t.db, { dataDir: t.config.dataDir });
    expect(accounts.map((a) => a.login)).toEqual(['admin-demo', 'rayhon', 'bahor']);
    await expectEveryPrintedAccountWorks(accounts);
    // The owner's admin keeps its own password; the demo password does not open it.
    expect((await logIn('admin', 'admin12345')).statusCode).toBe(401);
    const demoRayhon = await t.db.select().from(restaurants).where(eq(restaurants.slug, 'rayhon-demo'));
    expect(demoRayhon).toHaveLength(1);
  });

  onFreshApp(
    'a second start seeds nothing more and prints the same accounts; a changed password is not printed',
    async () => {
      const first = await seedDemo(t.db, { dataDir: t.config.dataDir });
      const before = (await t.db.select({ n: count() }).from(restaurants))[0]!.n;
      const token = (await logIn('rayhon', 'manager12345')).json().data.accessToken as string;
      const changed = await t.app.inject({
        method: 'PUT',
        url: '/auth/password',
        headers: { authorization: `Bearer ${token}` },
        payload: { current_password: 'manager12345', new_password: 'a-new-password-1' },
      });
      expect(changed.statusCode).toBe(200);
      const second = await seedDemo(t.db, { dataDir: t.config.dataDir });
      expect((await t.db.select({ n: count() }).from(restaurants))[0]!.n).toBe(before);
      expect((await t.db.select({ n: count() }).from(users))[0]!.n).toBe(3);
      expect(second.map((a) => a.login)).toEqual(first.map((a) => a.login));
      expect(second[1]).toEqual({ role: 'manager', login: 'rayhon', password: null });
    },
  );

  onFreshApp(
    "a password the admin set for a demo manager is not printed either; the admin's other edits keep it printed",
    async () => {
      await seedDemo(t.db, { dataDir: t.config.dataDir });
      const admin = (await logIn('admin', 'admin12345')).json().data.accessToken as string;
      const [bahor] = await t.db.select().from(users).where(eq(users.login, 'bahor'));
      const put = (payload: object) =>
        t.app.inject({
          method: 'PUT',
          url: `/admin/managers/${bahor!._id}`,
          headers: { authorization: `Bearer ${admin}` },
          payload,
        });
      expect((await put({ is_active: true })).statusCode).toBe(200);
      let listed = await seedDemo(t.db, { dataDir: t.config.dataDir });
      expect(listed.find((a) => a.login === 'bahor')).toEqual({
        role: 'manager',
        login: 'bahor',
        password: 'manager12345',
      });
      expect((await put({ password: 'bahor-yangi-parol' })).statusCode).toBe(200);
      listed = await seedDemo(t.db, { dataDir: t.config.dataDir });
      expect(listed.find((a) => a.login === 'bahor')).toEqual({ role: 'manager', login: 'bahor', password: null });
    },
  );
});
