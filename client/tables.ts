import type { TableView } from '../server/schemas/table-orders';
import { type CallOptions, request } from './client';

/** A restaurant's table: its QR code and card open the menu with `?table={token}`. */
export type Table = TableView;

/** The tables and the print pass that opens their QR codes and cards (`pass=`) for about an hour. */
export interface TableList {
  tables: Table[];
  printPass: string;
}

/** GET /manager/tables?restaurant_id= → `{ data, print_pass }`: the restaurant's tables in the order they were made. */
export async function listTables(restaurantId: string, options: CallOptions = {}): Promise<TableList> {
  const answer = await request<{ data: Table[]; print_pass: { pass: string } }>('/manager/tables', {
    ...options,
    query: { restaurant_id: restaurantId },
  });
  return { tables: answer.data, printPass: answer.print_pass.pass };
}

/** POST /manager/tables/{id}/token → `{ data }`: a new token; the old printed code stops working at once. */
export async function renewTableToken(id: string, options: CallOptions = {}): Promise<Table> {
  const answer = await request<{ data: Table }>(`/manager/tables/${encodeURIComponent(id)}/token`, {
    ...options,
    method: 'POST',
  });
  return answer.data;
}

/** POST /manager/tables `{ restaurant_id, name }` → 201 `{ data }` (a name the restaurant has already: 409). */
export async function createTable(restaurantId: string, name: string, options: CallOptions = {}): Promise<Table> {
  const answer = await request<{ data: Table }>('/manager/tables', {
    ...options,
    method: 'POST',
    body: { restaurant_id: restaurantId, name },
  });
  return answer.data;
}

export interface BulkTablesInput {
  restaurant_id: string;
  from: number;
  to: number;
}

/**
 * POST /manager/tables/bulk `{ restaurant_id, from, to }` → 201 `{ data }`: tables "from".."to", the names the
 * restaurant has already skipped (the answer holds only the tables made).
 */
export async function createTablesBulk(input: BulkTablesInput, options: CallOptions = {}): Promise<Table[]> {
  const answer = await request<{ data: Table[] }>('/manager/tables/bulk', {
    ...options,
    method: 'POST',
    body: { ...input },
  });
  return answer.data;
}

export type TableChanges = Partial<Pick<Table, 'name' | 'is_active'>>;

/** PUT /manager/tables/{id} with what changed (a new name, or on/off) → `{ data }`. */
export async function updateTable(id: string, changes: TableChanges, options: CallOptions = {}): Promise<Table> {
  const answer = await request<{ data: Table }>(`/manager/tables/${encodeURIComponent(id)}`, {
    ...options,
    method: 'PUT',
    body: changes,
  });
  return answer.data;
}

/** DELETE /manager/tables/{id}. */
export async function deleteTable(id: string, options: CallOptions = {}): Promise<void> {
  await request(`/manager/tables/${encodeURIComponent(id)}`, { ...options, method: 'DELETE' });
}
