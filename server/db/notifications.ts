import pg from 'pg';

export interface NotificationHandlers {
  /** A NOTIFY on the channel, with its payload. */
  message(payload: string): void;
  /**
   * The listening connection was lost, or came back after a loss: notifications may have been missed, so whatever
   * they would have invalidated must be dropped now.
   */
  reset(): void;
}

export interface NotificationListener {
  close(): Promise<void>;
}

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 30_000;

/**
 * LISTEN on one channel through a dedicated connection (a pooled one would be handed to other queries), kept open
 * for the life of the server: when PostgreSQL drops it, the handlers are reset and it reconnects with a growing
 * delay. A failure to connect at start is not fatal either; the server runs and retries.
 */
export async function listenForNotifications(
  connectionString: string,
  channel: string,
  handlers: NotificationHandlers,
): Promise<NotificationListener> {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = FIRST_RETRY_MS;
  let lost = false;

  const scheduleReconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay).unref();
    delay = Math.min(delay * 2, LAST_RETRY_MS);
  };

  const onLost = (lostClient: pg.Client) => {
    if (closed || client !== lostClient) return;
    client = undefined;
    lost = true;
    handlers.reset();
    scheduleReconnect();
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.message(message.payload);
    });
    // 'error' is always followed by 'end'; without a listener it would crash the process.
    next.on('error', () => onLost(next));
    next.on('end', () => onLost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      await next.end().catch(() => {});
      // Not listening yet: anything cached meanwhile is dropped once the connection is there.
      lost = true;
      scheduleReconnect();
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    delay = FIRST_RETRY_MS;
    if (lost) handlers.reset();
  }

  await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
