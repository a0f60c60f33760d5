import type { StaffOrderLineView } from '../server/schemas/table-orders';
import { type CallOptions, request } from './client';
import type { StaffOrder } from './orders';

/** The staff's moves of an order's kitchen work: a line's state ("Berildi"), and its tickets printed again. */

export type LineStatus = StaffOrderLineView['status'];

/**
 * PUT /manager/orders/{id}/items/{index} `{ status }` → `{ data: order }` (409 with the server's reason when the move
 * is not allowed: the line moved meanwhile, the order is closed).
 */
export async function moveOrderLine(id: string, index: number, status: LineStatus, options: CallOptions = {}) {
  const answer = await request<{ data: StaffOrder }>(`/manager/orders/${encodeURIComponent(id)}/items/${index}`, {
    ...options,
    method: 'PUT',
    body: { status },
  });
  return answer.data;
}

/** POST /manager/orders/{id}/print → `{ data: order }` (409 when no station of the order has a printer). */
export async function reprintOrder(id: string, options: CallOptions = {}) {
  const answer = await request<{ data: StaffOrder }>(`/manager/orders/${encodeURIComponent(id)}/print`, {
    ...options,
    method: 'POST',
  });
  return answer.data;
}
