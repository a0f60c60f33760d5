import { fromCallback } from 'xstate';

/**
 * The orders screens' live child, replaced (jsdom has no EventSource): a test file mocks
 * machines/orders/staffEvents.actor with this module, `vi.mock('…/staffEvents.actor', () => import('./support/fakeStaffEvents'))`,
 * and speaks through `streams.open[i].send` the way the stream would (`live.status`, `live.event` with the server's own
 * StaffOrder or StaffCall). Empty `streams.open` in beforeEach.
 */
export interface FakeStream {
  input: { restaurantId?: string; followAll?: boolean };
  send: (event: { type: string; [key: string]: unknown }) => void;
  closed: boolean;
}

export const streams = { open: [] as FakeStream[] };

export const staffEventsActor = fromCallback<{ type: string }, FakeStream['input']>(({ input, sendBack }) => {
  const stream: FakeStream = { input, send: sendBack, closed: false };
  streams.open.push(stream);
  return () => {
    stream.closed = true;
  };
});
