import { expect } from 'vitest';
import { createCategory, createProduct } from '../support/fixtures';
import type { Caller, Tenants } from '../support/tenants';
import { orderingRestaurant, postOrder } from './orders-fixtures';

/** A restaurant of the owner taking orders, with two stations: Oshxona (first) makes the food, Bar the drinks. */
export async function kitchenRestaurant(t: Tenants, stations: { oshxona?: object; bar?: object } = {}) {
  const s = await orderingRestaurant(t);
  const station = async (body: object) => {
    const res = await t.call('owner', {
      method: 'POST',
      url: `/manager/restaurants/${s.restaurant._id}/stations`,
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    return res.json().data as { _id: string; name: string };
  };
  const oshxona = await station({ name: 'Oshxona', ...stations.oshxona });
  const bar = await station({ name: 'Bar', ...stations.bar });
  const drinks = await createCategory(t.db, s.restaurant._id, { station_id: bar._id });
  const choy = await createProduct(t.db, drinks._id, { name: "Ko'k choy", price: 5000 });
  return { ...s, oshxona, bar, drinks, choy, food: s.product };
}
export type KitchenSetup = Awaited<ReturnType<typeof kitchenRestaurant>>;

/** A diner's order of one plov-like dish (the category without a station: Oshxona) and a tea (Bar). */
export async function foodAndTea(t: Tenants, s: KitchenSetup, comment = 'Achchiq bo‘lmasin') {
  const res = await postOrder(t, s.restaurant.slug, {
    table_id: s.table.token,
    items: [
      { product_id: s.food._id, quantity: 2 },
      { product_id: s.choy._id, quantity: 1 },
    ],
    comment,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { _id: string; number: number };
}

/** A kitchen device of the restaurant, paired: its session's headers. */
export async function pairedDevice(
  t: Tenants,
  restaurantId: string,
  stationId: string | null,
  caller: Caller = 'owner',
) {
  const created = await t.call(caller, {
    method: 'POST',
    url: `/manager/restaurants/${restaurantId}/kitchen-devices`,
    payload: { name: 'Planshet', station_id: stationId },
  });
  expect(created.statusCode).toBe(201);
  const { _id, code } = created.json().data as { _id: string; code: string };
  const paired = await t.app.inject({ method: 'POST', url: '/kitchen/pair', payload: { code } });
  expect(paired.statusCode).toBe(200);
  const token = paired.json().token as string;
  return { _id, token, headers: { authorization: `Bearer ${token}` } };
}
