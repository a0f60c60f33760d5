import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../server/db/client';
import { createCategory, createProduct, createRestaurant, createUser, type TestUser } from '../../support/fixtures';
import { type SampleCategory, STOP_LIST_SAMPLE } from './stopList.sample';

/** The shared sample (stopList.sample.ts) written into the real database for one manager's restaurant. */
export interface SeededStopList {
  manager: TestUser;
  restaurantId: string;
  /** Real ids by sample name / title. */
  productIds: Map<string, string>;
  categoryIds: Map<string, string>;
}

export async function seedStopList(
  app: FastifyInstance,
  db: Db,
  sample: SampleCategory[] = STOP_LIST_SAMPLE,
): Promise<SeededStopList> {
  const manager = await createUser(app, db, 'manager');
  const restaurant = await createRestaurant(db, { manager_id: manager._id });
  const productIds = new Map<string, string>();
  const categoryIds = new Map<string, string>();
  for (const [c, category] of sample.entries()) {
    const row = await createCategory(db, restaurant._id, {
      title: category.title,
      is_active: category.is_active,
      position: c,
    });
    categoryIds.set(category.title, row._id);
    for (const [p, product] of category.products.entries()) {
      const created = await createProduct(db, row._id, {
        name: product.name,
        is_active: product.is_active,
        position: p,
      });
      productIds.set(product.name, created._id);
    }
  }
  return { manager, restaurantId: restaurant._id, productIds, categoryIds };
}
