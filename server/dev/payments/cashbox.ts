import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paymentSettings, restaurants } from '../../db/schema';
import { findPayment, type PaymentSettingsRecord } from '../../repositories/payments';

/**
 * What a provider knows of a merchant from its own cabinet: the restaurant's settings as it entered them (merchant
 * ids, keys), read back from payment_settings. The simulators read nothing else of ours to take a payment; everything
 * they do to it goes over HTTP.
 */
export interface Merchant {
  restaurantId: string;
  name: string;
  settings: PaymentSettingsRecord;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Of the restaurants registered under these ids (demo data seeded twice, or a manager who copied the demo's), the one
 * whose payment this is, else the first: the provider would call that one's endpoint and hear "order not found".
 */
async function pick(db: Executor, rows: PaymentSettingsRecord[], paymentId: string): Promise<Merchant | undefined> {
  if (rows.length === 0) return undefined;
  const payment = UUID.test(paymentId) ? await findPayment(db, paymentId) : undefined;
  const settings = rows.find((row) => row.restaurant_id === payment?.restaurant_id) ?? rows[0]!;
  const [restaurant] = await db
    .select({ name: restaurants.name })
    .from(restaurants)
    .where(eq(restaurants._id, settings.restaurant_id));
  return { restaurantId: settings.restaurant_id, name: restaurant?.name ?? '', settings };
}

/** The Payme cashbox `m` names (its account field carrying `paymentId`). */
export async function paymeMerchant(db: Executor, merchantId: string, paymentId: string) {
  if (merchantId === '') return undefined;
  const rows = await db.select().from(paymentSettings).where(eq(paymentSettings.payme_merchant_id, merchantId));
  return pick(db, rows, paymentId);
}

/** The Click service a payment button names. */
export async function clickMerchant(db: Executor, serviceId: string, merchantId: string, paymentId: string) {
  if (serviceId === '' || merchantId === '') return undefined;
  const rows = await db
    .select()
    .from(paymentSettings)
    .where(and(eq(paymentSettings.click_service_id, serviceId), eq(paymentSettings.click_merchant_id, merchantId)));
  return pick(db, rows, paymentId);
}

/** A restaurant's settings as they are now (a refund calls with the key the cashbox has today). */
export async function merchantOf(db: Executor, restaurantId: string): Promise<Merchant | undefined> {
  const rows = await db.select().from(paymentSettings).where(eq(paymentSettings.restaurant_id, restaurantId));
  return pick(db, rows, '');
}
