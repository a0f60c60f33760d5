import { PassThrough } from 'node:stream';
import type { OrderStatusValue as OrderStatus } from '../schemas/table-orders';
import type { StaffEventsHub, StaffEventsSink } from './hub';
import { HEARTBEAT_MS } from './stream';

/** An order no staff action changes any more: its stream sends it and ends. */
export const FINAL_STATUSES: readonly OrderStatus[] = ['served', 'cancelled'];
/**
 * A diner's stream ends after this even while the order waits: the browser's EventSource reconnects by itself (and is
 * counted again), so a tab forgotten open does not hold a connection for a whole evening without being asked for.
 */
export const MAX_ORDER_STREAM_MS = 30 * 60_000;

/** How far along a status is: the stream only ever moves forward. */
const STEP: Record<OrderStatus, number> = { new: 0, accepted: 1, served: 2, cancelled: 2 };

/** The only thing a diner's stream says: the order's status (the rest of the order never changes). */
export function formatStatus(status: OrderStatus): string {
  return `event: status\ndata: ${JSON.stringify({ status })}\n\n`;
}

export interface OrderStatusStreamOptions {
  hub: StaffEventsHub;
  restaurantId: string;
  orderId: string;
  /** The order's status read now: called after joining the hub, so a change committed meanwhile is not missed. */
  readStatus: () => Promise<OrderStatus | undefined>;
  heartbeatMs?: number;
  maxMs?: number;
}

/**
 * One diner's stream of their order's status: joins the hub of the staff events (the order's changes are the
 * restaurant's `order.updated` events), then reads the status and sends it, then each change, each status once; it
 * ends after a final status. Answers undefined when the order is gone (read after joining).
 */
export async function openOrderStatusStream(options: OrderStatusStreamOptions): Promise<PassThrough | undefined> {
  const body = new PassThrough();
  let sent: OrderStatus | undefined;
  let held: OrderStatus[] | undefined = [];
  let heartbeat: NodeJS.Timeout | undefined;
  let lifetime: NodeJS.Timeout | undefined;

  const write = (status: OrderStatus) => {
    if (body.destroyed || body.writableEnded) return;
    // A status never goes back (new → accepted → served, or cancelled): a repeat or an older one heard late is dropped.
    if (sent !== undefined && STEP[status] <= STEP[sent]) return;
    sent = status;
    body.write(formatStatus(status));
    if (FINAL_STATUSES.includes(status)) body.end();
  };
  const sink: StaffEventsSink = {
    restaurantIds: [options.restaurantId],
    deliver: (row) => {
      if (row.type !== 'order.updated' || row.data._id !== options.orderId) return;
      const { status } = row.data as { status: OrderStatus };
      if (held) held.push(status);
      else write(status);
    },
    end: () => body.end(),
  };
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    options.hub.leave(sink);
  };
  body.once('close', stop);
  body.once('finish', stop);

  await options.hub.join(sink);
  let status: OrderStatus | undefined;
  try {
    status = await options.readStatus();
  } catch (error) {
    stop();
    body.destroy();
    throw error;
  }
  if (status === undefined) {
    stop();
    body.destroy();
    return undefined;
  }
  write(status);
  const waiting = held;
  held = undefined;
  // Events heard while reading: those the read already saw are dropped by write.
  for (const each of waiting) write(each);
  if (stopped || body.destroyed || body.writableEnded) {
    stop();
    return body;
  }
  heartbeat = setInterval(() => {
    if (!body.destroyed && !body.writableEnded) body.write(': ping\n\n');
  }, options.heartbeatMs ?? HEARTBEAT_MS).unref();
  lifetime = setTimeout(() => body.end(), options.maxMs ?? MAX_ORDER_STREAM_MS).unref();
  return body;
}
