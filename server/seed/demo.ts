import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categories, optionRows, productOptions, products, restaurants, users } from '../db/schema';
import { hashPassword } from '../passwords';
import { DEMO_ADMIN, DEMO_MANAGERS, DEMO_RESTAURANTS } from './demo-data';

export interface DemoLogin {
  role: 'admin' | 'manager';
  login: string;
  password: string;
}

export interface SeedDemoOptions {
  dataDir: string;
}

/**
 * DEMO=1: on an empty database (no users at all) seed the demo data set in one transaction.
 * A second start finds users and seeds nothing. Answers the demo logins to print.
 */
export async function seedDemo(db: Db, _options: SeedDemoOptions): Promise<DemoLogin[]> {
  const logins: DemoLogin[] = [
    { role: 'admin', ...DEMO_ADMIN },
    ...DEMO_MANAGERS.map((m) => ({ role: 'manager' as const, ...m })),
  ];
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return logins;

  const adminHash = await hashPassword(DEMO_ADMIN.password);
  const managerHashes = await Promise.all(DEMO_MANAGERS.map((m) => hashPassword(m.password)));
  await db.transaction(async (tx) => {
    await tx.insert(users).values({ login: DEMO_ADMIN.login, password_hash: adminHash, role: 'admin', is_demo: true });
    const managers = await tx
      .insert(users)
      .values(
        DEMO_MANAGERS.map((m, i) => ({
          login: m.login,
          password_hash: managerHashes[i]!,
          role: 'manager' as const,
          is_demo: true,
        })),
      )
      .returning({ _id: users._id });
    for (const demo of DEMO_RESTAURANTS) {
      const [restaurant] = await tx
        .insert(restaurants)
        .values({
          name: demo.name,
          slug: demo.slug,
          address: demo.address,
          phone_number: demo.phone_number,
          work_time: demo.work_time,
          manager_id: managers[demo.manager]!._id,
          is_active: demo.is_active ?? true,
        })
        .returning({ _id: restaurants._id });
      for (const [categoryIndex, demoCategory] of demo.categories.entries()) {
        const [category] = await tx
          .insert(categories)
          .values({ title: demoCategory.title, restaurant_id: restaurant!._id, position: categoryIndex })
          .returning({ _id: categories._id });
        for (const [productIndex, demoProduct] of demoCategory.products.entries()) {
          const [product] = await tx
            .insert(products)
            .values({
              name: demoProduct.name,
              description: demoProduct.description,
              price: demoProduct.price,
              category_id: category!._id,
              is_active: demoProduct.active ?? true,
              position: productIndex,
            })
            .returning({ _id: products._id });
          for (const demoOption of demoProduct.options ?? []) {
            const [option] = await tx
              .insert(productOptions)
              .values({ product_id: product!._id, name: demoOption.name })
              .returning({ _id: productOptions._id });
            await tx
              .insert(optionRows)
              .values(
                demoOption.rows.map((row) => ({ product_option_id: option!._id, name: row.name, price: row.price })),
              );
          }
        }
      }
    }
  });
  return logins;
}
