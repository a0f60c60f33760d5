import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { ensureAdmin } from '../../server/seed/admin';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('ADMIN_LOGIN seeding', () => {
  it('creates the admin once; a login differing only in case is the same account', async () => {
    expect(await ensureAdmin(t.db, 'Boss', 'a-long-password')).toBe(true);
    expect(await ensureAdmin(t.db, 'Boss', 'a-long-password')).toBe(false);
    expect(await ensureAdmin(t.db, 'boss', 'another-password')).toBe(false);
    const rows = await t.db.select().from(users).where(sql`lower(${users.login}) = 'boss'`);
    expect(rows).toHaveLength(1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { login: 'boss', password: 'a-long-password' },
    });
    expect(res.statusCode).toBe(200);
  });
});
