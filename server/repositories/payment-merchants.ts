import { and, asc, eq, gt, notExists } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { categories, paymentSettings, productOptions, products, restaurants, restaurantTables } from '../db/schema';
import type { PaymentRecord, PaymentSettingsRecord } from './payments';

/**
 * What demo mode's payment simulators (server/dev/payments) read of ours, as a provider knows it from its cabinet or a
 * diner from the menu: the merchants registered under an id, a restaurant's name, a payment's table and a dish to order.
 */

/** The settings of every restaurant whose Payme cashbox is `merchantId`. */
export function settingsByPaymeMerchant(db: Executor, merchantId: string): Promise<PaymentSettingsRecord[]> {
  return db.select().from(paymentSettings).where(eq(paymentSettings.payme_merchant_id, merchantId));
}

/** The settings of every restaurant whose Click service and merchant these are. */
export function settingsByClickService(
  db: Executor,
  serviceId: string,
  merchantId: string,
): Promise<PaymentSettingsRecord[]> {
  return db
    .select()
    .from(paymentSettings)
    .where(and(eq(paymentSettings.click_service_id, serviceId), eq(paymentSettings.click_merchant_id, merchantId)));
}

/** A restaurant's settings as they are now (none when it never saved them). */
export function settingsOfRestaurant(db: Executor, restaurantId: string): Promise<PaymentSettingsRecord[]> {
  return db.select().from(paymentSettings).where(eq(paymentSettings.restaurant_id, restaurantId));
}

export async function restaurantName(db: Executor, restaurantId: string): Promise<string> {
  const [row] = await db.select({ name: restaurants.name }).from(restaurants).where(eq(restaurants._id, restaurantId));
  return row?.name ?? '';
}

/** The payment's table (its restaurant's slug and the table's token) and the cheapest dish that needs no choice. */
export async function tableAndDishOf(db: Executor, payment: PaymentRecord) {
  if (!payment.table_id) return undefined;
  const [place] = await db
    .select({ slug: restaurants.slug, token: restaurantTables.token })
    .from(restaurantTables)
    .innerJoin(restaurants, eq(restaurants._id, restaurantTables.restaurant_id))
    .where(eq(restaurantTables._id, payment.table_id));
  const [dish] = await db
    .select({ _id: products._id })
    .from(products)
    .innerJoin(categories, eq(categories._id, products.category_id))
    .where(
      and(
        eq(categories.restaurant_id, payment.restaurant_id),
        eq(categories.is_active, true),
        eq(products.is_active, true),
        gt(products.price, 0),
        notExists(
          db
            .select({ one: productOptions._id })
            .from(productOptions)
            .where(and(eq(productOptions.product_id, products._id), gt(productOptions.min_choices, 0))),
        ),
      ),
    )
    .orderBy(asc(products.price))
    .limit(1);
  return place && dish ? { ...place, productId: dish._id } : undefined;
}
