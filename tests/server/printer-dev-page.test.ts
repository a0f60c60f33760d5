import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerPrinterDevPage } from '../../server/dev/printer/dev-page';
import type { PrinterPageState } from '../../server/dev/printer/dev-view';
import { type PrinterSimulator, startPrinterSimulator } from '../../server/dev/printer/server';
import { encodeTicket } from '../../server/integrations/printer/escpos';
import { PrinterError, sendToPrinter } from '../../server/integrations/printer/send';
import type { KitchenTicket } from '../../server/integrations/printer/ticket';

/**
 * /dev/printer on a small Fastify app with a printer simulator: the page shows the printed paper (every text
 * escaped, its own script and style under a strict CSP), its state is JSON, newest ticket first, and its switch turns
 * the printer off, so a sender is refused, and on again.
 */

const HOSTILE = '<script>alert(1)</script>';

const ticket = (overrides: Partial<KitchenTicket> = {}): KitchenTicket => ({
  restaurant: 'Samarqand Darvozasi',
  station: 'Oshxona',
  table: '4',
  number: 51,
  placedAt: new Date('2025-03-14T07:30:00Z'),
  lines: [{ name: 'Qoʻy goʻshti shashlik', quantity: 2, rows: ['Katta'] }],
  comment: '',
  reprint: false,
  ...overrides,
});

describe('/dev/printer', () => {
  let app: FastifyInstance;
  let printer: PrinterSimulator;
  let target: { host: string; port: number };

  beforeEach(async () => {
    printer = await startPrinterSimulator();
    target = { host: printer.host, port: printer.port };
    app = Fastify();
    await registerPrinterDevPage(app, printer);
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
    await printer.close();
  });

  it('shows each printed ticket as paper, every text escaped, under a CSP that allows nothing inline', async () => {
    await sendToPrinter(target, encodeTicket(ticket({ restaurant: HOSTILE }), 58));
    await printer.waitForTickets(1);
    const page = await app.inject({ method: 'GET', url: '/dev/printer' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.body).toContain('<p class="line center"><span>&lt;script&gt;alert(1)&lt;/script&gt;</span></p>');
    expect(page.body).not.toContain(HOSTILE);
    expect(page.body).toContain('<div class="paper w32">');
    expect(page.body).toContain('<p class="line b center s22"><span>Oshxona</span></p>');
    expect(page.body).toContain('<p class="line b s22"><span>Stol: 4</span></p>');
    expect(page.body).toContain('<p class="cut">kesildi</p>');
    expect(page.body).toContain('role="switch" aria-checked="true"');
    expect(page.body).toContain('Printer yoniq');
    expect(page.body).toContain('<script src="/dev/printer/page.js" defer></script>');
    expect(page.body).not.toMatch(/<script>|<style|style="/);

    const script = await app.inject({ method: 'GET', url: '/dev/printer/page.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain('/dev/printer/state');
    const css = await app.inject({ method: 'GET', url: '/dev/printer/page.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
  });

  it('answers its state as JSON: on, where it listens, and the tickets newest first', async () => {
    await sendToPrinter(target, encodeTicket(ticket({ number: 1 }), 58));
    await printer.waitForTickets(1);
    await sendToPrinter(target, encodeTicket(ticket({ number: 2, restaurant: HOSTILE }), 80));
    await printer.waitForTickets(2);
    const response = await app.inject({ method: 'GET', url: '/dev/printer/state' });
    expect(response.statusCode).toBe(200);
    const state = response.json<PrinterPageState>();
    expect(state.on).toBe(true);
    expect(state.address).toBe(`${printer.host}:${printer.port}`);
    expect(state.total).toBe(2);
    expect(state.tickets.map((printed) => printed.paper.width_columns)).toEqual([48, 32]);
    const [newest] = state.tickets;
    expect(newest!.paper.lines[0]).toEqual({ text: HOSTILE, bold: false, align: 'center', size: { w: 1, h: 1 } });
    expect(newest!.paper.lines.map((line) => line.text)).toContain('№ 2');
    expect(newest!.paper.cut).toBe(true);
  });

  it('switched off from the page, the printer refuses senders; switched on, it prints again', async () => {
    const off = await app.inject({ method: 'POST', url: '/dev/printer/power', payload: { on: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ on: false });
    expect(printer.isOn()).toBe(false);
    const refused = await sendToPrinter(target, encodeTicket(ticket(), 58), { timeoutMs: 2000 }).catch((e) => e);
    expect(refused).toBeInstanceOf(PrinterError);
    expect(refused).toMatchObject({ message: 'Printer javob bermadi', retryable: true });
    const page = await app.inject({ method: 'GET', url: '/dev/printer' });
    expect(page.body).toContain('role="switch" aria-checked="false"');
    expect(page.body).toContain('Printer o&#39;chiq');
    expect(page.body).toContain('Hali chek yo&#39;q');

    const on = await app.inject({ method: 'POST', url: '/dev/printer/power', payload: { on: true } });
    expect(on.json()).toEqual({ on: true });
    await sendToPrinter(target, encodeTicket(ticket(), 58), { timeoutMs: 2000 });
    expect(await printer.waitForTickets(1)).toHaveLength(1);
  });

  it('refuses a switch without a yes or no', async () => {
    for (const payload of [{}, { on: 'maybe' }, { power: false }]) {
      const response = await app.inject({ method: 'POST', url: '/dev/printer/power', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(printer.isOn()).toBe(true);
  });
});
