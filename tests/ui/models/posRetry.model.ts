import { ApiError } from '../../../client/client';
import type { StaffOrder } from '../../../client/orders';
import { type PosRetryEvent, posRetryMachine } from '../../../machines/orders/posRetry.machine';
import { messages } from '../../../server/messages';
import type { ActorEventType, ModelEvent, PathModel } from '../../support/paths';
import { sampleOrder } from './orders.model';

/**
 * "Qayta yuborish" on the orders screen as a test plan: an order the till refused is sent again, and the server takes
 * it (its till state back at "sending") or refuses (409: it is on its way or on the till already), to be pressed again.
 */

/** Order №7 of table 5, which the till refused (server/messages/integration.ts tableOrderFailureReasons). */
export const REFUSED_ORDER: StaffOrder = sampleOrder('o7', {
  number: 7,
  status: 'accepted',
  updatedAt: '2026-11-26T12:04:00.000Z',
  pos: { status: 'failed', error: 'Kassa (iikoFront) aloqada emas: buyurtma kassaga yetib bormadi', number: null },
});
/** The server's answer: the same order on its way to the till again. */
export const RESENT_ORDER: StaffOrder = {
  ...REFUSED_ORDER,
  updatedAt: '2026-11-26T12:06:00.000Z',
  pos: { status: 'sending', error: null, number: null },
};
/** The server's 409 for an order whose sending has not failed. */
export const NOT_FAILED = new ApiError(409, messages.tillRetryNotFailed);

export const posRetryModel: PathModel<typeof posRetryMachine> = {
  name: 'posRetry',
  machine: posRetryMachine,
  events: [
    { type: 'pos.retry', order: REFUSED_ORDER },
    { type: 'xstate.done.actor.retryPos', output: RESENT_ORDER },
    { type: 'xstate.error.actor.retryPos', error: NOT_FAILED },
  ] satisfies Array<ModelEvent & { type: PosRetryEvent['type'] | ActorEventType<'retryPos'> }>,
  describeEvent: (e) =>
    ({
      'pos.retry': "press 'Qayta yuborish' on order №7 (Kassaga yuborilmadi)",
      'xstate.done.actor.retryPos': 'the server sends it to the till again (Kassaga yuborilmoqda…)',
      'xstate.error.actor.retryPos': 'the server refuses: the order is not failed (409)',
    })[e.type] ?? e.type,
};
