import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAME_PASSWORD, WRONG_CURRENT_PASSWORD } from '../../server/routes/auth';
import { createTestApp, type TestApp } from '../support/app';
import { createUser, type TestUser } from '../support/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_MAX: '4' });
});
afterAll(() => t.close());

/** A token of `user` as another device got it a minute ago. */
function earlierToken(user: TestUser): string {
  const sign = createSigner({ key: t.config.jwtSecret!, expiresIn: 3_600_000, clockTimestamp: Date.now() - 60_000 });
  return `Bearer ${sign({ role: user.role, _id: user._id })}`;
}
const change = (authorization: string | undefined, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/auth/password', headers: authorization ? { authorization } : {}, payload });
const profile = (authorization: string) =>
  t.app.inject({ method: 'GET', url: '/auth/profile', headers: { authorization } });
const login = (userLogin: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/auth/login', payload: { login: userLogin, password } });

describe('PUT /auth/password', () => {
  it('changes the password, ends every earlier session and answers a token that works', async () => {
    const manager = await createUser(t.app, t.db, 'manager');
    const otherDevice = earlierToken(manager);
    expect((await profile(otherDevice)).statusCode).toBe(200);

    const res = await change(otherDevice, { current_password: manager.password, new_password: 'yangi-parol-2026' });
    expect(res.statusCode).toBe(200);
    const fresh = `Bearer ${res.json().data.accessToken}`;
    expect((await profile(fresh)).statusCode).toBe(200);
    expect((await profile(otherDevice)).statusCode).toBe(401);
    expect((await login(manager.login, manager.password)).statusCode).toBe(401);
    expect((await login(manager.login, 'yangi-parol-2026')).statusCode).toBe(200);
  });

  it('of two devices changing the password at once, one wins and its new token works; the other is refused', async () => {
    const manager = await createUser(t.app, t.db, 'manager');
    const phone = earlierToken(manager);
    const laptop = manager.headers.authorization;
    const answers = await Promise.all([
      change(phone, { current_password: manager.password, new_password: 'telefondagi-parol' }),
      change(laptop, { current_password: manager.password, new_password: 'noutbukdagi-parol' }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    const [won, lost] = answers[0]!.statusCode === 200 ? answers : [answers[1]!, answers[0]!];
    expect(lost!.json().message).toBe(WRONG_CURRENT_PASSWORD);
    expect((await profile(`Bearer ${won!.json().data.accessToken}`)).statusCode).toBe(200);
    const winning = won === answers[0] ? 'telefondagi-parol' : 'noutbukdagi-parol';
    expect((await login(manager.login, winning)).statusCode).toBe(200);
  });

  it('refuses a wrong current password or the same password with an Uzbek message, and changes nothing', async () => {
    const admin = await createUser(t.app, t.db, 'admin');
    const session = earlierToken(admin);
    const wrong = await change(session, { current_password: 'not-my-password', new_password: 'yangi-parol-2026' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ statusCode: 400, message: WRONG_CURRENT_PASSWORD });
    const same = await change(session, { current_password: admin.password, new_password: admin.password });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(SAME_PASSWORD);
    expect((await profile(session)).statusCode).toBe(200);
    expect((await login(admin.login, admin.password)).statusCode).toBe(200);
  });

  it.each([
    ['a new password under 8 characters', { current_password: 'x', new_password: 'short' }, 'new_password'],
    ['no current password', { new_password: 'yangi-parol-2026' }, 'current_password'],
    ['an unknown field', { current_password: 'x', new_password: 'yangi-parol-2026', role: 'admin' }, 'role'],
  ])('answers 400 naming the field for %s', async (_name, payload, field) => {
    const manager = await createUser(t.app, t.db, 'manager');
    const res = await change(manager.headers.authorization, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
  });

  it('answers 401 without a token, before looking at the body', async () => {
    expect((await change(undefined, { current_password: 'x', new_password: 'yangi-parol-2026' })).statusCode).toBe(401);
    expect((await change(undefined, {})).statusCode).toBe(401);
  });

  it('limits attempts per user like logins (429 with the Uzbek message)', async () => {
    const manager = await createUser(t.app, t.db, 'manager');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await change(manager.headers.authorization, {
        current_password: 'guess',
        new_password: 'yangi-2026',
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().message).toMatch(/^Juda ko'p urinish\. Iltimos, \d+ daqiqadan so'ng qayta urinib ko'ring\.$/);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    // Another user is not affected.
    const other = await createUser(t.app, t.db, 'manager');
    const res = await change(other.headers.authorization, { current_password: 'guess', new_password: 'yangi-2026' });
    expect(res.statusCode).toBe(400);
  });

  it('a right current password takes its attempt back, so the next typo is still a 400', async () => {
    const manager = await createUser(t.app, t.db, 'manager');
    const wrong = () =>
      change(manager.headers.authorization, { current_password: 'guess', new_password: 'yangi-2026' });
    for (let i = 0; i < 3; i++) expect((await wrong()).statusCode).toBe(400);
    const same = await change(manager.headers.authorization, {
      current_password: manager.password,
      new_password: manager.password,
    });
    expect(same.json().message).toBe(SAME_PASSWORD);
    expect((await wrong()).statusCode).toBe(400);
    expect((await wrong()).statusCode).toBe(429);
  });
});

describe("an admin setting a manager's password", () => {
  it("ends the manager's earlier sessions; the new password logs in", async () => {
    const admin = await createUser(t.app, t.db, 'admin');
    const manager = await createUser(t.app, t.db, 'manager');
    const session = earlierToken(manager);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/admin/managers/${manager._id}`,
      headers: admin.headers,
      payload: { password: 'admin-bergan-parol' },
    });
    expect(res.statusCode).toBe(200);
    expect((await profile(session)).statusCode).toBe(401);
    expect((await login(manager.login, 'admin-bergan-parol')).statusCode).toBe(200);
  });

  it('leaves the sessions alone when only is_active or the login changes', async () => {
    const admin = await createUser(t.app, t.db, 'admin');
    const manager = await createUser(t.app, t.db, 'manager');
    const session = earlierToken(manager);
    await t.app.inject({
      method: 'PUT',
      url: `/admin/managers/${manager._id}`,
      headers: admin.headers,
      payload: { login: `${manager.login}-yangi` },
    });
    expect((await profile(session)).statusCode).toBe(200);
  });
});
