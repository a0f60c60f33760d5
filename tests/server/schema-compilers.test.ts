import Ajv from 'ajv';
import { afterAll, expect, it, vi } from 'vitest';
import { LoginAnswer, LoginBody } from '../../server/schemas/auth';
import { sharedSchemaCompilers } from '../../server/schemas/compilers';
import { createTestApp, type TestApp } from '../support/app';

/** Apps built one after another in one process (a test worker's files) compile each route's schemas once. */

const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

const loginWithNul = (t: TestApp) =>
  t.app.inject({ method: 'POST', url: '/auth/login', payload: { login: 'ad\u0000min', password: 'secret-password' } });

it("a second app's validators are the first app's compiled functions, and still refuse what our keywords refuse", async () => {
  const compile = vi.spyOn(Ajv.prototype, 'compile');
  try {
    apps.push(await createTestApp());
    const first = new Set(compile.mock.results.map((result) => result.value));
    compile.mockClear();
    apps.push(await createTestApp());
    const second = compile.mock.results.map((result) => result.value);
    expect(second.length).toBeGreaterThan(100);
    expect(second.filter((validate) => !first.has(validate))).toEqual([]);
  } finally {
    compile.mockRestore();
  }
  for (const t of apps) {
    const res = await loginWithNul(t);
    expect(res.statusCode).toBe(400);
  }
});

it("makes a response schema's serializer once for every app with the same options, and each schema its own", () => {
  const forOneApp = sharedSchemaCompilers.buildSerializer({}, {});
  const forAnother = sharedSchemaCompilers.buildSerializer({}, {});
  const route = { schema: LoginAnswer, method: 'POST', url: '/auth/login', httpStatus: '200' };
  const serialize = forOneApp(route);
  expect(forAnother({ ...route })).toBe(serialize);
  expect(serialize({ data: { accessToken: 'abc', extra: 1 } })).toBe('{"data":{"accessToken":"abc"}}');
  expect(forAnother({ ...route, schema: LoginBody })).not.toBe(serialize);
});
