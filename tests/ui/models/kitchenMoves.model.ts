import { ApiError } from '../../../client/client';
import type { StaffOrder } from '../../../client/orders';
import { type LineServeEvent, lineServeMachine } from '../../../machines/orders/lineServe.machine';
import { type ReprintEvent, reprintMachine } from '../../../machines/orders/reprint.machine';
import { messages } from '../../../server/messages';
import type { ActorEventType, ModelEvent, PathModel } from '../../support/paths';
import { sampleOrder } from './orders.model';

/**
 * The orders screen's kitchen moves as test plans: "Berildi" on a ready line, and "Qayta chop etish" on an order whose
 * ticket the bar's printer did not take. Order №4 of table 5: Osh (ready, at Oshxona) and Choy (cooking, at Bar).
 */

type Line = StaffOrder['items'][number];
const at = (minute: number) => `2026-11-26T12:${String(minute).padStart(2, '0')}:00.000Z`;

export const kitchenLine = (name: string, values: Partial<Line> = {}): Line => ({
  product_id: `p-${name}`,
  name,
  quantity: 1,
  rows: [],
  line_total: 25000,
  station_id: 's1',
  status: 'new',
  moves: [],
  ...values,
});

export const READY_ORDER: StaffOrder = sampleOrder('o4', {
  number: 4,
  status: 'accepted',
  items: [
    kitchenLine('Osh', {
      quantity: 2,
      line_total: 50000,
      status: 'ready',
      moves: [{ to: 'ready', at: at(9), by: 'Oshxona' }],
    }),
    kitchenLine('Choy', {
      station_id: 's2',
      line_total: 5000,
      status: 'cooking',
      moves: [{ to: 'cooking', at: at(8), by: 'Bar' }],
    }),
  ],
  total: 55000,
  kitchen_status: 'cooking',
  print: { status: 'failed', error: messages.printerFailedAt('Bar', messages.printerNoAnswer) },
  updatedAt: at(9),
});

/** The server's answer to "Berildi" on Osh. */
export const OSH_SERVED: StaffOrder = {
  ...READY_ORDER,
  items: [
    {
      ...READY_ORDER.items[0]!,
      status: 'served',
      moves: [...READY_ORDER.items[0]!.moves, { to: 'served', at: at(10), by: 'rayhon' }],
    },
    READY_ORDER.items[1]!,
  ],
  updatedAt: at(10),
};
/** The server's 409 for a line that moved meanwhile (a colleague served it). */
export const LINE_REFUSED = new ApiError(409, messages.lineMoveRefused('served', 'served'));

/** The server's answer to "Qayta chop etish": the tickets are waiting for the printers again. */
export const REPRINTED: StaffOrder = { ...READY_ORDER, print: { status: 'printing', error: null }, updatedAt: at(11) };
/** The server's 409 when none of the order's stations has a printer. */
export const NO_PRINTER = new ApiError(409, messages.reprintNoPrinter);

export const lineServeModel: PathModel<typeof lineServeMachine> = {
  name: 'lineServe',
  machine: lineServeMachine,
  events: [
    { type: 'line.serve', order: READY_ORDER, index: 0 },
    { type: 'xstate.done.actor.serveLine', output: OSH_SERVED },
    { type: 'xstate.error.actor.serveLine', error: LINE_REFUSED },
  ] satisfies Array<ModelEvent & { type: LineServeEvent['type'] | ActorEventType<'serveLine'> }>,
  describeEvent: (e) =>
    ({
      'line.serve': "press 'Berildi' on Osh (tayyor) of order №4",
      'xstate.done.actor.serveLine': 'the server marks it served (berildi)',
      'xstate.error.actor.serveLine': 'the server refuses: it moved meanwhile (409)',
    })[e.type] ?? e.type,
};

export const reprintModel: PathModel<typeof reprintMachine> = {
  name: 'reprint',
  machine: reprintMachine,
  events: [
    { type: 'print.again', order: READY_ORDER },
    { type: 'xstate.done.actor.reprint', output: REPRINTED },
    { type: 'xstate.error.actor.reprint', error: NO_PRINTER },
  ] satisfies Array<ModelEvent & { type: ReprintEvent['type'] | ActorEventType<'reprint'> }>,
  describeEvent: (e) =>
    ({
      'print.again': "press 'Qayta chop etish' on order №4 (Printer javob bermadi (Bar))",
      'xstate.done.actor.reprint': 'the server queues its tickets again',
      'xstate.error.actor.reprint': 'the server refuses: no station of it has a printer (409)',
    })[e.type] ?? e.type,
};
