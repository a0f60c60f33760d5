import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rowsOf } from '../../server/db/client';
import { setupTenants } from '../support/tenants';
import { line, orderingRestaurant, postOrder } from './orders-fixtures';

/** MENU_COUNTING=0: the menu counts nothing for the owner's report; orders are still reported. */

const t = setupTenants({ env: () => ({ MENU_COUNTING: '0' }) });

it('counts no menu open, detail or search with counting off, and still reports the orders', async () => {
  const s = await orderingRestaurant(t);
  expect((await t.app.inject({ method: 'GET', url: `/menu/${s.restaurant.slug}` })).statusCode).toBe(200);
  const beacon = await t.app.inject({
    method: 'POST',
    url: `/menu/${s.restaurant.slug}/stats`,
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({ s: 'pizza' }),
  });
  expect(beacon.statusCode).toBe(204);
  expect(
    (await postOrder(t, s.restaurant.slug, { table_id: s.table.token, items: [line(s.product._id)] })).statusCode,
  ).toBe(201);
  await t.app.insights.flush();
  const day = rowsOf<{ day: string }>(
    await t.db.execute(sql`select to_char(now() at time zone 'Asia/Tashkent', 'YYYY-MM-DD') as day`),
  )[0]!.day;
  const res = await t.call('owner', {
    method: 'GET',
    url: `/manager/restaurants/${s.restaurant._id}/insights?from=${day}&to=${day}`,
  });
  expect(res.json().data).toMatchObject({ menu_opens: 0, orders: 1, empty_searches: [] });
});
