import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { categories, optionRows, productOptions, products, restaurants } from '../../server/db/schema';
import type { PosSimulator } from '../../server/dev/pos/server';
import { positionId } from '../../server/domain/orders/till-lines';
import type { TillLine } from '../../server/integrations/till';
import type { StaffOrderView } from '../../server/schemas/table-orders';
import type { TestApp } from '../support/app';
import type { TestUser } from '../support/fixtures';
import { freshAddress } from './orders-fixtures';

/** An integration restaurant made from a simulator organization, taking orders at its POS tables; what its tests do. */
export interface TillRestaurant {
  restaurantId: string;
  slug: string;
  organizationId: string;
  terminalGroupId: string;
  /** By the POS table's number: our table's token and the POS table's id. */
  tables: Map<number, { token: string; posTableId: string; name: string }>;
}

export async function tillRestaurant(
  t: TestApp,
  sim: PosSimulator,
  admin: TestUser,
  manager: TestUser,
  organizationName: string,
): Promise<TillRestaurant> {
  const organizationId = sim.control.organizations().find((org) => org.name === organizationName)!.id;
  const terminalGroupId = sim.control.terminals.terminalGroups(organizationId)[0]!.id;
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/integration/restaurants/create',
    headers: admin.headers,
    payload: { id: organizationId, manager_id: manager._id },
  });
  expect(res.statusCode).toBe(201);
  const { _id: restaurantId, slug } = res.json().data as { _id: string; slug: string };
  await t.db.update(restaurants).set({ ordering_enabled: true }).where(eq(restaurants._id, restaurantId));
  const listed = await t.app.inject({
    method: 'GET',
    url: `/manager/tables?restaurant_id=${restaurantId}`,
    headers: manager.headers,
  });
  const posTables = sim.control.terminals.tables(terminalGroupId);
  const tables = new Map<number, { token: string; posTableId: string; name: string }>();
  for (const table of listed.json().data as { token: string; pos_table_id: string | null; name: string }[]) {
    const pos = posTables.find((candidate) => candidate.id === table.pos_table_id);
    if (pos) tables.set(pos.number, { token: table.token, posTableId: pos.id, name: table.name });
  }
  return { restaurantId, slug, organizationId, terminalGroupId, tables };
}

/** Our product of that name in the restaurant, and its option rows by name. */
export async function dish(t: TestApp, restaurantId: string, name: string) {
  const [product] = await t.db
    .select({ _id: products._id, external_id: products.external_id, price: products.price })
    .from(products)
    .innerJoin(categories, eq(categories._id, products.category_id))
    .where(and(eq(categories.restaurant_id, restaurantId), eq(products.name, name)));
  expect(product, name).toBeDefined();
  const rows = await t.db
    .select({
      _id: optionRows._id,
      name: optionRows.name,
      price: optionRows.price,
      external_id: optionRows.external_id,
      option: productOptions.name,
      option_external_id: productOptions.external_id,
    })
    .from(optionRows)
    .innerJoin(productOptions, eq(productOptions._id, optionRows.product_option_id))
    .where(eq(productOptions.product_id, product!._id));
  const row = (option: string, rowName: string) => {
    const found = rows.find((candidate) => candidate.option === option && candidate.name === rowName);
    expect(found, `${name}: ${option} / ${rowName}`).toBeDefined();
    return found!;
  };
  return { ...product!, row };
}

export interface OrderItem {
  product_id: string;
  quantity: number;
  row_ids?: string[];
}

/** A diner's order at the table (POST /menu/{slug}/orders): answers the created order's id and number. */
export async function order(
  t: TestApp,
  slug: string,
  tableToken: string,
  items: OrderItem[],
  comment?: string,
): Promise<{ _id: string; number: number }> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/menu/${slug}/orders`,
    headers: { 'idempotency-key': randomUUID() },
    payload: { table_id: tableToken, items, ...(comment ? { comment } : {}) },
    remoteAddress: freshAddress(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** The order as the staff's list answers it. */
export async function staffOrder(t: TestApp, user: TestUser, restaurantId: string, orderId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/manager/orders?restaurant_id=${restaurantId}&limit=100`,
    headers: user.headers,
  });
  expect(res.statusCode).toBe(200);
  const found = (res.json().data as StaffOrderView[]).find((candidate) => candidate._id === orderId);
  expect(found).toBeDefined();
  return found!;
}

/** Waits until the order's sending ended (sent or failed) and answers it as the staff see it. */
export async function settled(t: TestApp, user: TestUser, restaurantId: string, orderId: string, timeout = 8000) {
  return vi.waitFor(
    async () => {
      const found = await staffOrder(t, user, restaurantId, orderId);
      expect(found.pos?.status).not.toBe('sending');
      return found;
    },
    { timeout, interval: 25 },
  );
}

/** The restaurants of the last test gone, and the menu's caches of them (their slug is made again). */
export async function forgetRestaurants(t: TestApp) {
  const gone = await t.db.delete(restaurants).returning({ _id: restaurants._id });
  for (const { _id } of gone) t.app.menuChanged(_id);
}

/** One dish of an order as the sender puts it on a check: the order's own position id for its place in the order. */
export const tillLine = (
  orderId: string,
  place: number,
  ordered: { external_id: string | null; price: number },
): TillLine => ({
  productId: ordered.external_id!,
  sizeId: null,
  amount: 1,
  price: ordered.price,
  positionId: positionId(orderId, String(place)),
  comment: null,
  modifiers: [],
});

/**
 * The order given to the till directly, as a sender's process does before it records iiko's answer: one dish, at the
 * restaurant's table 1.
 */
export function giveTillTheOrder(
  t: TestApp,
  r: TillRestaurant,
  made: { _id: string; number: number },
  ordered: { external_id: string | null; price: number },
) {
  return t.app.integration.provider!.till!.createOrder(
    r.organizationId,
    r.terminalGroupId,
    {
      id: made._id,
      externalNumber: String(made.number),
      tableIds: [r.tables.get(1)!.posTableId],
      lines: [tillLine(made._id, 0, ordered)],
    },
    { signal: AbortSignal.timeout(5000) },
  );
}
