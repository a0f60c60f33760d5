import { expect } from 'vitest';
import { restaurants } from '../../server/db/schema';
import { SAMPLE_ORGANIZATIONS } from '../../server/dev/pos/sample-data';
import { type PosSimulator, startPosSimulator } from '../../server/dev/pos/server';
import { createTestApp, type TestApp } from '../support/app';
import { createUser, type TestUser } from '../support/fixtures';

/** The POS integration's tests: the app pointed at the iiko simulator over real HTTP, with an admin and a manager. */
export interface PosApp {
  sim: PosSimulator;
  t: TestApp;
  admin: TestUser;
  manager: TestUser;
  /** The simulator's first sample organization (server/dev/pos/sample-data.ts). */
  orgId: string;
}

export async function startPosApp(): Promise<PosApp> {
  const sim = await startPosSimulator();
  const t = await createTestApp({ IIKO_API_URL: sim.url, IIKO_API_LOGIN: sim.apiLogin });
  const admin = await createUser(t.app, t.db, 'admin');
  const manager = await createUser(t.app, t.db, 'manager');
  const orgId = sim.control.organizations().find((org) => org.name === SAMPLE_ORGANIZATIONS[0]!.name)!.id;
  return { sim, t, admin, manager, orgId };
}

export async function closePosApp({ t, sim }: PosApp): Promise<void> {
  await t.close();
  await sim.close();
}

/** The simulator as it started and no restaurant left: each test begins from there. */
export async function startOver({ sim, t }: PosApp): Promise<void> {
  sim.control.reset();
  await t.db.delete(restaurants);
}

/** The admin imports an organization as a restaurant run by the manager (201); answers the restaurant as created. */
export async function importOrganization({ t, admin, manager }: PosApp, organizationId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/integration/restaurants/create',
    headers: admin.headers,
    payload: { id: organizationId, manager_id: manager._id },
  });
  expect(res.statusCode, res.body).toBe(201);
  // biome-ignore lint/suspicious/noExplicitAny: the API's JSON answer, read field by field
  return res.json().data as { _id: string; slug: string } & Record<string, any>;
}
