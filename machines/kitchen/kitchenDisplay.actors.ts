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

/**
 * Resolves after the browser has painted the next frame: a tap's own answer (the line's spinner) is on the screen
 * before its request starts. Starting a fetch costs the main thread a few milliseconds, which inside the tap's task
 * pushed its frame past 16 ms with sixty cards open. A hidden tab paints no frame, so a timer sends the move anyway;
 * where there is no frame at all (Node), at the next task.
 */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    const hidden = setTimeout(resolve, 100);
    // A task queued from a frame's callback runs once that frame is rendered.
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(hidden);
        resolve();
      }, 0),
    );
  });
}

/**
 * One queued move: a line to its status, or "Hammasi tayyor", sent once the tap's answer is painted. The time it was
 * taken from the queue starts the undo window (before the request, so the server's own record is never earlier).
 */
const sendMove = fromPromise(
  async ({ input, signal }: { input: TokenInput & { move: QueuedMove }; signal: AbortSignal }): Promise<MoveOutput> => {
    const sentAt = Date.now();
    await afterNextPaint();
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
