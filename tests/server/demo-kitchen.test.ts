import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, kitchenStations, products, restaurants, restaurantTables } from '../../server/db/schema';
import { seedDemo } from '../../server/dev/demo/seed';
import { createTestApp, type TestApp } from '../support/app';

/**
 * The demo's kitchen (`npm start`): Samarqand Darvozasi, the restaurant with tables, has two stations, Oshxona with
 * a printer (demo mode's simulator) and Bar without; a diner's order prints the kitchen's ticket, as /dev/printer shows.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  const printer = t.app.demoPrinter!;
  await seedDemo(t.db, {
    dataDir: t.config.dataDir,
    integration: t.app.integration,
    printer: { host: printer.host, port: printer.port },
  });
});
afterAll(() => t.close());

describe('the demo kitchen', () => {
  it('Oshxona prints on the simulator, Bar makes the drinks, and an order reaches /dev/printer', async () => {
    const [restaurant] = await t.db.select().from(restaurants).where(eq(restaurants.slug, 'samarqand-darvozasi'));
    const stations = await t.db
      .select()
      .from(kitchenStations)
      .where(eq(kitchenStations.restaurant_id, restaurant!._id))
      .orderBy(kitchenStations.position);
    expect(stations.map((s) => [s.name, s.printer === null])).toEqual([
      ['Oshxona', false],
      ['Bar', true],
    ]);
    // The seeded printer is the simulator demo mode started (on 9100, or another port when that was taken).
    expect(stations[0]!.printer!.port).toBe(t.app.demoPrinter!.port);
    const drinks = await t.db.select().from(categories).where(eq(categories.title, 'Ichimliklar'));
    expect(drinks.find((c) => c.restaurant_id === restaurant!._id)!.station_id).toBe(stations[1]!._id);

    const [table] = await t.db
      .select()
      .from(restaurantTables)
      .where(eq(restaurantTables.restaurant_id, restaurant!._id));
    // A dish of the Oshxona without options to choose.
    const [dish] = await t.db
      .select({ _id: products._id })
      .from(products)
      .innerJoin(categories, eq(categories._id, products.category_id))
      .where(
        and(
          eq(categories.restaurant_id, restaurant!._id),
          eq(categories.title, 'Non va somsa'),
          eq(products.is_active, true),
          sql`not exists (select 1 from product_options o where o.product_id = ${products._id})`,
        ),
      )
      .limit(1);
    const order = await t.app.inject({
      method: 'POST',
      url: `/menu/${restaurant!.slug}/orders`,
      headers: { 'idempotency-key': crypto.randomUUID() },
      payload: { table_id: table!.token, items: [{ product_id: dish!._id, quantity: 1 }] },
    });
    expect(order.statusCode, order.body).toBe(201);
    const { number } = order.json().data as { number: number };
    const printed = () =>
      t.app
        .demoPrinter!.tickets()
        .find((ticket) => ticket.paper.lines.some((line) => line.text.trim() === `№ ${number}`));
    for (let i = 0; i < 100 && !printed(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(printed()?.paper.lines.map((line) => line.text.trim())).toContain('Oshxona');
  });
});
