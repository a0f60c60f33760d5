import type { Static } from 'typebox';
import type { ManagersAnswer } from '../server/schemas/managers';
import { type CallOptions, request } from './client';
import { type ListPageParams, listQuery } from './listPage';
import type { Manager } from './types';

/** GET /admin/managers → `{ data: [{ _id, login, is_active, restaurants_count }] }`. */
export async function listManagers(options: CallOptions = {}): Promise<Manager[]> {
  const answer = await request<{ data: Manager[] }>('/admin/managers', options);
  return answer.data;
}

type ListAnswer = Static<typeof ManagersAnswer>;
/** One page of GET /admin/managers (the server's answer schema): its rows and `total` (matching managers, all pages). */
export type ManagerPage = ListAnswer & Required<Pick<ListAnswer, 'total' | 'page' | 'limit'>>;

/** GET /admin/managers?page=&limit=&q=&is_active= → one page (`q` searches the login). */
export function pageManagers(params: ListPageParams, options: CallOptions = {}) {
  return request<ManagerPage>('/admin/managers', { ...options, query: listQuery(params) });
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
