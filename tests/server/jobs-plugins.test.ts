import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/client';
import { kitchenStations, orders, payments, paymentTransactions, posOutbox, printOutbox } from '../../server/db/schema';
import { type PrinterSimulator, startPrinterSimulator } from '../../server/dev/printer/server';
import { CLICK_HOLD_MS } from '../../server/domain/payments/click-expiry';
import type { IntegrationService } from '../../server/integrations/service';
import { jobsPlugin } from '../../server/jobs/plugin';
import { printSenderPlugin } from '../../server/jobs/print-plugin';
import { tillSenderPlugin } from '../../server/jobs/till-plugin';
import { CLICK_PREPARED } from '../../server/repositories/click-transactions';
import { freshDatabase } from '../support/database';
import { createRestaurant } from '../support/fixtures';
import { insertOrder, orderRow, quietWork, until } from './jobs-fixtures';

/**
 * The plugins that run the background jobs in an app: each starts its loop once the app is ready and stops it (what
 * is under way finished) when the app closes. An app of just these plugins, on the real database, so that building
 * one in a test registers nothing else.
 */

let database: Database;
let printer: PrinterSimulator;
beforeAll(async () => {
  database = await freshDatabase();
  printer = await startPrinterSimulator({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await printer.close();
  await database.close();
});
const db = () => database.db;

/** The jobs' plugins on what they use of the app: its database, unit of work, log, and a POS integration without a POS. */
async function jobsApp(demo = false): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.decorate('db', db());
  app.decorate('work', quietWork(db()));
  await app.register(
    fp(
      async (instance) => {
        instance.decorate('integration', { provider: null } as unknown as IntegrationService);
      },
      { name: 'integration' },
    ),
  );
  await app.register(jobsPlugin);
  await app.register(tillSenderPlugin, { settings: {} });
  await app.register(printSenderPlugin, { demo });
  return app;
}

describe('in a running app', () => {
  it('the jobs start once the app is ready; closing it tells the rounds under way to stop and waits for them', async () => {
    const app = await jobsApp();
    const start = vi.spyOn(app.jobs, 'start');
    await app.ready();
    expect(start).toHaveBeenCalledTimes(1);
    expect(app.jobs.names()).toEqual(expect.arrayContaining(['prune-staff-events', 'release-click-holds']));

    let told: AbortSignal | undefined;
    let ended = false;
    app.jobs.every(
      'until-told',
      60 * 60_000,
      async ({ signal }) => {
        told = signal;
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        ended = true;
      },
      { firstAfterMs: 0 },
    );
    await until(() => told !== undefined, 'the round started');

    await app.close();
    expect(told?.aborted).toBe(true);
    expect(ended).toBe(true);
  });

  it("the upkeep writes through the app's unit of work: a Click hold past its time is freed", async () => {
    const app = await jobsApp();
    await app.ready();
    try {
      const restaurant = await createRestaurant(db());
      const order = await insertOrder(db(), restaurant._id, [], { payment_status: 'pending' });
      const [payment] = await db()
        .insert(payments)
        .values({
          restaurant_id: restaurant._id,
          provider: 'click',
          order_ids: [order._id],
          items_total: order.total,
          service: 0,
          tip: 0,
          amount: order.total,
          idempotency_key: crypto.randomUUID(),
        })
        .returning();
      await db().update(orders).set({ payment_id: payment!._id }).where(eq(orders._id, order._id));
      await db()
        .insert(paymentTransactions)
        .values({
          payment_id: payment!._id,
          provider: 'click',
          provider_id: crypto.randomUUID(),
          amount_tiyin: order.total * 100,
          state: CLICK_PREPARED,
          create_time: Date.now() - CLICK_HOLD_MS - 1000,
        });

      expect(await app.jobs.runDue('release-click-holds')).toBe('ran');

      expect((await orderRow(db(), order._id)).payment_status).toBe('unpaid');
      const [released] = await db().select().from(payments).where(eq(payments._id, payment!._id));
      expect(released!.status).toBe('cancelled');
    } finally {
      await app.close();
    }
  });

  it('the till sender starts once the app is ready, and is stopped when it closes', async () => {
    const app = await jobsApp();
    const start = vi.spyOn(app.tillSender, 'start');
    const stop = vi.spyOn(app.tillSender, 'stop');
    await app.ready();
    expect(start).toHaveBeenCalledTimes(1);
    try {
      const restaurant = await createRestaurant(db());
      const order = await insertOrder(db(), restaurant._id, []);
      const [row] = await db()
        .insert(posOutbox)
        .values({ order_id: order._id, restaurant_id: restaurant._id })
        .returning();
      // Started, a wake sends at once (this app has no POS: the order fails with why).
      app.tillSender.wake();
      await until(
        async () => (await db().select().from(posOutbox).where(eq(posOutbox.id, row!.id)))[0]!.state === 'failed',
        'the order sent',
      );
    } finally {
      await app.close();
    }
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('the ticket printer starts once the app is ready, prints to this machine in demo mode, and is stopped when it closes', async () => {
    const app = await jobsApp(true);
    const start = vi.spyOn(app.printSender, 'start');
    const stop = vi.spyOn(app.printSender, 'stop');
    await app.ready();
    expect(start).toHaveBeenCalledTimes(1);
    try {
      const restaurant = await createRestaurant(db());
      const [station] = await db()
        .insert(kitchenStations)
        .values({
          restaurant_id: restaurant._id,
          name: 'Oshxona',
          printer: { host: '127.0.0.1', port: printer.port, width: 58 },
        })
        .returning();
      const order = await insertOrder(db(), restaurant._id, [
        { product_id: crypto.randomUUID(), name: 'Tandir somsa', station_id: station!._id },
      ]);
      await db().insert(printOutbox).values({ order_id: order._id, station_id: station!._id });
      const before = printer.tickets().length;
      app.printSender.wake();
      await printer.waitForTickets(before + 1);
    } finally {
      await app.close();
    }
    expect(stop).toHaveBeenCalledTimes(1);
  });
});
