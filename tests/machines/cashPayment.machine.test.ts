import { describe, expect, it } from 'vitest';
import { type AnyActorLogic, createActor, fromPromise, getNextSnapshot, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../client/client';
import { uz } from '../../lib/uz';
import { uzPayments } from '../../lib/uz-payments';
import { type CashPaymentEvent, cashPaymentMachine } from '../../machines/orders/cashPayment.machine';
import { selectCashBill, selectCashError, selectCashPaying } from '../../machines/orders/cashPayment.selectors';
import { canPayInCash, paymentShown, tableBill } from '../../machines/orders/payment.rules';
import type { Notice } from '../../machines/shared/notify';
import { coverage, generatePaths, type ModelEvent, type PathEventType, pathName } from '../support/paths';
import { sampleOrder } from '../ui/models/orders.model';
import { BILL_IN_PROGRESS, CASH_ORDERS, CASH_PAYMENT, CASH_TABLE, cashPaymentModel } from '../ui/models/payments.model';
import { flush, pending, resolving } from './helpers';

/** "Naqd to'landi" on the orders screen (the cashPayment machine), and how an order's payment state reads. */

type Snapshot = SnapshotFrom<typeof cashPaymentMachine>;
/** Table 5's bill: 50 000 + 100 000 and its 10 000 service charge. */
const TABLE_5_BILL = { tableId: 't5', tableName: '5', amount: 160000, orders: 2 };

function start(payCash: AnyActorLogic = resolving(CASH_PAYMENT).logic) {
  const notices: Notice[] = [];
  let paid = 0;
  const machine = cashPaymentMachine.provide({
    actors: { payCash } as never,
    actions: {
      notify: (_, notice) => notices.push(notice),
      paid: () => {
        paid++;
      },
    },
  });
  return { actor: createActor(machine).start(), notices, paid: () => paid };
}

describe("an order's payment state on the staff's card", () => {
  const payment = (provider: 'payme' | 'click' | 'cash') => ({ provider, amount: 125000, tip: 0, paid_at: null });

  it.each([
    ['unpaid', null, "To'lanmagan", 'quiet'],
    ['pending', payment('payme'), "To'lanmoqda · Payme", 'pending'],
    ['paid', payment('payme'), "To'landi · Payme · 125\u00a0000\u00a0so'm", 'paid'],
    ['paid', payment('click'), "To'landi · Click · 125\u00a0000\u00a0so'm", 'paid'],
    ['paid', payment('cash'), "To'landi · Naqd · 125\u00a0000\u00a0so'm", 'paid'],
    ['refunded', payment('click'), "Qaytarildi · Click · 125\u00a0000\u00a0so'm", 'refunded'],
    // Before the server names the payment: the state alone.
    ['pending', null, "To'lanmoqda", 'pending'],
  ] as const)('%s with %j reads %j', (status, paid, text, tone) => {
    expect(paymentShown(sampleOrder('o1', { payment_status: status, payment: paid }))).toEqual({ text, tone });
  });

  it('a cancelled order says nothing of paying and offers no cash button; nor does a deleted table', () => {
    const cancelled = sampleOrder('o1', { status: 'cancelled' });
    expect(paymentShown(cancelled)).toBeNull();
    expect(canPayInCash(cancelled)).toBe(false);
    expect(canPayInCash(sampleOrder('o1', { table: { _id: null, name: '5' } }))).toBe(false);
    expect(canPayInCash(sampleOrder('o1', { payment_status: 'pending' }))).toBe(false);
    expect(canPayInCash(sampleOrder('o1', { status: 'served' }))).toBe(true);
  });

  it("a table's bill counts its unpaid orders with their service charge, not other tables' or paid ones", () => {
    expect(tableBill(CASH_ORDERS, CASH_TABLE)).toEqual(TABLE_5_BILL);
    const paidOne = [...CASH_ORDERS, sampleOrder('o4', { payment_status: 'paid', total: 99000 })];
    expect(tableBill(paidOne, CASH_TABLE)).toEqual(TABLE_5_BILL);
    // Tiyin add up exactly.
    const tiyin = [sampleOrder('a', { total: 0.1 }), sampleOrder('b', { total: 0.2 })];
    expect(tableBill(tiyin, CASH_TABLE)?.amount).toBe(0.3);
    expect(tableBill([sampleOrder('o1', { payment_status: 'paid' })], CASH_TABLE)).toBeNull();
  });
});

describe('cashPayment machine: examples', () => {
  it('asks with the bill, records the payment, says so and has the lists read again', async () => {
    const pay = resolving(CASH_PAYMENT);
    const { actor, notices, paid } = start(pay.logic);
    actor.send({ type: 'cash.ask', table: CASH_TABLE, orders: CASH_ORDERS });
    expect(selectCashBill(actor.getSnapshot())).toEqual(TABLE_5_BILL);
    actor.send({ type: 'confirm.yes' });
    expect(selectCashPaying(actor.getSnapshot())).toBe(true);
    expect(selectCashBill(actor.getSnapshot())).toEqual(TABLE_5_BILL);
    await flush();
    expect(pay.probe.inputs).toEqual([{ tableId: 't5' }]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectCashBill(actor.getSnapshot())).toBeNull();
    expect(notices).toEqual([{ kind: 'success', text: "Stol 5: naqd to'lov yozildi · 160\u00a0000\u00a0so'm" }]);
    expect(paid()).toBe(1);
  });

  it('a table with nothing unpaid is not asked about', () => {
    const { actor } = start();
    actor.send({ type: 'cash.ask', table: { _id: 't9', name: '9' }, orders: CASH_ORDERS });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it.each([
    ['the 409 while a provider holds the bill', BILL_IN_PROGRESS, BILL_IN_PROGRESS.message],
    ['no answer at all', new ApiError(0, uz.networkError), uz.networkError],
    ['anything else', new Error('boom'), uzPayments.cashFailed],
  ])('a refusal stays in the question with the reason: %s', async (_n, error, shown) => {
    let calls = 0;
    const { actor, notices, paid } = start(
      fromPromise(async () => {
        calls++;
        throw error;
      }),
    );
    actor.send({ type: 'cash.ask', table: CASH_TABLE, orders: CASH_ORDERS });
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(selectCashError(actor.getSnapshot())).toBe(shown);
    expect(selectCashBill(actor.getSnapshot())).toEqual(TABLE_5_BILL);
    expect(notices).toEqual([]);
    expect(paid()).toBe(0);
    // Trying again takes the reason away while it runs; closing forgets the bill.
    actor.send({ type: 'confirm.yes' });
    expect(selectCashError(actor.getSnapshot())).toBeNull();
    await flush();
    expect(calls).toBe(2);
    actor.send({ type: 'confirm.no' });
    expect(selectCashBill(actor.getSnapshot())).toBeNull();
  });

  it('leaving the screen stops the call', () => {
    const hanging = pending();
    const { actor } = start(hanging.logic);
    actor.send({ type: 'cash.ask', table: CASH_TABLE, orders: CASH_ORDERS });
    actor.send({ type: 'confirm.yes' });
    actor.stop();
    expect(hanging.probe.aborted).toBe(1);
  });
});

describe('cashPayment machine: generated paths (xstate/graph getShortestPaths)', () => {
  const paths = generatePaths(cashPaymentModel);

  it('the paths visit every state and every transition', () => {
    const { states, transitions } = coverage(cashPaymentModel, paths);
    expect(states.covered).toEqual([...states.all].sort());
    expect(transitions.covered).toEqual(transitions.all);
  });

  interface World {
    held: Array<{ input: unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void }>;
    notices: Notice[];
    paid: number;
  }
  type Step = (w: World, event: ModelEvent, before: Snapshot, after: Snapshot) => void;
  const steps = {
    'cash.ask': (_w, _e, _b, after) => {
      expect(selectCashBill(after)).toEqual(TABLE_5_BILL);
      expect(selectCashError(after)).toBeNull();
    },
    'confirm.yes': (w, _e, _b, after) => {
      expect(w.held.map((c) => c.input)).toEqual([{ tableId: 't5' }]);
      expect(selectCashPaying(after)).toBe(true);
      expect(selectCashError(after)).toBeNull();
    },
    'confirm.no': (w, _e, _b, after) => {
      expect(selectCashBill(after)).toBeNull();
      expect(w.paid).toBe(0);
    },
    'xstate.done.actor.payCash': (w, _e, _b, after) => {
      expect(selectCashBill(after)).toBeNull();
      expect(w.notices.at(-1)?.kind).toBe('success');
      expect(w.paid).toBe(1);
    },
    'xstate.error.actor.payCash': (w, e, _b, after) => {
      expect(selectCashError(after)).toBe((e.error as ApiError).message);
      expect(selectCashBill(after)).toEqual(TABLE_5_BILL);
      expect(w.paid).toBe(0);
    },
  } satisfies Record<PathEventType<CashPaymentEvent, 'payCash'>, Step>;

  it.each(paths.map((path, i) => [pathName(cashPaymentModel, path, i), path] as const))('%s', async (_n, path) => {
    const world: World = { held: [], notices: [], paid: 0 };
    const actor = createActor(
      cashPaymentMachine.provide({
        actors: {
          payCash: fromPromise<unknown, unknown>(
            ({ input }) => new Promise((resolve, reject) => world.held.push({ input, resolve, reject })),
          ),
        } as never,
        actions: {
          notify: (_, notice) => world.notices.push(notice),
          paid: () => {
            world.paid++;
          },
        },
      }),
    ).start();
    let replayed = actor.getSnapshot();
    for (const step of path.steps.slice(1)) {
      const event = step.event as ModelEvent;
      const before = actor.getSnapshot();
      if (event.type.startsWith('xstate.')) {
        const call = world.held.shift();
        expect(call, `a call is running for ${event.type}`).toBeDefined();
        if (event.type.startsWith('xstate.done.')) call!.resolve(event.output);
        else call!.reject(event.error);
      } else {
        world.held.length = 0;
        actor.send(event as CashPaymentEvent);
      }
      await flush();
      replayed = getNextSnapshot(cashPaymentMachine, replayed, event as never) as Snapshot;
      const after = actor.getSnapshot();
      expect(after.value, `after ${event.type}`).toEqual(replayed.value);
      steps[event.type as keyof typeof steps](world, event, before, after);
    }
    actor.stop();
  });
});
