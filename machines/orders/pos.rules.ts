import type { StaffOrder } from '../../client/orders';
import { uzOrdering } from '../../lib/uz-ordering';

/**
 * An order's place on the restaurant's till (POS) as the staff's orders screen shows it, in the words of its Telegram
 * message (server/telegram/messages.ts): on its way, on the till (with its check's number once known), or refused
 * with the server's reason, which is when the staff may send it again.
 */

/** How the till state reads, and how loud: a refusal is red, the rest quiet. */
export interface PosShown {
  text: string;
  tone: 'sending' | 'sent' | 'failed';
}

/** Null for an order of a restaurant without a till. */
export function posShown(order: StaffOrder): PosShown | null {
  const pos = order.pos ?? null;
  if (!pos) return null;
  switch (pos.status) {
    case 'sending':
      return { text: uzOrdering.orderPosSending, tone: 'sending' };
    case 'sent':
      return {
        text: pos.number === null ? uzOrdering.orderPosSent : uzOrdering.orderPosSentNumber(pos.number),
        tone: 'sent',
      };
    case 'failed':
      return { text: uzOrdering.orderPosFailed(pos.error), tone: 'failed' };
    default:
      return null;
  }
}

/**
 * "Qayta yuborish" is offered once the sending failed, for an order still to be served: the server refuses (409) one on
 * its way or on the till already, and a cancelled one.
 */
export const canRetryPos = (order: StaffOrder) => order.pos?.status === 'failed' && order.status !== 'cancelled';
