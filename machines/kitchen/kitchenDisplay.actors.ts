import { fromCallback, fromPromise } from 'xstate';
import type { ApiError } from '../../client/client';
import { kitchenOrderReady, kitchenOrders, moveKitchenLine } from '../../client/kitchen';
import { type KitchenEventMessage, type KitchenEventsStatus, openKitchenEvents } from '../../client/kitchen-events';
import type { MoveOutput, QueuedMove } from './kitchenDisplay.rules';

/** The kitchen display's calls: each throws the client's ApiError, which the machine's onError reads. */

export type LiveStatus = KitchenEventsStatus;
export type KitchenLiveEvent = Pick<KitchenEventMessage, 'type' | 'data'>;

/** What the live child tells the display machine. */
export type LiveMessage =
  | { type: 'kitchen.live.event'; event: KitchenLiveEvent }
  | { type: 'kitchen.live.status'; status: LiveStatus }
  | { type: 'kitchen.live.refused'; message: string };

interface TokenInput {
  token: string;
}

/** GET /kitchen/orders: the open orders (oldest first) and the device (its restaurant, its station or all). */
const loadOrders = fromPromise(({ input, signal }: { input: TokenInput; signal: AbortSignal }) =>
  kitchenOrders(input.token, { signal }),
);

/** One queued move: a line to its status, or "Hammasi tayyor". The send time starts the undo window. */
const sendMove = fromPromise(
  async ({ input, signal }: { input: TokenInput & { move: QueuedMove }; signal: AbortSignal }): Promise<MoveOutput> => {
    const sentAt = Date.now();
    const { token, move } = input;
    const order =
      move.kind === 'all'
        ? await kitchenOrderReady(token, move.orderId, { signal })
        : await moveKitchenLine(token, move.orderId, move.index, move.to, { signal });
    return { order, sentAt };
  },
);

/**
 * The live stream (client/kitchen-events.ts: tickets, EventSource, reconnects that resume after the last event), open
 * while the display is ready and closed when it is left (unpaired, the screen closed).
 */
const kitchenEvents = fromCallback<{ type: string }, TokenInput>(({ input, sendBack }) => {
  const connection = openKitchenEvents({
    token: input.token,
    onEvent: ({ type, data }) => sendBack({ type: 'kitchen.live.event', event: { type, data } } satisfies LiveMessage),
    onStatus: (status) => sendBack({ type: 'kitchen.live.status', status } satisfies LiveMessage),
    onRefused: (error: ApiError) =>
      sendBack({ type: 'kitchen.live.refused', message: error.message } satisfies LiveMessage),
  });
  return () => connection.close();
});

export const kitchenDisplayActors = {
  loadOrders,
  refreshOrders: loadOrders,
  sendMove,
  kitchenEvents,
};
