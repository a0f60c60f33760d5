import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurants, users } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';

/**
 * The manager's working restaurant, remembered per user (GET / PUT /manager/restaurants/working): only their own
 * restaurant is accepted, and one given away or deleted since is no longer answered.
 */

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, t.db, 'admin');
  owner = await createUser(t.app, t.db, 'manager');
  other = await createUser(t.app, t.db, 'manager');
});
afterAll(() => t.close());

const read = (user: TestUser) =>
  t.app.inject({ method: 'GET', url: '/manager/restaurants/working', headers: user.headers });
const choose = (user: TestUser | null, restaurant_id: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/manager/restaurants/working',
    headers: user?.headers ?? {},
    payload: { restaurant_id },
  });
const stored = async (user: TestUser) =>
  (await t.db.select().from(users).where(eq(users._id, user._id)))[0]!.working_restaurant_id;

describe('the working restaurant', () => {
  it('is null until chosen, then answers the choice; a second choice replaces it', async () => {
    const first = await createRestaurant(t.db, { manager_id: owner._id });
    const second = await createRestaurant(t.db, { manager_id: owner._id });
    expect((await read(owner)).json()).toEqual({ data: { restaurant_id: null } });

    const answer = await choose(owner, second._id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ data: { restaurant_id: second._id } });
    expect((await read(owner)).json()).toEqual({ data: { restaurant_id: second._id } });

    await choose(owner, first._id);
    expect((await read(owner)).json()).toEqual({ data: { restaurant_id: first._id } });
    // Per user: another manager's choice is their own.
    expect((await read(other)).json()).toEqual({ data: { restaurant_id: null } });
  });

  it("refuses another manager's restaurant and an unknown id with 404, and changes nothing", async () => {
    const mine = await createRestaurant(t.db, { manager_id: other._id });
    const foreign = await createRestaurant(t.db, { manager_id: owner._id });
    await choose(other, mine._id);

    const refused = await choose(other, foreign._id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Restoran topilmadi.');
    const unknown = await choose(other, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(await stored(other)).toBe(mine._id);
  });

  it('refuses a malformed id (400), an admin (403) and no token (401)', async () => {
    const restaurant = await createRestaurant(t.db, { manager_id: owner._id });
    expect((await choose(owner, 'not-an-id')).statusCode).toBe(400);
    expect((await choose(admin, restaurant._id)).statusCode).toBe(403);
    expect((await read(admin)).statusCode).toBe(403);
    expect((await choose(null, restaurant._id)).statusCode).toBe(401);
  });

  it('is no longer answered once the restaurant is given to another manager or deleted', async () => {
    const manager = await createUser(t.app, t.db, 'manager');
    const given = await createRestaurant(t.db, { manager_id: manager._id });
    await choose(manager, given._id);
    await t.db.update(restaurants).set({ manager_id: other._id }).where(eq(restaurants._id, given._id));
    expect((await read(manager)).json()).toEqual({ data: { restaurant_id: null } });

    const deleted = await createRestaurant(t.db, { manager_id: manager._id });
    await choose(manager, deleted._id);
    await t.db.delete(restaurants).where(eq(restaurants._id, deleted._id));
    expect((await read(manager)).json()).toEqual({ data: { restaurant_id: null } });
    expect(await stored(manager)).toBeNull();
  });
});
