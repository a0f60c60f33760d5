import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_WORK_BUSY, passwordWork } from '../../server/passwords';
import { createTestApp, type TestApp } from '../support/app';
import { createUser } from '../support/fixtures';

const login = (t: TestApp, body: object, options: { ip?: string; forwardedFor?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: body,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {},
  });

const WAIT_MESSAGE = /^Juda ko'p urinish\. Iltimos, \d+ (daqiqadan|soniyadan) so'ng qayta urinib ko'ring\.$/;

describe('login limits without TRUST_PROXY (the default trusts no forwarded header)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_MAX: '3', LOGIN_IP_RATE_MAX: '6' });
  });
  afterAll(() => t.close());

  it('a rotating X-Forwarded-For does not buy more guesses against one login', async () => {
    const target = await createUser(t.app, t.db, 'manager');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await login(
        t,
        { login: target.login, password: 'guess' },
        { ip: '10.1.0.1', forwardedFor: `1.2.3.${i}` },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it("sending a victim's address in X-Forwarded-For does not lock the victim out", async () => {
    const victim = await createUser(t.app, t.db, 'manager');
    for (let i = 0; i < 4; i++) {
      await login(t, { login: victim.login, password: 'guess' }, { ip: '10.1.0.2', forwardedFor: '10.1.0.3' });
    }
    const own = await login(t, { login: victim.login, password: victim.password }, { ip: '10.1.0.3' });
    expect(own.statusCode).toBe(200);
  });

  it('limits failed logins per address whatever the login name, with Retry-After and the wait in the message', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await login(t, { login: `random-${i}`, password: 'guess' }, { ip: '10.1.0.4' });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
        expect(res.json().message).toMatch(WAIT_MESSAGE);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      }
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    // Another address is not affected.
    const admin = await createUser(t.app, t.db, 'admin');
    expect((await login(t, { login: admin.login, password: admin.password }, { ip: '10.1.0.5' })).statusCode).toBe(200);
  });

  it('successful logins never count: an admin logging in many times in a row is not locked out', async () => {
    const admin = await createUser(t.app, t.db, 'admin');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await login(t, { login: admin.login, password: admin.password }, { ip: '10.1.0.6' })).statusCode);
    }
    expect(statuses).toEqual(Array(12).fill(200));
  });

  it('a correct password after failures is taken back, so the next typo still has its chances', async () => {
    const manager = await createUser(t.app, t.db, 'manager');
    const ip = '10.1.0.7';
    await login(t, { login: manager.login, password: 'typo' }, { ip });
    await login(t, { login: manager.login, password: 'typo' }, { ip });
    expect((await login(t, { login: manager.login, password: manager.password }, { ip })).statusCode).toBe(200);
    expect((await login(t, { login: manager.login, password: 'typo' }, { ip })).statusCode).toBe(401);
  });

  it('finds the account whatever the case of the login (logins are unique without regard to case)', async () => {
    const manager = await createUser(t.app, t.db, 'manager');
    const res = await login(t, { login: manager.login.toUpperCase(), password: manager.password }, { ip: '10.1.0.8' });
    expect(res.statusCode).toBe(200);
  });
});

describe('login limits behind a configured proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_MAX: '2', TRUST_PROXY: '10.2.0.1' });
  });
  afterAll(() => t.close());

  it('counts per client address the trusted proxy reports, and ignores the header from anyone else', async () => {
    const target = await createUser(t.app, t.db, 'manager');
    const viaProxy = (client: string, password = 'guess') =>
      login(t, { login: target.login, password }, { ip: '10.2.0.1', forwardedFor: client });
    expect((await viaProxy('203.0.113.1')).statusCode).toBe(401);
    expect((await viaProxy('203.0.113.1')).statusCode).toBe(401);
    expect((await viaProxy('203.0.113.1')).statusCode).toBe(429);
    // Another diner's phone behind the same proxy is another address.
    expect((await viaProxy('203.0.113.2', target.password)).statusCode).toBe(200);
    // A client that is not the proxy cannot choose its address.
    const direct = (forwardedFor: string) =>
      login(t, { login: target.login, password: 'guess' }, { ip: '198.51.100.7', forwardedFor });
    expect((await direct('1.1.1.1')).statusCode).toBe(401);
    expect((await direct('1.1.1.2')).statusCode).toBe(401);
    expect((await direct('1.1.1.3')).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_MAX: '1', TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('takes the address the nearest proxy added, not what the client wrote before it', async () => {
    const target = await createUser(t.app, t.db, 'manager');
    const attempt = (forwardedFor: string) =>
      login(t, { login: target.login, password: 'guess' }, { ip: '10.4.0.1', forwardedFor });
    expect((await attempt('1.1.1.1, 203.0.113.50')).statusCode).toBe(401);
    // The same client, whatever it claims in front: limited.
    expect((await attempt('1.1.1.2, 203.0.113.50')).statusCode).toBe(429);
    // Another client behind the proxy is another address.
    expect((await attempt('203.0.113.51')).statusCode).toBe(401);
  });
});

describe('password hashing is a bounded queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_MAX: '1000', LOGIN_IP_RATE_MAX: '1000' });
  });
  afterAll(() => t.close());

  it('a flood of logins from many addresses gets fast 503s with Retry-After beyond the queue, never a 500', async () => {
    const admin = await createUser(t.app, t.db, 'admin');
    const flood = Array.from({ length: 100 }, (_, i) =>
      login(t, { login: `nobody-${i}`, password: 'guess' }, { ip: `10.3.${Math.floor(i / 250)}.${i % 250}` }),
    );
    const answers = await Promise.all(flood);
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s !== 401 && s !== 503)).toEqual([]);
    const busy = answers.filter((res) => res.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]!.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: PASSWORD_WORK_BUSY });
    expect(Number(busy[0]!.headers['retry-after'])).toBeGreaterThan(0);
    // The queue drained: the real admin logs in.
    expect(passwordWork.stats).toEqual({ running: 0, waiting: 0 });
    expect((await login(t, { login: admin.login, password: admin.password })).statusCode).toBe(200);
  });
});
