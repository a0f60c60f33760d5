import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { createUser, type TestUser } from '../support/fixtures';

let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let inactive: TestUser;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_MAX: '5' });
  admin = await createUser(t.app, t.db, 'admin');
  manager = await createUser(t.app, t.db, 'manager');
  inactive = await createUser(t.app, t.db, 'manager', { is_active: false });
});
afterAll(() => t.close());

const login = (body: unknown, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/auth/login', payload: body as object, remoteAddress: ip });

describe('POST /auth/login', () => {
  it('answers data.accessToken whose payload carries role and _id', async () => {
    const res = await login({ login: manager.login, password: manager.password });
    expect(res.statusCode).toBe(200);
    const token = res.json().data.accessToken as string;
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload).toMatchObject({ role: 'manager', _id: manager._id });
    expect(payload.exp - payload.iat).toBe(7 * 24 * 3600);
  });

  it('takes the login as a phone’s keyboard sends it: a space around it, a capital letter', async () => {
    const typed = ` ${manager.login[0]!.toUpperCase()}${manager.login.slice(1)} `;
    const res = await login({ login: typed, password: manager.password }, '10.0.0.7');
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password with 401 and the spec text', async () => {
    const res = await login({ login: admin.login, password: 'wrong-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Login yoki parol xato' });
  });

  it('refuses an inactive user exactly like a wrong password', async () => {
    const res = await login({ login: inactive.login, password: inactive.password });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Login yoki parol xato');
  });

  it('refuses an unknown login the same way', async () => {
    const res = await login({ login: 'nobody', password: 'whatever' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Login yoki parol xato');
  });

  it.each([
    [{ password: 'x' }, 'login'],
    [{ login: 'x' }, 'password'],
    [{ login: '', password: 'x' }, 'login'],
    [{ login: 'x', password: '' }, 'password'],
    [{ login: 5, password: 'x' }, 'login'],
  ])('answers 400 naming the missing field for %o', async (body, field) => {
    const res = await login(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Bad Request');
    expect(res.json().message).toContain(`"${field}"`);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"login":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('rate-limits attempts per IP and login, without locking out other logins or IPs', async () => {
    const target = await createUser(t.app, t.db, 'manager');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await login({ login: target.login, password: 'bad' }, '10.9.9.9')).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const limited = await login({ login: target.login, password: target.password }, '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toContain("Juda ko'p urinish");
    // The same login from another IP, and another login from the same IP, still work.
    expect((await login({ login: target.login, password: target.password }, '10.9.9.10')).statusCode).toBe(200);
    expect((await login({ login: admin.login, password: admin.password }, '10.9.9.9')).statusCode).toBe(200);
  });
});

describe('GET /auth/profile', () => {
  const profile = (authorization?: string) =>
    t.app.inject({ url: '/auth/profile', headers: authorization ? { authorization } : {} });

  it('answers the caller', async () => {
    const res = await profile(admin.headers.authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { _id: admin._id, login: admin.login, role: 'admin', is_active: true } });
  });

  it('answers 401 without a token', async () => {
    const res = await profile();
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Token topilmadi! Iltimos, qayta tizimga kiring.');
  });

  it('answers 401 for an expired token', async () => {
    const sign = createSigner({ key: t.config.jwtSecret!, expiresIn: 1000, clockTimestamp: Date.now() - 3600_000 });
    const token = sign({ role: 'admin', _id: admin._id });
    const res = await profile(`Bearer ${token}`);
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 for a tampered token (role changed without the signature)', async () => {
    const [header, , signature] = manager.token.split('.');
    const forged = Buffer.from(JSON.stringify({ role: 'admin', _id: manager._id, iat: 1 })).toString('base64url');
    const res = await profile(`Bearer ${header}.${forged}.${signature}`);
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 for a token signed with another secret', async () => {
    const sign = createSigner({ key: 'another-secret-that-is-long-enough-000000' });
    const res = await profile(`Bearer ${sign({ role: 'admin', _id: admin._id })}`);
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 once the user is deactivated, even with a valid token', async () => {
    const res = await profile(inactive.headers.authorization);
    expect(res.statusCode).toBe(401);
  });
});

describe('demo accounts', () => {
  it('cannot log in when the server is not in demo mode', async () => {
    const demoUser = await createUser(t.app, t.db, 'admin', { is_demo: true });
    const res = await login({ login: demoUser.login, password: demoUser.password }, '10.1.1.1');
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/auth/profile', headers: demoUser.headers })).statusCode).toBe(401);
  });
});

describe('errors and health', () => {
  it('GET /health answers ok with the database kind', async () => {
    const res = await t.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('an unknown API path is a JSON 404 in the common shape', async () => {
    const res = await t.app.inject({ url: '/admin/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('/docs serves the OpenAPI description with the auth calls', async () => {
    const res = await t.app.inject({ url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(expect.arrayContaining(['/auth/login', '/auth/profile']));
  });
});
