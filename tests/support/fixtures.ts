import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/client';
import { categories, optionRows, productOptions, products, restaurants, users } from '../../server/db/schema';
import { hashPassword } from '../../server/passwords';

/** Rows written straight into the database, so a test states exactly what exists before it calls the API. */

let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}${Date.now().toString(36)}`;

export interface TestUser {
  _id: string;
  login: string;
  password: string;
  role: 'admin' | 'manager';
  token: string;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  headers: { authorization: string };
}

// One hash reused by every fixture user: scrypt is deliberately slow.
let sharedHash: Promise<string> | undefined;
const FIXTURE_PASSWORD = 'secret-password-1';

export async function createUser(
  app: FastifyInstance,
  db: Db,
  role: 'admin' | 'manager',
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<TestUser> {
  sharedHash ??= hashPassword(FIXTURE_PASSWORD);
  const [row] = await db
    .insert(users)
    .values({ login: unique(role), password_hash: await sharedHash, role, ...overrides })
    .returning();
  const token = app.jwt.sign({ role: row!.role, _id: row!._id });
  return {
    _id: row!._id,
    login: row!.login,
    password: FIXTURE_PASSWORD,
    role: row!.role,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}

export async function createRestaurant(db: Db, values: Partial<typeof restaurants.$inferInsert> = {}) {
  const slug = values.slug ?? unique('rest-');
  const [row] = await db
    .insert(restaurants)
    .values({
      name: `Restoran ${slug}`,
      slug,
      address: "Toshkent, Navoiy ko'chasi 1",
      phone_number: '+998 90 123 45 67',
      work_time: '09:00 - 23:00',
      ...values,
    })
    .returning();
  return row!;
}

export async function createCategory(
  db: Db,
  restaurantId: string,
  values: Partial<typeof categories.$inferInsert> = {},
) {
  const [row] = await db
    .insert(categories)
    .values({ title: unique('Kategoriya '), restaurant_id: restaurantId, ...values })
    .returning();
  return row!;
}

export async function createProduct(db: Db, categoryId: string, values: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await db
    .insert(products)
    .values({ name: unique('Mahsulot '), category_id: categoryId, price: 25000, ...values })
    .returning();
  return row!;
}

export async function createOption(
  db: Db,
  productId: string,
  values: Partial<typeof productOptions.$inferInsert> = {},
) {
  const [row] = await db
    .insert(productOptions)
    .values({ name: unique('Opsiya '), product_id: productId, ...values })
    .returning();
  return row!;
}

export async function createRow(db: Db, optionId: string, values: Partial<typeof optionRows.$inferInsert> = {}) {
  const [row] = await db
    .insert(optionRows)
    .values({ name: unique('Qator '), product_option_id: optionId, price: 5000, ...values })
    .returning();
  return row!;
}
