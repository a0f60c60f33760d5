import type { OrderStatus } from '../../db/schema';
import { messages } from '../../messages';

/**
 * How an order's status may change, whoever changes it: the panel (PUT /manager/orders/{id}) and Telegram's buttons
 * (server/telegram/updates.ts) follow these same rules, through status.ts.
 */

/** The only moves: new → accepted → served, and new or accepted → cancelled. Each target lists where it may come from. */
export const ORDER_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  new: [],
  accepted: ['new'],
  served: ['accepted'],
  cancelled: ['new', 'accepted'],
};

// The API tests compare answers with this name.
export const MOVE_REFUSED = messages.orderMoveRefused;
