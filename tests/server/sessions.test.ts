import { eq } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { createUser } from '../support/fixtures';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_MAX: '1000' });
  admin = await createUser(t.app, t.db, 'admin');
});
afterAll(() => t.close());

const profile = (authorization: string) => t.app.inject({ url: '/auth/profile', headers: { authorization } });
const updateManager = (id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/admin/managers/${id}`, headers: admin.headers, payload });

describe('sessions end for good', () => {
  it('deactivating a manager ends their sessions; reactivating does not revive the old tokens', async () => {
    const manager = await createUser(t.app, t.db, 'manager');
    expect((await profile(manager.headers.authorization)).statusCode).toBe(200);
    expect((await updateManager(manager._id, { is_active: false })).statusCode).toBe(200);
    expect((await profile(manager.headers.authorization)).statusCode).toBe(401);
    expect((await updateManager(manager._id, { is_active: true })).statusCode).toBe(200);
    expect((await profile(manager.headers.authorization)).statusCode).toBe(401);
    // A fresh login works again.
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { login: manager.login, password: manager.password },
    });
    expect(res.statusCode).toBe(200);
    expect((await profile(`Bearer ${res.json().data.accessToken}`)).statusCode).toBe(200);
  });

  it('a token issued in the same second as a password change, before it, does not survive it', async () => {
    const manager = await createUser(t.app, t.db, 'manager');
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/auth/password',
      headers: manager.headers,
      payload: { current_password: manager.password, new_password: 'yangi-parol-2026' },
    });
    expect(changed.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users._id, manager._id));
    // Issued at the start of the very second the password changed in (iat has whole seconds), with the old version.
    const secondOfChange = Math.floor(Date.parse(row!.password_changed_at!) / 1000) * 1000;
    const sign = createSigner({ key: t.config.jwtSecret!, clockTimestamp: secondOfChange });
    const sameSecond = `Bearer ${sign({ role: 'manager', _id: manager._id, sv: 0 })}`;
    expect((await profile(sameSecond)).statusCode).toBe(401);
    expect((await profile(manager.headers.authorization)).statusCode).toBe(401);
    expect((await profile(`Bearer ${changed.json().data.accessToken}`)).statusCode).toBe(200);
  });

  it("an admin's new password for a manager ends the manager's sessions, even a token of the same second", async () => {
    const manager = await createUser(t.app, t.db, 'manager');
    const sameSecond = `Bearer ${t.app.jwt.sign({ role: 'manager', _id: manager._id })}`;
    expect((await updateManager(manager._id, { password: 'boshqa-parol-2026' })).statusCode).toBe(200);
    expect((await profile(sameSecond)).statusCode).toBe(401);
  });
});

describe('tokens are checked for their shape', () => {
  it('a correctly signed token whose _id is not a UUID answers 401, not 500', async () => {
    for (const _id of ['not-a-uuid', "1' or '1'='1", 42]) {
      const token = t.app.jwt.sign({ role: 'admin', _id } as never);
      const res = await profile(`Bearer ${token}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    }
  });

  it('a signed token with an unknown role answers 401', async () => {
    const token = t.app.jwt.sign({ role: 'root', _id: admin._id } as never);
    expect((await profile(`Bearer ${token}`)).statusCode).toBe(401);
  });
});

describe('logins are unique without regard to case, in the database', () => {
  it('six concurrent creations of Racer2 / racer2 / RACER2… give one 201 and 409s', async () => {
    const names = ['Racer2', 'racer2', 'RACER2', 'rAcEr2', 'RaCeR2', 'racER2'];
    const answers = await Promise.all(
      names.map((login) =>
        t.app.inject({
          method: 'POST',
          url: '/admin/managers',
          headers: admin.headers,
          payload: { login, password: 'manager-parol-1' },
        }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json().message).toBe('Bu login allaqachon band.');
    }
  });

  it('the unique index refuses a second login differing only in case even without the API', async () => {
    await t.db.insert(users).values({ login: 'CaseOnly', password_hash: 'x', role: 'manager' });
    await expect(
      t.db.insert(users).values({ login: 'caseonly', password_hash: 'x', role: 'manager' }),
    ).rejects.toThrow();
  });
});
