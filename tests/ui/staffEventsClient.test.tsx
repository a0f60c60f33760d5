import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openStaffEvents, type StaffEventsStatus } from '../../client/staff-events';

/**
 * The panel's events connection answering the server's stream limit: a stream closed with `event: reconnect` (another
 * tab of the same user opened one) pauses, and reconnects with a fresh ticket only when its tab is looked at again, so
 * open tabs never close each other's streams in a loop. EventSource and the ticket call are replaced here.
 */

const tickets = vi.hoisted(() => ({ issued: 0 }));
vi.mock('../../client/client', async (original) => ({
  ...(await original<typeof import('../../client/client')>()),
  request: async () => ({ data: { ticket: `ticket-${++tickets.issued}`, expires_in: 60 } }),
}));

class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  /** What the server sends: an event with a name, its data, and (for staff events) an id. */
  emit(type: string, data: unknown, id = '') {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id }));
  }
}

const setVisibility = (state: 'visible' | 'hidden') => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
};

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  tickets.issued = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setVisibility('visible');
});

describe('the staff events connection and the stream limit', () => {
  it('closed with the reconnect hint, it pauses until the tab is looked at again, then resumes after its last event', async () => {
    const statuses: StaffEventsStatus[] = [];
    const received: number[] = [];
    const connection = openStaffEvents({
      restaurantId: 'r1',
      onEvent: (event) => received.push(event.id),
      onStatus: (status) => statuses.push(status),
    });
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const first = FakeEventSource.opened[0]!;
    expect(first.url).toContain('ticket=ticket-1');
    first.onopen?.();
    first.emit('order.created', { _id: 'o1', restaurant_id: 'r1' }, '41');
    expect(received).toEqual([41]);

    setVisibility('hidden');
    first.emit('reconnect', { reason: 'streams_limit', when: 'visible' });
    // The server ends the stream right after: the error that follows must not start a reconnect either.
    first.onerror?.();
    expect(first.closed).toBe(true);
    expect(statuses.at(-1)).toBe('paused');
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(tickets.issued).toBe(1);

    // Focus alone while still hidden does nothing; shown again, it takes a new ticket and resumes after event 41.
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.opened).toHaveLength(1);
    setVisibility('visible');
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    const second = FakeEventSource.opened[1]!;
    expect(second.url).toContain('ticket=ticket-2');
    expect(second.url).toContain('last_event_id=41');
    second.onopen?.();
    expect(statuses.at(-1)).toBe('live');
    connection.close();
  });

  it('closed because its server is stopping, it reconnects at once after its last event, never shown offline', async () => {
    const statuses: StaffEventsStatus[] = [];
    const connection = openStaffEvents({
      restaurantId: 'r1',
      onEvent: () => {},
      onStatus: (status) => statuses.push(status),
    });
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const first = FakeEventSource.opened[0]!;
    first.onopen?.();
    first.emit('order.created', { _id: 'o1', restaurant_id: 'r1' }, '7');
    first.emit('reconnect', { reason: 'server_stopping', when: 'now' });
    first.onerror?.();
    expect(first.closed).toBe(true);
    // No wait: the new ticket is asked for now.
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    const second = FakeEventSource.opened[1]!;
    expect(second.url).toContain('ticket=ticket-2');
    expect(second.url).toContain('last_event_id=7');
    second.onopen?.();
    expect(statuses).not.toContain('offline');
    expect(statuses).not.toContain('paused');
    expect(statuses.at(-1)).toBe('live');
    connection.close();
  });

  it('a lost connection (no hint) still reconnects on its own', async () => {
    const statuses: StaffEventsStatus[] = [];
    const connection = openStaffEvents({ onEvent: () => {}, onStatus: (status) => statuses.push(status) });
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    FakeEventSource.opened[0]!.onerror?.();
    expect(statuses.at(-1)).toBe('offline');
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    connection.close();
  });
});
