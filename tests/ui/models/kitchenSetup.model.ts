import type { SnapshotFrom } from 'xstate';
import { ApiError } from '../../../client/client';
import type { KitchenDevice } from '../../../client/devices';
import type { Station } from '../../../client/stations';
import type { DialogEvent } from '../../../machines/dialog/dialog.machine';
import { hasChanges } from '../../../machines/dialog/dialog.rules';
import { deviceDialogMachine } from '../../../machines/kitchenSetup/deviceDialog.machine';
import { deviceFormConfig } from '../../../machines/kitchenSetup/deviceForm.rules';
import {
  type DeviceListEvent,
  deviceListMachine,
  type ShownPairing,
} from '../../../machines/kitchenSetup/deviceList.machine';
import { stationDialogMachine } from '../../../machines/kitchenSetup/stationDialog.machine';
import { stationFormConfig } from '../../../machines/kitchenSetup/stationForm.rules';
import { type StationListEvent, stationListMachine } from '../../../machines/kitchenSetup/stationList.machine';
import { messages } from '../../../server/messages';
import { type ActorEventType, byTransition, type ModelEvent, type PathModel } from '../../support/paths';
import { byOutcome, confirmOutcome } from './confirmDelete.model';

/**
 * The restaurant page's "Oshxona" as test plans: its stations (list and dialog) and its kitchen tablets (list, the
 * "Planshet qo'shish" dialog, the one-time code's countdown). Samples: "Oshxona" with an 80 mm printer and "Bar"
 * without one; a tablet paired to "Bar" and one still waiting for its code, for every station.
 */

const at = (minute: number) => `2026-11-26T12:${String(minute).padStart(2, '0')}:00.000Z`;

export const sampleStation = (id: string, name: string, values: Partial<Station> = {}): Station => ({
  _id: id,
  restaurant_id: 'r1',
  name,
  position: 0,
  printer: null,
  print_on: 'placed',
  amber_minutes: 10,
  red_minutes: 20,
  createdAt: at(0),
  updatedAt: at(0),
  ...values,
});

export const KITCHEN = sampleStation('s1', 'Oshxona', { printer: { host: '192.168.1.50', port: 9100, width: 80 } });
export const BAR = sampleStation('s2', 'Bar', { position: 1, print_on: 'accepted', amber_minutes: 5, red_minutes: 12 });
export const STATIONS = [KITCHEN, BAR];

/** The server's 409 for a station a tablet shows alone. */
export const STATION_HAS_DEVICES = new ApiError(409, messages.stationHasDevices(1));
/** The server's 409 for a station name the restaurant has. */
export const STATION_NAME_TAKEN = new ApiError(409, messages.stationNameTaken('Bar'));

export const sampleDevice = (id: string, name: string, values: Partial<KitchenDevice> = {}): KitchenDevice => ({
  _id: id,
  restaurant_id: 'r1',
  name,
  station_id: null,
  state: 'waiting',
  expires_at: at(10),
  paired_at: null,
  last_seen_at: null,
  created_by: 'rayhon',
  createdAt: at(0),
  ...values,
});

export const BAR_TABLET = sampleDevice('d1', 'Bar plansheti', {
  station_id: 's2',
  state: 'paired',
  paired_at: at(2),
  last_seen_at: at(5),
});
export const WAITING_TABLET = sampleDevice('d2', 'Oshxona plansheti');
/** "Planshet qo'shish"'s answer: a new tablet's code, good until 12:20. */
export const NEW_PAIRING: ShownPairing = { _id: 'd3', code: '482915', expires_at: at(20), name: 'Mangal' };
/** The list as read once the new tablet entered its code. */
export const PAIRED_LIST = [
  sampleDevice('d3', 'Mangal', { state: 'paired', paired_at: at(11) }),
  BAR_TABLET,
  WAITING_TABLET,
];

type StationListInvoke = 'loadStations' | 'confirmDelete';

export const stationListModel: PathModel<typeof stationListMachine> = {
  name: 'stationList',
  machine: stationListMachine,
  input: { restaurantId: 'r1' },
  events: [
    { type: 'xstate.done.actor.loadStations', output: STATIONS },
    { type: 'xstate.error.actor.loadStations', error: new ApiError(500, 'Serverda xatolik') },
    { type: 'stations.retry' },
    { type: 'stations.reload' },
    { type: 'station.delete', id: 's2' },
    { type: 'confirm.yes' },
    { type: 'confirm.no' },
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'deleted' } },
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'failed', error: STATION_HAS_DEVICES } },
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'cancelled' } },
  ] satisfies Array<ModelEvent & { type: StationListEvent['type'] | ActorEventType<StationListInvoke> }>,
  serializeState: byOutcome,
  // Ha / Yo‘q go to the confirm-delete child; its outcome is the step that presses them.
  filterEvents: (_s, e) => e.type !== 'confirm.yes' && e.type !== 'confirm.no',
  describeEvent: (e) =>
    e.type === 'xstate.done.actor.confirmDelete'
      ? confirmOutcome(e, { failed: "answer 'Ha'; the server keeps it (a tablet shows it alone)" })
      : ({
          'xstate.done.actor.loadStations': 'the stations load (Oshxona with a printer, Bar)',
          'xstate.error.actor.loadStations': 'the load fails',
          'stations.retry': 'retry the load',
          'stations.reload': 'a dialog saved: reload',
          'station.delete': "press O'chirish of Bar",
        }[e.type] ?? e.type),
};

type DialogInvoke = 'loadOptions' | 'create' | 'update';
type DialogSnapshot = SnapshotFrom<typeof stationDialogMachine>;

const valid = (s: DialogSnapshot) => Object.keys(s.context.config.validate(s.context.values, 'create')).length === 0;
/** A dialog's state with what its form holds: valid or not, changed or not (the same state, other outcomes). */
const withForm = (s: DialogSnapshot, e: Parameters<typeof byTransition>[1], previous?: DialogSnapshot) => {
  const facts = (x: DialogSnapshot) =>
    `${valid(x) ? 'valid' : 'invalid'}${hasChanges(x.context.initial, x.context.values) ? '+changed' : ''}`;
  return `${byTransition(s, e, previous)} [${facts(s)}${previous ? ` <- ${facts(previous)}` : ''}]`;
};

/**
 * The station dialog: a new station (named, its printer switched on with an address, minutes out of order), and an
 * edit of "Oshxona"; saved, or refused: a name the restaurant has (409, under the name), or the station gone (404).
 */
export const stationDialogModel: PathModel<typeof stationDialogMachine> = {
  name: 'stationDialog',
  machine: stationDialogMachine,
  input: { config: stationFormConfig, scope: { restaurantId: 'r1' } },
  events: [
    { type: 'dialog.open' },
    { type: 'dialog.open', item: KITCHEN },
    { type: 'dialog.change', values: { name: 'Mangal' } },
    { type: 'dialog.change', values: { printer_on: true, host: '192.168.1.60' } },
    { type: 'dialog.change', values: { amber_minutes: '30' } },
    { type: 'dialog.submit' },
    { type: 'dialog.close' },
    { type: 'dialog.retry' },
    { type: 'xstate.done.actor.loadOptions', output: null },
    { type: 'xstate.error.actor.loadOptions', error: new Error('never') },
    { type: 'xstate.done.actor.create', output: sampleStation('s3', 'Mangal') },
    { type: 'xstate.error.actor.create', error: STATION_NAME_TAKEN },
    { type: 'xstate.done.actor.update', output: KITCHEN },
    { type: 'xstate.error.actor.update', error: new ApiError(404, messages.stationNotFound) },
  ] satisfies Array<ModelEvent & { type: DialogEvent['type'] | ActorEventType<DialogInvoke> }>,
  // The form loads nothing: its options never fail.
  filterEvents: (_s, e) => e.type !== 'xstate.error.actor.loadOptions' && e.type !== 'dialog.retry',
  serializeState: withForm,
  describeEvent: (e) => {
    if (e.type === 'dialog.open') return e.item ? 'edit Oshxona' : "press 'Bo'lim qo'shish'";
    if (e.type === 'dialog.change') {
      const values = e.values as Record<string, unknown>;
      if ('printer_on' in values) return 'switch the printer on at 192.168.1.60';
      if ('amber_minutes' in values) return 'amber 30 minutes (after red)';
      return 'name it Mangal';
    }
    return (
      {
        'dialog.submit': 'press Saqlash',
        'dialog.close': 'close the dialog',
        'xstate.done.actor.loadOptions': 'the form is ready',
        'xstate.done.actor.create': 'the station is added',
        'xstate.error.actor.create': 'the restaurant has that name (409)',
        'xstate.done.actor.update': 'the changes are saved',
        'xstate.error.actor.update': 'the station is gone meanwhile (404)',
      }[e.type] ?? e.type
    );
  },
};

type DeviceListInvoke = 'loadDevices' | 'confirmDelete';
type DeviceSnapshot = SnapshotFrom<typeof deviceListMachine>;

const deviceLoaded = (devices: KitchenDevice[]) => ({
  type: 'xstate.done.actor.loadDevices' as const,
  output: { devices, stations: STATIONS },
});

/** An answer or step the machine could really get in this state. */
function deviceAnswers(s: DeviceSnapshot, e: ModelEvent): boolean {
  // The paired list is the one read while a new tablet's code shows.
  if (e.type === 'xstate.done.actor.loadDevices')
    return (e.output as { devices: KitchenDevice[] }).devices === PAIRED_LIST ? s.context.pairing !== null : true;
  // "Planshet qo'shish" waits for the list (its select needs the stations).
  if (e.type === 'device.created') return s.matches({ data: 'ready' });
  // Raised by a load's answer, never sent.
  if (e.type === 'code.paired') return false;
  return e.type !== 'confirm.yes' && e.type !== 'confirm.no';
}

/** A tick's place in the countdown: within the code's ten minutes, or past them. */
const tickIsLate = (e: ModelEvent) => (e.now as number) >= Date.parse(NEW_PAIRING.expires_at);

export const deviceListModel: PathModel<typeof deviceListMachine> = {
  name: 'deviceList',
  machine: deviceListMachine,
  input: { restaurantId: 'r1' },
  events: [
    deviceLoaded([BAR_TABLET, WAITING_TABLET]),
    deviceLoaded(PAIRED_LIST),
    { type: 'xstate.error.actor.loadDevices', error: new ApiError(500, 'Serverda xatolik') },
    { type: 'devices.retry' },
    { type: 'devices.reload' },
    { type: 'device.revoke', id: 'd2' },
    { type: 'confirm.yes' },
    { type: 'confirm.no' },
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'deleted' } },
    {
      type: 'xstate.done.actor.confirmDelete',
      output: { result: 'failed', error: new ApiError(404, messages.deviceNotFound) },
    },
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'cancelled' } },
    { type: 'device.created', pairing: NEW_PAIRING },
    { type: 'code.tick', now: Date.parse(at(11)) },
    { type: 'code.tick', now: Date.parse(at(21)) },
    { type: 'code.paired' },
    { type: 'code.close' },
  ] satisfies Array<ModelEvent & { type: DeviceListEvent['type'] | ActorEventType<DeviceListInvoke> }>,
  serializeState: byOutcome,
  filterEvents: deviceAnswers,
  describeEvent: (e) => {
    if (e.type === 'xstate.done.actor.confirmDelete') return confirmOutcome(e);
    if (e.type === 'xstate.done.actor.loadDevices') {
      return (e.output as { devices: KitchenDevice[] }).devices === PAIRED_LIST
        ? 'the tablets load: Mangal has paired'
        : 'the tablets load (Bar plansheti paired, Oshxona plansheti waiting)';
    }
    if (e.type === 'code.tick')
      return tickIsLate(e) ? 'the clock passes 12:20: the code ran out' : 'the clock ticks (12:11)';
    return (
      {
        'xstate.error.actor.loadDevices': 'the load fails',
        'devices.retry': 'retry the load',
        'devices.reload': 'the stations changed: reload',
        'device.revoke': "press O'chirish of Oshxona plansheti",
        'device.created': "'Planshet qo'shish' answers Mangal's code 482915",
        'code.close': "close the code's window",
      }[e.type] ?? e.type
    );
  },
};

/** "Planshet qo'shish": a name typed (or emptied), the code given, or the server's refusal (too many tablets). */
export const deviceDialogModel: PathModel<typeof deviceDialogMachine> = {
  name: 'deviceDialog',
  machine: deviceDialogMachine,
  input: { config: deviceFormConfig, scope: { restaurantId: 'r1' } },
  events: [
    { type: 'dialog.open' },
    { type: 'dialog.change', values: { name: 'Mangal', station_id: 's2' } },
    { type: 'dialog.change', values: { name: ' ' } },
    { type: 'dialog.submit' },
    { type: 'dialog.close' },
    { type: 'xstate.done.actor.loadOptions', output: null },
    { type: 'xstate.done.actor.create', output: NEW_PAIRING },
    { type: 'xstate.error.actor.create', error: new ApiError(400, messages.tooManyDevices(50)) },
  ] satisfies Array<ModelEvent & { type: DialogEvent['type'] | ActorEventType<'loadOptions' | 'create'> }>,
  serializeState: withForm,
  describeEvent: (e) => {
    if (e.type === 'dialog.change') {
      return (e.values as { name: string }).name.trim() ? 'name it Mangal, for Bar' : 'empty the name';
    }
    return (
      {
        'dialog.open': "press 'Planshet qo'shish'",
        'dialog.submit': "press 'Kod olish'",
        'dialog.close': 'close the dialog',
        'xstate.done.actor.loadOptions': 'the form is ready',
        'xstate.done.actor.create': 'the server gives the code',
        'xstate.error.actor.create': 'the restaurant has too many tablets (400)',
      }[e.type] ?? e.type
    );
  },
};
