import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printOutbox } from '../../server/db/schema';
import { type PrinterSimulator, startPrinterSimulator } from '../../server/dev/printer/server';
import { createOption, createRow } from '../support/fixtures';
import { setupTenants } from '../support/tenants';
import { foodAndTea, type KitchenSetup, kitchenRestaurant } from './kitchen-fixtures';
import { postOrder } from './orders-fixtures';

/**
 * Kitchen tickets through the outbox to a printer over raw TCP (the simulator decodes the ESC/POS it receives): one
 * ticket per order and station with a printer, when the station's moment comes; retried while the printer is off,
 * with "Printer javob bermadi" on the order from the second failure; printed again on "Qayta chop etish".
 */

let printer: PrinterSimulator;
const t = setupTenants({
  app: () => ({ printSender: { allowLoopback: true, tickMs: 50, retrySeconds: [0.1, 0.1, 0.1, 0.1], maxAttempts: 5 } }),
});
beforeAll(async () => {
  printer = await startPrinterSimulator({ host: '127.0.0.1', port: 0 });
});
afterAll(() => printer.close());

const printerOf = () => ({ host: '127.0.0.1', port: printer.port, width: 58 });
/** The ticket's text, lines joined with spaces (a long name wraps under its quantity in the large font). */
const textOf = (index: number) =>
  printer
    .tickets()
    [index]!.paper.lines.map((line) => line.text.trim())
    .join(' ');

/** The order as the staff list it, once `done` says it is as the test waits for it. */
async function staffOrder(s: KitchenSetup, id: string, done: (order: Record<string, unknown>) => boolean) {
  for (let i = 0; i < 100; i++) {
    const res = await t.call('owner', { method: 'GET', url: `/manager/orders?restaurant_id=${s.restaurant._id}` });
    const order = res.json().data.find((o: { _id: string }) => o._id === id);
    if (order && done(order)) return order;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the order never got there');
}

describe('kitchen tickets', () => {
  it("prints each station's lines once when the order is placed; a station without a printer prints nothing", async () => {
    const s = await kitchenRestaurant(t, { oshxona: { printer: printerOf() } });
    const before = printer.tickets().length;
    const placed = await foodAndTea(t, s);
    const [ticket] = (await printer.waitForTickets(before + 1, 5000)).slice(before);
    expect(ticket!.paper.cut).toBe(true);
    const text = textOf(before);
    expect(text).toContain('Oshxona');
    expect(text).toContain(`${placed.number}`);
    expect(text).toContain(`2 x ${s.food.name}`);
    expect(text).not.toContain("Ko'k choy");
    expect(text).toContain("Achchiq bo'lmasin");
    const order = await staffOrder(s, placed._id, (o) => o.print !== null);
    expect(order.print).toEqual({ status: 'printed', error: null });
    const rows = await t.db.select().from(printOutbox).where(eq(printOutbox.order_id, placed._id));
    expect(rows.map((row) => row.state)).toEqual(['printed']);
  });

  it('prints the rows a diner chose under their dish', async () => {
    const s = await kitchenRestaurant(t, { oshxona: { printer: printerOf() } });
    const option = await createOption(t.db, s.food._id, { name: 'Garnir' });
    const fries = await createRow(t.db, option._id, { name: 'Kartoshka fri' });
    const before = printer.tickets().length;
    const res = await postOrder(t, s.restaurant.slug, {
      table_id: s.table.token,
      items: [{ product_id: s.food._id, quantity: 1, row_ids: [fries._id] }],
    });
    expect(res.statusCode).toBe(201);
    await printer.waitForTickets(before + 1, 5000);
    expect(textOf(before)).toContain(`1 x ${s.food.name}`);
    expect(textOf(before)).toContain('Kartoshka fri');
  });

  it('a station printing on acceptance prints once the staff accept the order', async () => {
    const s = await kitchenRestaurant(t, { bar: { printer: printerOf(), print_on: 'accepted' } });
    const placed = await foodAndTea(t, s);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await t.db.select().from(printOutbox).where(eq(printOutbox.order_id, placed._id))).toEqual([]);
    const before = printer.tickets().length;
    await t.call('owner', { method: 'PUT', url: `/manager/orders/${placed._id}`, payload: { status: 'accepted' } });
    await printer.waitForTickets(before + 1, 5000);
    expect(textOf(before)).toContain("Ko'k choy");
  });

  it('while the printer is off the ticket waits, the staff see why, and it prints when the printer is back', async () => {
    const s = await kitchenRestaurant(t, { oshxona: { printer: printerOf() } });
    printer.setOn(false);
    try {
      const placed = await foodAndTea(t, s);
      const waiting = await staffOrder(s, placed._id, (o) => o.print !== null);
      expect(waiting.print).toEqual({ status: 'printing', error: 'Printer javob bermadi (Oshxona)' });
      const before = printer.tickets().length;
      printer.setOn(true);
      await printer.waitForTickets(before + 1, 5000);
      const printed = await staffOrder(s, placed._id, (o) => (o.print as { status: string }).status === 'printed');
      expect(printed.print).toEqual({ status: 'printed', error: null });
    } finally {
      printer.setOn(true);
    }
  });

  it('gives up after its last try; "Qayta chop etish" prints it again, marked so', async () => {
    const s = await kitchenRestaurant(t, { oshxona: { printer: printerOf() } });
    printer.setOn(false);
    let placed: { _id: string };
    try {
      placed = await foodAndTea(t, s);
      const failed = await staffOrder(
        s,
        placed._id,
        (o) => (o.print as { status: string } | null)?.status === 'failed',
      );
      expect(failed.print.error).toBe('Printer javob bermadi (Oshxona)');
    } finally {
      printer.setOn(true);
    }
    const before = printer.tickets().length;
    const again = await t.call('owner', { method: 'POST', url: `/manager/orders/${placed._id}/print` });
    expect(again.statusCode).toBe(200);
    await printer.waitForTickets(before + 1, 5000);
    expect(textOf(before)).toContain('QAYTA CHOP ETILDI');
  });

  it("a reprint without a printer is a 409, of another manager's order a 404; a cancelled order prints nothing", async () => {
    const s = await kitchenRestaurant(t);
    const placed = await foodAndTea(t, s);
    const none = await t.call('owner', { method: 'POST', url: `/manager/orders/${placed._id}/print` });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe("Bu buyurtmaning bo'limlarida printer yo'q.");
    expect((await t.call('other', { method: 'POST', url: `/manager/orders/${placed._id}/print` })).statusCode).toBe(
      404,
    );

    const withPrinter = await kitchenRestaurant(t, { oshxona: { printer: printerOf() } });
    await t.app.printSender.stop();
    try {
      const cancelled = await foodAndTea(t, withPrinter);
      await t.call('owner', {
        method: 'PUT',
        url: `/manager/orders/${cancelled._id}`,
        payload: { status: 'cancelled' },
      });
      const before = printer.tickets().length;
      await t.app.printSender.runOnce();
      expect(printer.tickets()).toHaveLength(before);
      const [row] = await t.db.select().from(printOutbox).where(eq(printOutbox.order_id, cancelled._id));
      expect(row!.state).toBe('failed');
    } finally {
      t.app.printSender.start();
    }
  });

  it("refuses to print to this server's own addresses outside demo mode", async () => {
    const { printerAddress } = await import('../../server/integrations/printer/address');
    await expect(printerAddress('127.0.0.1', { allowLoopback: false })).rejects.toThrow(
      "Printer manzili ruxsat etilmagan: bu serverning o'z manzili",
    );
    await expect(printerAddress('169.254.169.254', { allowLoopback: false })).rejects.toThrow();
    await expect(printerAddress('192.168.1.50', { allowLoopback: false })).resolves.toBe('192.168.1.50');
  });
});
