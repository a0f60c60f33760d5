import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { configProblems } from '../support/config-problems';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.jwtSecret).toBeUndefined();
    expect(config.jwtExpiresIn).toBe('7d');
    expect(config.demo).toBe(false);
    expect(config.imageTimeoutSeconds).toBe(10);
    expect(config.menuCacheMb).toBe(512);
    expect(config.menuCounting).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/menyu',
      DATABASE_URL: 'postgres://u:p@localhost:5432/menyu',
      JWT_SECRET: 'x'.repeat(40),
      ADMIN_LOGIN: 'boss',
      ADMIN_PASSWORD: 'long-enough-password',
      DEMO: '1',
      PUBLIC_URL: 'https://menyu.uz',
      IMAGE_TIMEOUT_SECONDS: '30',
      MENU_CACHE_MB: '1024',
      MENU_COUNTING: '0',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/menyu',
      databaseUrl: 'postgres://u:p@localhost:5432/menyu',
      adminLogin: 'boss',
      demo: true,
      publicUrl: 'https://menyu.uz',
      imageTimeoutSeconds: 30,
      menuCacheMb: 1024,
      menuCounting: false,
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number'],
    [{ PORT: '70000' }, 'PORT must be a whole number'],
    [{ DATABASE_URL: 'mysql://localhost/x' }, 'DATABASE_URL must be a postgres or postgresql URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters'],
    [{ ADMIN_LOGIN: 'boss' }, 'ADMIN_LOGIN and ADMIN_PASSWORD must be set together'],
    [{ ADMIN_LOGIN: 'boss', ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD must be at least 8 characters'],
    [{ DEMO: 'maybe' }, 'DEMO must be 1 or 0'],
    [{ JWT_EXPIRES_IN: 'forever' }, 'JWT_EXPIRES_IN must be a duration'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL must be a http or https URL'],
    [{ IMAGE_TIMEOUT_SECONDS: '0' }, 'IMAGE_TIMEOUT_SECONDS must be a whole number'],
    [{ MENU_CACHE_MB: '0' }, 'MENU_CACHE_MB must be a whole number from 1'],
    [{ MENU_CACHE_MB: '1.5' }, 'MENU_CACHE_MB must be a whole number'],
    [{ MENU_COUNTING: 'maybe' }, 'MENU_COUNTING must be 1 or 0'],
  ])('rejects %o with a clear message', (env, message) => {
    const problems = configProblems(env as Record<string, string>);
    expect(problems.join('\n')).toContain(message);
  });

  it('trusts no proxy unless TRUST_PROXY says so: a hop count or a list of addresses and CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 172.16.0.0/12,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '172.16.0.0/12',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', 'yes', '10.0.0.0/33', '10.0.0', 'proxy.example.uz', '1.2.3.4/8/9', '21']) {
      const problems = configProblems({ TRUST_PROXY: bad });
      expect(problems, bad).toHaveLength(1);
      expect(problems[0]).toContain('TRUST_PROXY');
    }
    expect(loadConfig({}).loginIpRateMax).toBe(30);
  });

  it('reports every bad value at once', () => {
    expect(configProblems({ PORT: 'x', DEMO: 'x' })).toHaveLength(2);
  });
});
