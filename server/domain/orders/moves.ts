import type { OrderStatus } from '../../db/schema';

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
/** A status as the 409 names it. */
export const ORDER_STATUS_WORDS: Readonly<Record<OrderStatus, string>> = {
  new: 'yangi',
  accepted: 'qabul qilingan',
  served: 'berilgan',
  cancelled: 'bekor qilingan',
};
export const MOVE_REFUSED = (current: OrderStatus, to: OrderStatus) =>
  `Buyurtma hozir "${ORDER_STATUS_WORDS[current]}": uni "${ORDER_STATUS_WORDS[to]}" holatiga o'tkazib bo'lmaydi.`;

export const CALL_DONE_ALREADY = 'Bu chaqiruv allaqachon bajarilgan.';
