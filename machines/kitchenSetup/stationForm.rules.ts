import type { Station, StationChanges, StationInput } from '../../client/stations';
import { uzKitchen } from '../../lib/uz-kitchen';
import { isBlank } from '../dialog/dialog.rules';
import type { DialogConfig, FieldErrors, FormValue, FormValues, ItemFields } from '../dialog/dialog.types';
import { serverMessage, statusOf, withFieldLabels } from '../shared/errors';

/**
 * The station form ("Bo'lim qo'shish" / "Bo'limni tahrirlash"): its name, its printer (on or off; its address, port
 * and paper), when orders reach it, and the display's amber and red minutes. The checks are the API's
 * (server/schemas/kitchen.ts), said at the fields before the call.
 */

export const STATION_NAME_MAX = 40;
export const DEFAULT_PORT = 9100;
export const PAPER_WIDTHS = [58, 80] as const;
const MINUTES_MAX = 600;
const PORT_MAX = 65535;
/** An IP address or a host name, as the API accepts it. */
const HOST = /^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/;
const HOST_MAX = 253;
/** The printer's own fields, shown (and compared, and sent) only while the printer is on. */
const PRINTER_FIELDS = ['host', 'port', 'width'] as const;

/** The form's fields as the server's messages name them (`"red_minutes" maydoni …`). */
export const stationFieldLabels = {
  name: uzKitchen.fieldStationName,
  host: uzKitchen.fieldPrinterHost,
  port: uzKitchen.fieldPrinterPort,
  width: uzKitchen.fieldPaperWidth,
  print_on: uzKitchen.fieldPrintOn,
  amber_minutes: uzKitchen.fieldAmberMinutes,
  red_minutes: uzKitchen.fieldRedMinutes,
} as const;

/** A whole number typed in a field, or null for anything else. */
function whole(value: FormValue | undefined): number | null {
  if (typeof value !== 'string' || !/^\s*\d+\s*$/.test(value)) return null;
  return Number(value.trim());
}

const printerOn = (values: FormValues) => values.printer_on === true;

export function validateStation(values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  const name = typeof values.name === 'string' ? values.name.trim() : '';
  if (!name) errors.name = uzKitchen.stationNameRequired;
  else if (name.length > STATION_NAME_MAX) errors.name = uzKitchen.stationNameTooLong;
  if (printerOn(values)) {
    const host = typeof values.host === 'string' ? values.host.trim() : '';
    if (isBlank(host)) errors.host = uzKitchen.printerHostRequired;
    else if (host.length > HOST_MAX || !HOST.test(host)) errors.host = uzKitchen.printerHostInvalid;
    const port = whole(values.port);
    if (port === null || port < 1 || port > PORT_MAX) errors.port = uzKitchen.printerPortInvalid;
  }
  const amber = whole(values.amber_minutes);
  const red = whole(values.red_minutes);
  const inRange = (n: number | null) => n !== null && n >= 1 && n <= MINUTES_MAX;
  if (!inRange(amber)) errors.amber_minutes = uzKitchen.minutesInvalid;
  if (!inRange(red)) errors.red_minutes = uzKitchen.minutesInvalid;
  else if (inRange(amber) && red! <= amber!) errors.red_minutes = uzKitchen.redNotAfterAmber;
  return errors;
}

function fromStation(item: ItemFields): FormValues {
  const station = item as unknown as Station;
  return {
    name: station.name,
    printer_on: station.printer !== null,
    host: station.printer?.host ?? '',
    port: String(station.printer?.port ?? DEFAULT_PORT),
    width: String(station.printer?.width ?? 80),
    print_on: station.print_on,
    amber_minutes: String(station.amber_minutes),
    red_minutes: String(station.red_minutes),
  };
}

export const stationFormConfig: DialogConfig = {
  empty: {
    name: '',
    printer_on: false,
    host: '',
    port: String(DEFAULT_PORT),
    width: '80',
    print_on: 'placed',
    amber_minutes: '10',
    red_minutes: '20',
  },
  fromItem: fromStation,
  validate: (values) => validateStation(values),
  // A printer switched off leaves its address behind in the form: no change, and not sent.
  shown: (values) =>
    printerOn(values)
      ? values
      : Object.fromEntries(
          Object.entries(values).filter(([key]) => !(PRINTER_FIELDS as readonly string[]).includes(key)),
        ),
  messages: {
    created: uzKitchen.stationCreated,
    updated: uzKitchen.stationUpdated,
    createFailed: uzKitchen.stationCreateFailed,
    updateFailed: uzKitchen.stationUpdateFailed,
  },
};

const paperWidth = (value: FormValue | undefined): 58 | 80 => (whole(value) === 58 ? 58 : 80);

/** A new station: every field of the form (its printer, or none). */
export function toStationInput(values: FormValues): StationInput {
  return {
    name: String(values.name ?? '').trim(),
    printer: printerOn(values)
      ? {
          host: String(values.host ?? '').trim(),
          port: whole(values.port) ?? DEFAULT_PORT,
          width: paperWidth(values.width),
        }
      : null,
    print_on: values.print_on === 'accepted' ? 'accepted' : 'placed',
    amber_minutes: whole(values.amber_minutes) ?? 10,
    red_minutes: whole(values.red_minutes) ?? 20,
  };
}

/**
 * An edit's body from its changed fields: the printer is sent whole (the API replaces it) once any of its fields
 * changed, the unchanged ones taken from the station as it was; switched off, it is `null`.
 */
export function toStationChanges(changes: FormValues, station: Station): StationChanges {
  const body: StationChanges = {};
  if (typeof changes.name === 'string') body.name = changes.name.trim();
  if (changes.print_on === 'placed' || changes.print_on === 'accepted') body.print_on = changes.print_on;
  const amber = whole(changes.amber_minutes);
  if (amber !== null) body.amber_minutes = amber;
  const red = whole(changes.red_minutes);
  if (red !== null) body.red_minutes = red;
  const printerChanged = ['printer_on', ...PRINTER_FIELDS].some((field) => field in changes);
  if (printerChanged) {
    const on = typeof changes.printer_on === 'boolean' ? changes.printer_on : station.printer !== null;
    body.printer = on
      ? {
          host: String(changes.host ?? station.printer?.host ?? '').trim(),
          port: whole(changes.port) ?? station.printer?.port ?? DEFAULT_PORT,
          width: 'width' in changes ? paperWidth(changes.width) : (station.printer?.width ?? 80),
        }
      : null;
  }
  return body;
}

/**
 * What the form keeps of a refused save: a name the restaurant has (409) under the name field, any other reason as
 * the form's alert, with the fields' labels for the API's keys.
 */
export function stationFailure(error: unknown): { failure: string | null; errors?: FieldErrors } {
  const message = serverMessage(error);
  if (statusOf(error) === 409 && message) return { failure: null, errors: { name: message } };
  return { failure: message === null ? null : withFieldLabels(message, stationFieldLabels) };
}
