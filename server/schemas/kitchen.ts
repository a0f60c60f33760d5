import { type Static, Type } from 'typebox';
import { Id, Text, Timestamp, VisibleText } from './common';
import { LineMove, LineStatus, OrderLine, OrderStatus, TableRef } from './table-orders';

/**
 * The kitchen: a restaurant's stations (`/manager/restaurants/{id}/stations`, `/manager/stations/{id}`), its kitchen
 * devices (`/manager/restaurants/{id}/kitchen-devices`, `/manager/kitchen-devices/{id}`) and what a paired device
 * calls (`/kitchen/...`).
 */

export const STATION_NAME_MAX = 40;
export const STATIONS_MAX = 20;
export const KITCHEN_DEVICES_MAX = 50;

export const StationPrinter = Type.Object(
  {
    host: Text({
      minLength: 1,
      maxLength: 253,
      pattern: '^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$',
      description: "The printer's address on the network, an IP address or a host name (e.g. 192.168.1.50)",
    }),
    port: Type.Integer({ minimum: 1, maximum: 65535, description: 'Raw printing port, usually 9100' }),
    width: Type.Union([Type.Literal(58), Type.Literal(80)], { description: 'Paper width in millimetres' }),
  },
  { additionalProperties: false, description: 'A network thermal printer speaking ESC/POS (raw TCP)' },
);

const PrintOn = Type.Union([Type.Literal('placed'), Type.Literal('accepted')], {
  description:
    'When an order reaches the station, on its display and its printer: as soon as the diner placed it, or once the staff accepted it',
});

export const Station = Type.Object({
  _id: Id,
  restaurant_id: Id,
  name: Type.String(),
  position: Type.Integer({
    description: "Order among the restaurant's stations (the first takes categories without one)",
  }),
  printer: Type.Union([StationPrinter, Type.Null()]),
  print_on: PrintOn,
  amber_minutes: Type.Integer({ description: "The display's card turns amber this many minutes after the order" }),
  red_minutes: Type.Integer({ description: '…and red after this many' }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type StationView = Static<typeof Station>;

const StationName = VisibleText({
  minLength: 1,
  maxLength: STATION_NAME_MAX,
  description: `"Oshxona", "Bar", "Mangal"…: trimmed, 1-${STATION_NAME_MAX} characters, unique per restaurant whatever the case`,
});
const Minutes = (description: string) => Type.Integer({ minimum: 1, maximum: 600, description });

const stationFields = {
  name: StationName,
  position: Type.Integer({ minimum: 0, maximum: 1000, description: 'Default: after the others' }),
  printer: Type.Union([StationPrinter, Type.Null()], { description: 'Null: no printer (the default)' }),
  print_on: PrintOn,
  amber_minutes: Minutes('Default 10'),
  red_minutes: Minutes('Default 20; more than amber_minutes'),
};
export const CreateStationBody = Type.Object(
  {
    name: stationFields.name,
    position: Type.Optional(stationFields.position),
    printer: Type.Optional(stationFields.printer),
    print_on: Type.Optional(stationFields.print_on),
    amber_minutes: Type.Optional(stationFields.amber_minutes),
    red_minutes: Type.Optional(stationFields.red_minutes),
  },
  { additionalProperties: false },
);
export const UpdateStationBody = Type.Object(
  {
    name: Type.Optional(stationFields.name),
    position: Type.Optional(stationFields.position),
    printer: Type.Optional(stationFields.printer),
    print_on: Type.Optional(stationFields.print_on),
    amber_minutes: Type.Optional(stationFields.amber_minutes),
    red_minutes: Type.Optional(stationFields.red_minutes),
  },
  { additionalProperties: false, minProperties: 1, description: 'Only the sent fields change' },
);
export const StationAnswer = Type.Object({ data: Station });
export const StationListAnswer = Type.Object({ data: Type.Array(Station, { description: 'In their order' }) });

export const KITCHEN_DEVICE_STATES = ['waiting', 'paired', 'expired'] as const;
export const KitchenDevice = Type.Object({
  _id: Id,
  restaurant_id: Id,
  name: Type.String(),
  station_id: Type.Union([Id, Type.Null()], { description: 'The one station it shows; null: every station' }),
  state: Type.Union([Type.Literal('waiting'), Type.Literal('paired'), Type.Literal('expired')], {
    description: 'waiting: its code is not used yet; paired: a tablet uses it; expired: its code ran out unused',
  }),
  expires_at: Timestamp,
  paired_at: Type.Union([Timestamp, Type.Null()]),
  last_seen_at: Type.Union([Timestamp, Type.Null()], { description: 'Its last call (to the minute)' }),
  created_by: Type.String(),
  createdAt: Timestamp,
});
export type KitchenDeviceView = Static<typeof KitchenDevice>;
export const KitchenDeviceListAnswer = Type.Object({
  data: Type.Array(KitchenDevice, { description: 'Newest first' }),
});

export const CreateKitchenDeviceBody = Type.Object(
  {
    name: VisibleText({ minLength: 1, maxLength: 40, description: '"Oshxona plansheti", "Bar"…' }),
    station_id: Type.Union([Id, Type.Null()], { description: 'The one station it shows, or null for all' }),
  },
  { additionalProperties: false },
);
export const KitchenDevicePairing = Type.Object({
  data: Type.Object({
    _id: Id,
    code: Type.String({ pattern: '^[0-9]{6}$', description: 'Six digits the tablet enters at /kitchen, once' }),
    expires_at: Timestamp,
  }),
});

export const PairBody = Type.Object(
  { code: Text({ pattern: '^[0-9]{6}$', description: 'The six digits shown in the panel' }) },
  { additionalProperties: false },
);
export const PairAnswer = Type.Object({
  token: Type.String({ description: 'The device session: send it as `Authorization: Bearer …` to /kitchen calls' }),
});

/** A line as the kitchen sees it: `index` is its place in the order's items (what PUT …/items/{index} names). */
export const KitchenLine = Type.Object({
  index: Type.Integer({ minimum: 0 }),
  product_id: OrderLine.properties.product_id,
  name: OrderLine.properties.name,
  quantity: OrderLine.properties.quantity,
  rows: OrderLine.properties.rows,
  station_id: Type.Union([Id, Type.Null()]),
  status: LineStatus,
  moves: Type.Array(LineMove),
});
export type KitchenLineView = Static<typeof KitchenLine>;

export const KitchenOrder = Type.Object({
  _id: Id,
  number: Type.Integer(),
  status: OrderStatus,
  table: TableRef,
  comment: Type.String(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  items: Type.Array(KitchenLine, { description: "This device's station's lines only" }),
  open: Type.Boolean({
    description:
      "Whether the station's display shows it: placed (or accepted, for a station that waits for that), confirmed, not cancelled, with a line not yet served",
  }),
});
export type KitchenOrderView = Static<typeof KitchenOrder>;

export const KitchenDeviceInfo = Type.Object({
  _id: Id,
  name: Type.String(),
  restaurant: Type.Object({ _id: Id, name: Type.String() }),
  station: Type.Union([Station, Type.Null()], { description: 'Null: the device shows every station' }),
});
export type KitchenDeviceInfoView = Static<typeof KitchenDeviceInfo>;

export const KitchenOrdersAnswer = Type.Object({
  data: Type.Array(KitchenOrder, {
    description: 'Open orders with a line of this station not yet served, oldest first',
  }),
  device: KitchenDeviceInfo,
});
export const KitchenOrderAnswer = Type.Object({ data: KitchenOrder });

export const LineMoveBody = Type.Object({ status: LineStatus }, { additionalProperties: false });
export const KitchenLineParams = Type.Object({
  id: Id,
  // Path parameters are text (nothing is coerced): a line's place in the order, 0 to 49.
  index: Text({ pattern: '^(0|[1-9][0-9]?)$', description: "The line's place in the order's items, from 0" }),
});
