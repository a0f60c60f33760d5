import type { Static } from 'typebox';
import type { Payment, PaymentSettings, PaymentSettingsBody } from '../server/schemas/payments';
import { type CallOptions, request } from './client';

/** The restaurant's payments as the panel reaches them: its Payme and Click settings, and a table's bill in cash. */

/** The settings as the server answers them: keys only as whether one is set (`key_set`, …). */
export type PaymentSettingsView = Static<typeof PaymentSettings>;
/** What a save sends: only what it names changes; a key omitted is kept, null removes it. */
export type PaymentSettingsChange = Static<typeof PaymentSettingsBody>;
export type PaymentView = Static<typeof Payment>;

const settingsPath = (restaurantId: string) => `/manager/restaurants/${encodeURIComponent(restaurantId)}/payments`;

/** GET /manager/restaurants/{id}/payments (admins and the owning manager) → the settings. */
export async function getPaymentSettings(restaurantId: string, options: CallOptions = {}) {
  const answer = await request<{ data: PaymentSettingsView }>(settingsPath(restaurantId), options);
  return answer.data;
}

/**
 * PUT /manager/restaurants/{id}/payments → the settings as stored. A method turned on while incomplete is a 400
 * ApiError whose Uzbek message names what it still needs.
 */
export async function savePaymentSettings(
  restaurantId: string,
  change: PaymentSettingsChange,
  options: CallOptions = {},
) {
  const answer = await request<{ data: PaymentSettingsView }>(settingsPath(restaurantId), {
    ...options,
    method: 'PUT',
    body: change,
  });
  return answer.data;
}

/**
 * POST /manager/tables/{id}/cash ("Naqd to'landi") → the cash payment of every unpaid order of the table's bill. A 409
 * (a Payme or Click transaction holds part of the bill, or nothing is unpaid) carries the server's Uzbek message.
 */
export async function payTableInCash(tableId: string, options: CallOptions = {}) {
  const answer = await request<{ data: PaymentView }>(`/manager/tables/${encodeURIComponent(tableId)}/cash`, {
    ...options,
    method: 'POST',
  });
  return answer.data;
}
