import { assign, setup } from 'xstate';
import { ApiError } from '../../client/client';
import type { StaffOrder } from '../../client/orders';
import type { PaymentView } from '../../client/payments';
import { uzPayments } from '../../lib/uz-payments';
import type { Notice } from '../shared/notify';
import { cashPaymentActors } from './cashPayment.actors';
import { type CashBill, tableBill } from './payment.rules';

/**
 * "Naqd to'landi" on the orders screen: a manager marks a table's bill paid in cash. The question shows the bill as the
 * screen counts it (the table's unpaid orders and their service charges); "Ha" records one cash payment of every
 * unpaid order of the table (POST /manager/tables/{id}/cash). The cards change through the live stream; `paid` lets
 * the screen read its lists again all the same. A refusal (409 while Payme or Click holds the bill, or nothing left
 * to pay) keeps the question open with the server's Uzbek message, to try again or close.
 */

export interface CashPaymentContext {
  /** The bill being asked about, or paid. */
  bill: CashBill | null;
  /** Why the last try failed; null otherwise. */
  error: string | null;
}

export type CashPaymentEvent =
  | { type: 'cash.ask'; table: StaffOrder['table']; orders: readonly StaffOrder[] }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' };

/** The server's reason (a 409 says why; no answer is the client's networkError), or a general one. */
const cashFailure = (error: unknown) =>
  error instanceof ApiError && error.message ? error.message : uzPayments.cashFailed;

type AskParams = { table: StaffOrder['table']; orders: readonly StaffOrder[] };

export const cashPaymentMachine = setup({
  types: {
    context: {} as CashPaymentContext,
    events: {} as CashPaymentEvent,
  },
  actors: cashPaymentActors,
  actions: {
    /** React shows it as a toast. */
    notify: (_, _params: Notice) => {},
    /** React asks the orders screen to read its lists again. */
    paid: () => {},
    takeBill: assign((_, { table, orders }: AskParams) => ({ bill: tableBill(orders, table), error: null })),
    clear: assign({ bill: null, error: null }),
  },
  guards: {
    hasBill: (_, { table, orders }: AskParams) => tableBill(orders, table) !== null,
  },
}).createMachine({
  id: 'cashPayment',
  context: { bill: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'cash.ask': {
          guard: { type: 'hasBill', params: ({ event }) => ({ table: event.table, orders: event.orders }) },
          target: 'confirming',
          actions: { type: 'takeBill', params: ({ event }) => ({ table: event.table, orders: event.orders }) },
        },
      },
    },
    confirming: {
      tags: ['asking'],
      on: {
        'confirm.yes': { target: 'paying' },
        'confirm.no': { target: 'idle', actions: 'clear' },
      },
    },
    paying: {
      tags: ['asking', 'paying'],
      entry: assign({ error: null }),
      invoke: {
        id: 'payCash',
        src: 'payCash',
        input: ({ context }) => ({ tableId: context.bill!.tableId }),
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'notify',
              params: ({ context, event }: { context: CashPaymentContext; event: { output: PaymentView } }) => ({
                kind: 'success' as const,
                text: uzPayments.cashDone(context.bill?.tableName ?? '', event.output.amount),
              }),
            },
            'paid',
            'clear',
          ],
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => cashFailure(event.error) }),
        },
      },
    },
    /** The question stays open with the reason: "Ha" tries again, "Yo'q" closes it. */
    failed: {
      tags: ['asking'],
      on: {
        'confirm.yes': { target: 'paying' },
        'confirm.no': { target: 'idle', actions: 'clear' },
      },
    },
  },
});
