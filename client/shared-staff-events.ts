import {
  openStaffEvents,
  type StaffEventMessage,
  type StaffEventsConnection,
  type StaffEventsStatus,
} from './staff-events';

/**
 * One events connection per browser tab and scope, however many parts of the panel listen. A manager with the orders
 * screen open has two listeners (the screen and the bottom bar's "Buyurtmalar" badge); each used to open its own
 * stream, which doubled the server's open connections and spent two of the browser's six per-host HTTP/1.1 slots (three
 * panel tabs then left nothing for the API calls). Listeners of one scope (one restaurant, or all of a manager's) share
 * a connection: it opens with the first and closes with the last. A listener that joins an open connection hears its
 * current status at once, so the orders screen's "live again, read the list" rule still covers what came before it.
 */

export interface StaffEventsListener {
  /** The scope of the stream: one restaurant, or (without it) all of a manager's. */
  restaurantId?: string;
  onEvent: (event: StaffEventMessage) => void;
  onStatus?: (status: StaffEventsStatus) => void;
}

interface SharedConnection {
  /** Set right after the first listener is registered (opening already reports "connecting" to it). */
  connection?: StaffEventsConnection;
  listeners: Set<StaffEventsListener>;
  status?: StaffEventsStatus;
}

const connections = new Map<string, SharedConnection>();

export function joinStaffEvents(listener: StaffEventsListener): StaffEventsConnection {
  const key = listener.restaurantId ?? '';
  const open = connections.get(key);
  if (open) {
    open.listeners.add(listener);
    const { status } = open;
    // After the caller has its handle (an actor's callback cannot send back while it is still being started).
    if (status) queueMicrotask(() => open.listeners.has(listener) && listener.onStatus?.(status));
    return leave(key, open, listener);
  }
  // Registered before the connection opens: it says "connecting" at once, to the first listener too.
  const shared: SharedConnection = { listeners: new Set([listener]) };
  connections.set(key, shared);
  shared.connection = openStaffEvents({
    ...(listener.restaurantId ? { restaurantId: listener.restaurantId } : {}),
    onEvent: (event) => {
      for (const each of [...shared.listeners]) each.onEvent(event);
    },
    onStatus: (status) => {
      shared.status = status;
      for (const each of [...shared.listeners]) each.onStatus?.(status);
    },
  });
  return leave(key, shared, listener);
}

function leave(key: string, shared: SharedConnection, listener: StaffEventsListener): StaffEventsConnection {
  return {
    close: () => {
      if (!shared.listeners.delete(listener) || shared.listeners.size > 0) return;
      shared.connection?.close();
      if (connections.get(key) === shared) connections.delete(key);
    },
  };
}
