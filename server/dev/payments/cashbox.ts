import type { Executor } from '../../db/client';
import {
  restaurantName,
  settingsByClickService,
  settingsByPaymeMerchant,
  settingsOfRestaurant,
} from '../../repositories/payment-merchants';
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
  return { restaurantId: settings.restaurant_id, name: await restaurantName(db, settings.restaurant_id), settings };
}

/** The Payme cashbox `m` names (its account field carrying `paymentId`). */
export async function paymeMerchant(db: Executor, merchantId: string, paymentId: string) {
  if (merchantId === '') return undefined;
  return pick(db, await settingsByPaymeMerchant(db, merchantId), paymentId);
}

/** The Click service a payment button names. */
export async function clickMerchant(db: Executor, serviceId: string, merchantId: string, paymentId: string) {
  if (serviceId === '' || merchantId === '') return undefined;
  return pick(db, await settingsByClickService(db, serviceId, merchantId), paymentId);
}

/** A restaurant's settings as they are now (a refund calls with the key the cashbox has today). */
export async function merchantOf(db: Executor, restaurantId: string): Promise<Merchant | undefined> {
  return pick(db, await settingsOfRestaurant(db, restaurantId), '');
}
