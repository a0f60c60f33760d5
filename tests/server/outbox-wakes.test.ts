import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { printOutbox } from '../../server/db/schema';
import { SAMPLE_ORGANIZATIONS } from '../../server/dev/pos/sample-data';
import { type PosSimulator, startPosSimulator } from '../../server/dev/pos/server';
import { type PrinterSimulator, startPrinterSimulator } from '../../server/dev/printer/server';
import { setupTenants } from '../support/tenants';
import { foodAndTea, kitchenRestaurant } from './kitchen-fixtures';
import { dish, order, staffOrder, tillRestaurant } from './till-fixtures';

/**
 * A diner's order wakes the senders of the outboxes it wrote: the till has it and the kitchen's ticket is printed at
 * once, not at the senders' next round, which is ten minutes here (longer than any wait below). Telegram's wake is
 * telegram-wake.test.ts'.
 */

let pos: PosSimulator;
let printer: PrinterSimulator;
const TEN_MINUTES = 600_000;
// Started before the app, whose settings name them (hooks run in the order they are registered).
beforeAll(async () => {
  pos = await startPosSimulator();
  printer = await startPrinterSimulator({ host: '127.0.0.1', port: 0 });
  pos.control.tableOrders.setTimings({ commandDelayMs: 10 });
});
afterAll(async () => {
  await pos.close();
  await printer.close();
});

const t = setupTenants({
  env: () => ({ IIKO_API_URL: pos.url, IIKO_API_LOGIN: pos.apiLogin }),
  app: () => ({
    telegramTickMs: TEN_MINUTES,
    tillSender: { tickMs: TEN_MINUTES, pollMs: 10 },
    printSender: { allowLoopback: true, tickMs: TEN_MINUTES },
  }),
});
describe('a new order wakes', () => {
  it('the till sender: the order is on the till at once', async () => {
    const r = await tillRestaurant(t, pos, t.admin, t.owner, SAMPLE_ORGANIZATIONS[0]!.name);
    const somsa = await dish(t, r.restaurantId, 'Tandir somsa');
    const made = await order(t, r.slug, r.tables.get(1)!.token, [{ product_id: somsa._id, quantity: 1 }]);
    await vi.waitFor(
      async () => expect((await staffOrder(t, t.owner, r.restaurantId, made._id)).pos?.status).toBe('sent'),
      {
        timeout: 5000,
        interval: 25,
      },
    );
    expect(pos.control.tableOrders.orders(r.organizationId).map((check) => check.id)).toEqual([made._id]);
  });

  it("the print sender: the station's ticket is printed at once", async () => {
    const s = await kitchenRestaurant(t, {
      oshxona: { printer: { host: '127.0.0.1', port: printer.port, width: 58 } },
    });
    const before = printer.tickets().length;
    const placed = await foodAndTea(t, s);
    const [ticket] = (await printer.waitForTickets(before + 1, 5000)).slice(before);
    expect(ticket!.paper.lines.map((line) => line.text).join(' ')).toContain(`${placed.number}`);
  });
});

describe('"Qayta chop etish" wakes', () => {
  it('the print sender: the ticket is printed again at once', async () => {
    const s = await kitchenRestaurant(t, {
      oshxona: { printer: { host: '127.0.0.1', port: printer.port, width: 58 } },
    });
    const before = printer.tickets().length;
    const placed = await foodAndTea(t, s);
    await printer.waitForTickets(before + 1, 5000);
    // The first ticket recorded, and the sender's look after it (a send's end wakes it) found nothing more: idle.
    await vi.waitFor(async () => {
      const [row] = await t.db.select().from(printOutbox).where(eq(printOutbox.order_id, placed._id));
      expect(row!.state).toBe('printed');
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await t.call('owner', { method: 'POST', url: `/manager/orders/${placed._id}/print` });
    expect(again.statusCode).toBe(200);
    await printer.waitForTickets(before + 2, 5000);
  });
});
