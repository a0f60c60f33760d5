import { type CallOptions, request } from './client';
import type { IntegrationRestaurant, Restaurant, SyncAnswer, SyncRun } from './types';

/** Spec section 9: the sync call may take up to a minute. */
export const SYNC_TIMEOUT_MS = 60_000;

/** GET /admin/integration/restaurants → `{ data: [{ id, name }] }`. */
export async function listIntegrationRestaurants(options: CallOptions = {}): Promise<IntegrationRestaurant[]> {
  const answer = await request<{ data: IntegrationRestaurant[] }>('/admin/integration/restaurants', options);
  return answer.data;
}

/** POST /admin/integration/restaurants/create { id, manager_id }. */
export async function createIntegrationRestaurant(
  input: { id: string; manager_id: string },
  options: CallOptions = {},
) {
  const answer = await request<{ data?: Restaurant }>('/admin/integration/restaurants/create', {
    ...options,
    method: 'POST',
    body: input,
  });
  return answer.data;
}

/** PUT /admin/integration/restaurants/{id}/sync, empty body, 60 s timeout → `{ data: counts, run }`. */
export async function syncRestaurant(restaurantId: string, options: CallOptions = {}): Promise<SyncAnswer> {
  return request<SyncAnswer>(`/admin/integration/restaurants/${encodeURIComponent(restaurantId)}/sync`, {
    ...options,
    method: 'PUT',
    body: {},
    timeout: SYNC_TIMEOUT_MS,
  });
}

/** GET /admin/integration/restaurants/{id}/last-sync → `{ data }` (null before the first sync). */
export async function lastSync(restaurantId: string, options: CallOptions = {}): Promise<SyncRun | null> {
  const answer = await request<{ data: SyncRun | null }>(
    `/admin/integration/restaurants/${encodeURIComponent(restaurantId)}/last-sync`,
    options,
  );
  return answer.data ?? null;
}
