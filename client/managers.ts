import { type CallOptions, request } from './client';
import type { Manager } from './types';

/** GET /admin/managers → `{ data: [{ _id, login, is_active, restaurants_count }] }`. */
export async function listManagers(options: CallOptions = {}): Promise<Manager[]> {
  const answer = await request<{ data: Manager[] }>('/admin/managers', options);
  return answer.data;
}

/** POST /admin/managers { login, password }. */
export async function createManager(input: { login: string; password: string }, options: CallOptions = {}) {
  const answer = await request<{ data: Manager }>('/admin/managers', { ...options, method: 'POST', body: input });
  return answer.data;
}

/** PUT /admin/managers/{id} with the changed fields among login, password, is_active. */
export async function updateManager(
  id: string,
  changes: { login?: string; password?: string; is_active?: boolean },
  options: CallOptions = {},
) {
  const answer = await request<{ data: Manager }>(`/admin/managers/${encodeURIComponent(id)}`, {
    ...options,
    method: 'PUT',
    body: changes,
  });
  return answer.data;
}

/** DELETE /admin/managers/{id} (409 while the manager still has restaurants). */
export async function deleteManager(id: string, options: CallOptions = {}): Promise<void> {
  await request(`/admin/managers/${encodeURIComponent(id)}`, { ...options, method: 'DELETE' });
}
