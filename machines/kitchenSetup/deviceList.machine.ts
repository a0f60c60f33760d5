import { type ActorRefFrom, assign, enqueueActions, raise, setup } from 'xstate';
import type { DevicePairing, KitchenDevice } from '../../client/devices';
import type { Station } from '../../client/stations';
import { uzKitchen } from '../../lib/uz-kitchen';
import { deleteActors, deleteRegion } from '../shared/deleteRegion';
import { listRegion } from '../shared/listRegion';
import type { Notice } from '../shared/notify';
import { codeClockActor, loadDevicesActor, removeDeviceActor } from './deviceList.actors';
import { failureText, REASON_TOAST_MS } from './failureText';

/**
 * The "Oshxona" section's kitchen tablets ("Oshxona planshetlari"): the restaurant's devices (each waiting for its
 * code, paired, or with its code run out) with the stations they show, loaded once and again when asked
 * (`devices.reload`: the stations changed); a device is removed after Ha / Yo‘q (its session ends at once).
 *
 * "Planshet qo'shish" is the device dialog's (deviceDialog.machine.ts); its answer, the new device's one-time code,
 * comes here (`device.created`) and is shown in the `code` region with its countdown (a clock child ticks each
 * second) until it runs out (`expired`) or is closed. While it shows, the list is read again every few seconds, so
 * the tablet entering the code is seen (`paired`) without a reload.
 */

/** How often the countdown is redrawn, and how often the list is asked whether the tablet has paired. */
export const CODE_TICK_MS = 1000;
export const PAIRING_POLL_MS = 5000;

/** The code as shown: the device's answer and the name it was given. */
export type ShownPairing = DevicePairing & { name: string };

export interface DeviceListInput {
  restaurantId: string;
}

export interface DeviceListContext {
  restaurantId: string;
  devices: KitchenDevice[];
  stations: Station[];
  /** The device a removal is asked or running for. */
  deleteId: string | null;
  /** The code being shown, until it is closed. */
  pairing: ShownPairing | null;
  /** The clock's last tick (ms): the countdown's now; null before the first. */
  now: number | null;
}

export type DeviceListEvent =
  | { type: 'devices.reload' }
  | { type: 'devices.retry' }
  | { type: 'device.revoke'; id: string }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' }
  | { type: 'device.created'; pairing: ShownPairing }
  | { type: 'code.tick'; now: number }
  /** The list read while the code shows has the device paired (raised by the load). */
  | { type: 'code.paired' }
  | { type: 'code.close' };

const types = {} as { context: DeviceListContext; events: DeviceListEvent };

const list = listRegion({
  types,
  load: {
    name: 'loadDevices',
    actor: loadDevicesActor,
    input: (context) => ({ restaurantId: context.restaurantId }),
  },
  loaded: (_, output) => ({ devices: output.devices, stations: output.stations }),
  alsoLoaded: { type: 'noticePaired', params: (_, output) => ({ devices: output.devices }) },
  retry: 'devices.retry',
  reload: 'devices.reload',
});

const removal = deleteRegion({
  types,
  ask: {
    event: 'device.revoke',
    exists: (context, id) => context.devices.some((d) => d._id === id),
    remember: (_, id) => ({ deleteId: id }),
  },
  target: (context) => ({ id: context.deleteId ?? '' }),
  forget: { deleteId: null },
  deleted: {
    drop: (context) => ({ devices: context.devices.filter((d) => d._id !== context.deleteId) }),
    notice: { kind: 'success', text: uzKitchen.deviceRevoked },
  },
  failed: {
    notice: (error) => ({
      kind: 'error',
      text: failureText(uzKitchen.deviceRevokeFailed, error),
      durationMs: REASON_TOAST_MS,
    }),
  },
});

const isExpired = (context: DeviceListContext, now: number) =>
  context.pairing !== null && now >= Date.parse(context.pairing.expires_at);

export const deviceListMachine = setup({
  types: {
    context: {} as DeviceListContext,
    events: {} as DeviceListEvent,
    input: {} as DeviceListInput,
    children: {} as { confirmDelete: 'confirmDelete'; clock: 'clock' },
  },
  actors: {
    ...list.actors,
    ...deleteActors(removeDeviceActor),
    clock: codeClockActor,
  },
  actions: {
    notify: (_, _params: Notice) => {},
    /** The shown code's device is paired in the list just read: the code region hears of it. */
    noticePaired: enqueueActions(({ context, enqueue }, { devices }: { devices: KitchenDevice[] }) => {
      const shown = context.pairing?._id;
      if (shown && devices.some((d) => d._id === shown && d.state === 'paired')) enqueue.raise({ type: 'code.paired' });
    }),
    /** The code's modal closes: the list is read again (the device waits, is paired, or its code ran out). */
    closeCode: enqueueActions(({ enqueue }) => {
      enqueue.assign({ pairing: null, now: null });
      enqueue.raise({ type: 'devices.reload' });
    }),
  },
  guards: {
    expiresBy: ({ context }, { now }: { now: number }) => isExpired(context, now),
  },
}).createMachine({
  id: 'deviceList',
  context: ({ input }) => ({
    restaurantId: input.restaurantId,
    devices: [],
    stations: [],
    deleteId: null,
    pairing: null,
    now: null,
  }),
  type: 'parallel',
  states: {
    data: {
      initial: 'loading',
      states: {
        loading: list.states.loading,
        ready: list.states.ready,
        failed: list.states.failed,
      },
    },
    removal,
    code: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'device.created': {
              target: 'showing',
              // The new device shows in the list as waiting for its code.
              actions: [
                assign({ pairing: ({ event }) => event.pairing, now: null }),
                raise({ type: 'devices.reload' }),
              ],
            },
          },
        },
        /** The code and its countdown; the list is read again now and then to see the tablet pair. */
        showing: {
          invoke: { id: 'clock', src: 'clock', input: { everyMs: CODE_TICK_MS } },
          after: {
            [PAIRING_POLL_MS]: { target: 'showing', reenter: true, actions: raise({ type: 'devices.reload' }) },
          },
          on: {
            'code.tick': [
              {
                guard: { type: 'expiresBy', params: ({ event }) => ({ now: event.now }) },
                target: 'expired',
                actions: [assign({ now: ({ event }) => event.now }), raise({ type: 'devices.reload' })],
              },
              { actions: assign({ now: ({ event }) => event.now }) },
            ],
            'code.paired': { target: 'paired' },
            'code.close': { target: 'idle', actions: 'closeCode' },
          },
        },
        /** The tablet entered the code. */
        paired: { on: { 'code.close': { target: 'idle', actions: 'closeCode' } } },
        /** The code ran out unused: the device is left to be removed and added again. */
        expired: { on: { 'code.close': { target: 'idle', actions: 'closeCode' } } },
      },
    },
  },
});

export type DeviceListActor = ActorRefFrom<typeof deviceListMachine>;
