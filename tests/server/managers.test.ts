import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurants, users } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';

let t: TestApp;
let admin: TestUser;
let manager: TestUser;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_MAX: '1000' });
  admin = await createUser(t.app, t.db, 'admin');
  manager = await createUser(t.app, t.db, 'manager');
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const login = (body: { login: string; password: string }) =>
  t.app.inject({ method: 'POST', url: '/auth/login', payload: body });

async function snapshot(): Promise<string> {
  const rows = await Promise.all([
    t.db.select().from(users).orderBy(users._id),
    t.db.select().from(restaurants).orderBy(restaurants._id),
  ]);
  return JSON.stringify(rows);
}

async function userRow(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users._id, id));
  return row;
}

let n = 0;
const newLogin = () => `menejer.${++n}_${Date.now().toString(36)}`;

describe('GET /admin/managers', () => {
  it('lists managers (never admins, never hashes) with their restaurant counts', async () => {
    const busy = await createUser(t.app, t.db, 'manager');
    await createRestaurant(t.db, { manager_id: busy._id });
    await createRestaurant(t.db, { manager_id: busy._id, is_active: false });
    const res = await inject('GET', '/admin/managers', admin.headers);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { _id: string; login: string }[];
    const managers = await t.db.select().from(users).where(eq(users.role, 'manager'));
    expect(data.map((m) => m._id).sort()).toEqual(managers.map((m) => m._id).sort());
    expect(data.map((m) => m.login)).toEqual([...data.map((m) => m.login)].sort());
    expect(data.find((m) => m._id === busy._id)).toEqual({
      _id: busy._id,
      login: busy.login,
      is_active: true,
      restaurants_count: 2,
      createdAt: expect.stringMatching(/Z$/),
    });
    expect(data.find((m) => m._id === manager._id)).toMatchObject({ restaurants_count: 0 });
    expect(data.some((m) => m._id === admin._id)).toBe(false);
    expect(res.body).not.toContain('scrypt');
  });

  it('answers 401 without a token and 403 for a manager', async () => {
    expect((await inject('GET', '/admin/managers', {})).statusCode).toBe(401);
    expect((await inject('GET', '/admin/managers', manager.headers)).statusCode).toBe(403);
  });
});

describe('POST /admin/managers', () => {
  it('creates an active manager who can log in, answering 201 with { data }', async () => {
    const body = { login: newLogin(), password: 'parol-12345' };
    const res = await inject('POST', '/admin/managers', admin.headers, body);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      _id: expect.any(String),
      login: body.login,
      is_active: true,
      restaurants_count: 0,
      createdAt: expect.any(String),
    });
    const row = await userRow(res.json().data._id);
    expect(row).toMatchObject({ role: 'manager', is_active: true, is_demo: false });
    expect(row!.password_hash).not.toContain(body.password);
    const session = await login(body);
    expect(session.statusCode).toBe(200);
  });

  it.each([
    [{ password: 'parol-12345' }, 'login'],
    [{ login: 'ab', password: 'parol-12345' }, 'login'],
    [{ login: 'x'.repeat(51), password: 'parol-12345' }, 'login'],
    [{ login: 'bo shliq', password: 'parol-12345' }, 'login'],
    [{ login: 'kirill-ш', password: 'parol-12345' }, 'login'],
    [{ login: 'yaxshi.login' }, 'password'],
    [{ login: 'yaxshi.login', password: 'qisqa' }, 'password'],
    [{ login: 'yaxshi.login', password: 12345678 }, 'password'],
    [{ login: 'yaxshi.login', password: 'parol-12345', role: 'admin' }, 'role'],
  ])('answers 400 naming the field for %o and creates nothing', async (body, field) => {
    const before = await snapshot();
    const res = await inject('POST', '/admin/managers', admin.headers, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`"${field}"`);
    expect(await snapshot()).toBe(before);
  });

  it('answers 409 for a taken login, whatever its case, admins included', async () => {
    const before = await snapshot();
    for (const taken of [manager.login, manager.login.toUpperCase(), admin.login]) {
      const res = await inject('POST', '/admin/managers', admin.headers, { login: taken, password: 'parol-12345' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'Bu login allaqachon band.' });
    }
    expect(await snapshot()).toBe(before);
  });

  it('refuses managers (403) and anonymous callers (401)', async () => {
    const before = await snapshot();
    const body = { login: newLogin(), password: 'parol-12345' };
    expect((await inject('POST', '/admin/managers', manager.headers, body)).statusCode).toBe(403);
    expect((await inject('POST', '/admin/managers', {}, body)).statusCode).toBe(401);
    expect(await snapshot()).toBe(before);
  });
});

describe('PUT /admin/managers/{id}', () => {
  it('changes only the login when only the login is sent', async () => {
    const m = await createUser(t.app, t.db, 'manager');
    const before = await userRow(m._id);
    const next = newLogin();
    const res = await inject('PUT', `/admin/managers/${m._id}`, admin.headers, { login: next });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: m._id, login: next, is_active: true });
    const after = await userRow(m._id);
    expect(after).toEqual({ ...before, login: next, updatedAt: after!.updatedAt });
    expect(new Date(after!.updatedAt).getTime()).toBeGreaterThan(new Date(before!.updatedAt).getTime());
  });

  it('changes the password: the old one stops working, the new one works', async () => {
    const m = await createUser(t.app, t.db, 'manager');
    const res = await inject('PUT', `/admin/managers/${m._id}`, admin.headers, { password: 'yangi-parol-1' });
    expect(res.statusCode).toBe(200);
    expect((await login({ login: m.login, password: m.password })).statusCode).toBe(401);
    expect((await login({ login: m.login, password: 'yangi-parol-1' })).statusCode).toBe(200);
  });

  it('deactivating a manager stops their login and their token at once', async () => {
    const m = await createUser(t.app, t.db, 'manager');
    expect((await inject('GET', '/manager/restaurants/me', m.headers)).statusCode).toBe(200);
    const res = await inject('PUT', `/admin/managers/${m._id}`, admin.headers, { is_active: false });
    expect(res.json().data.is_active).toBe(false);
    expect((await inject('GET', '/manager/restaurants/me', m.headers)).statusCode).toBe(401);
    expect((await login({ login: m.login, password: m.password })).statusCode).toBe(401);
  });

  it("saving a manager's form unchanged (still active, a new login) keeps their sessions; a new password ends them", async () => {
    const m = await createUser(t.app, t.db, 'manager');
    let res = await inject('PUT', `/admin/managers/${m._id}`, admin.headers, { login: newLogin(), is_active: true });
    expect(res.statusCode).toBe(200);
    expect((await inject('GET', '/manager/restaurants/me', m.headers)).statusCode).toBe(200);
    res = await inject('PUT', `/admin/managers/${m._id}`, admin.headers, { password: 'yangi-parol-2' });
    expect(res.statusCode).toBe(200);
    expect((await inject('GET', '/manager/restaurants/me', m.headers)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown id and for an admin account, changing nothing', async () => {
    const before = await snapshot();
    for (const id of ['00000000-0000-4000-8000-000000000000', admin._id]) {
      const res = await inject('PUT', `/admin/managers/${id}`, admin.headers, { is_active: false });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Menedjer topilmadi.');
    }
    expect(await snapshot()).toBe(before);
  });

  it.each([
    [{}, 'kamida bitta maydon'],
    [{ login: 'a' }, '"login"'],
    [{ password: 'short' }, '"password"'],
    [{ is_active: 'no' }, '"is_active"'],
    [{ role: 'admin' }, '"role"'],
  ])('answers 400 for %o', async (body, named) => {
    const m = await createUser(t.app, t.db, 'manager');
    const before = await snapshot();
    const res = await inject('PUT', `/admin/managers/${m._id}`, admin.headers, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(named);
    expect(await snapshot()).toBe(before);
  });

  it('answers 400 for an id that is not a uuid', async () => {
    const res = await inject('PUT', '/admin/managers/12', admin.headers, { is_active: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('"id"');
  });

  it("answers 409 for another user's login but accepts the manager's own", async () => {
    const m = await createUser(t.app, t.db, 'manager');
    const before = await snapshot();
    const res = await inject('PUT', `/admin/managers/${m._id}`, admin.headers, { login: manager.login });
    expect(res.statusCode).toBe(409);
    expect(await snapshot()).toBe(before);
    expect((await inject('PUT', `/admin/managers/${m._id}`, admin.headers, { login: m.login })).statusCode).toBe(200);
  });

  it('refuses a manager (403), even on themselves, and anonymous callers (401)', async () => {
    const before = await snapshot();
    const self = await inject('PUT', `/admin/managers/${manager._id}`, manager.headers, { password: 'hacked-123' });
    expect(self.statusCode).toBe(403);
    expect((await inject('PUT', `/admin/managers/${manager._id}`, {}, { is_active: false })).statusCode).toBe(401);
    expect(await snapshot()).toBe(before);
  });
});

describe('DELETE /admin/managers/{id}', () => {
  it('deletes a manager without restaurants', async () => {
    const m = await createUser(t.app, t.db, 'manager');
    const res = await inject('DELETE', `/admin/managers/${m._id}`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Menedjer o'chirildi." });
    expect(await userRow(m._id)).toBeUndefined();
  });

  it('answers 409 while the manager still has restaurants, deleting nothing', async () => {
    const m = await createUser(t.app, t.db, 'manager');
    await createRestaurant(t.db, { manager_id: m._id });
    const before = await snapshot();
    const res = await inject('DELETE', `/admin/managers/${m._id}`, admin.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "Menedjerga restoranlar biriktirilgan: avval ularni boshqa menedjerga o'tkazing yoki o'chiring.",
    );
    expect(await snapshot()).toBe(before);
  });

  it('answers 404 for an unknown id or an admin, 403 for a manager, 401 anonymous', async () => {
    const m = await createUser(t.app, t.db, 'manager');
    const before = await snapshot();
    expect(
      (await inject('DELETE', '/admin/managers/00000000-0000-4000-8000-000000000000', admin.headers)).statusCode,
    ).toBe(404);
    expect((await inject('DELETE', `/admin/managers/${admin._id}`, admin.headers)).statusCode).toBe(404);
    expect((await inject('DELETE', `/admin/managers/${m._id}`, manager.headers)).statusCode).toBe(403);
    expect((await inject('DELETE', `/admin/managers/${m._id}`, {})).statusCode).toBe(401);
    expect(await snapshot()).toBe(before);
  });
});

describe('authorization matrix of the manager calls', () => {
  type Who = 'anonymous' | 'admin' | 'owner' | 'other';
  // "owner" here is the manager the call is about; "other" another manager. Only admins may manage managers.
  const expected: Record<Who, (ok: number) => number> = {
    anonymous: () => 401,
    admin: (ok) => ok,
    owner: () => 403,
    other: () => 403,
  };
  const calls: { name: string; ok: number; run: (target: TestUser, h: Headers) => ReturnType<typeof inject> }[] = [
    { name: 'GET /admin/managers', ok: 200, run: (_m, h) => inject('GET', '/admin/managers', h) },
    {
      name: 'POST /admin/managers',
      ok: 201,
      run: (_m, h) => inject('POST', '/admin/managers', h, { login: newLogin(), password: 'parol-12345' }),
    },
    {
      name: 'PUT /admin/managers/{id}',
      ok: 200,
      run: (m, h) => inject('PUT', `/admin/managers/${m._id}`, h, { is_active: false }),
    },
    { name: 'DELETE /admin/managers/{id}', ok: 200, run: (m, h) => inject('DELETE', `/admin/managers/${m._id}`, h) },
  ];
  for (const call of calls) {
    for (const w of ['anonymous', 'admin', 'owner', 'other'] as Who[]) {
      it(`${call.name} as ${w} answers ${expected[w](call.ok)}`, async () => {
        const target = await createUser(t.app, t.db, 'manager');
        const other = await createUser(t.app, t.db, 'manager');
        const headers = { anonymous: {}, admin: admin.headers, owner: target.headers, other: other.headers }[w];
        const before = await snapshot();
        const res = await call.run(target, headers);
        expect(res.statusCode).toBe(expected[w](call.ok));
        if (res.statusCode >= 400) expect(await snapshot()).toBe(before);
        else if (call.name.startsWith('GET')) expect(await snapshot()).toBe(before);
        else expect(await snapshot()).not.toBe(before);
      });
    }
  }
});
