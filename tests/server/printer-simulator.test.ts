import { type AddressInfo, createServer, type Server } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PrinterSimulator, startPrinterSimulator } from '../../server/dev/printer/server';
import { encodeTicket } from '../../server/integrations/printer/escpos';
import { PrinterError, sendToPrinter } from '../../server/integrations/printer/send';
import type { KitchenTicket } from '../../server/integrations/printer/ticket';

/**
 * The sender against the printer simulator over real TCP on this machine: a ticket arrives as the paper shows it; a
 * printer switched off refuses at once with a retryable error in Uzbek; one that takes the connection and never
 * answers is given up when the time is out.
 */

const ticket: KitchenTicket = {
  restaurant: 'Samarqand Darvozasi',
  station: 'Oshxona',
  table: '3',
  number: 77,
  placedAt: new Date('2025-03-14T07:30:00Z'),
  lines: [
    { name: 'Qoʻy goʻshti shashlik', quantity: 2, rows: ['Katta'] },
    { name: 'Лағмон', quantity: 1, rows: [] },
  ],
  comment: 'Tezroq',
  reprint: false,
};

const texts = (lines: { text: string }[]) => lines.map((line) => line.text);

/** A listener that takes connections and never reads from them nor closes them: a printer that hangs. */
async function silentPrinter(): Promise<{ server: Server; port: number }> {
  const server = createServer({ pauseOnConnect: true }, () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

async function rejection(promise: Promise<unknown>): Promise<PrinterError> {
  const error = await promise.then(
    () => {
      throw new Error('the send succeeded');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PrinterError);
  return error as PrinterError;
}

describe('sending a ticket to the printer simulator', () => {
  let printer: PrinterSimulator;
  beforeEach(async () => {
    printer = await startPrinterSimulator();
  });
  afterEach(() => printer.close());

  it('prints it: the simulator has the ticket decoded, as the paper shows it', async () => {
    await sendToPrinter({ host: printer.host, port: printer.port }, encodeTicket(ticket, 80));
    const [printed] = await printer.waitForTickets(1);
    expect(printed!.paper.width_columns).toBe(48);
    expect(printed!.paper.cut).toBe(true);
    const rule = '─'.repeat(48);
    expect(texts(printed!.paper.lines)).toEqual([
      'Samarqand Darvozasi',
      'Oshxona',
      'Stol: 3',
      '№ 77',
      'Vaqt: 12:30',
      rule,
      "2 x Qo'y go'shti",
      '    shashlik',
      '  + Katta',
      '1 x Лагмон',
      rule,
      'Izoh: Tezroq',
      ...['', '', '', ''],
    ]);
    expect(printed!.at).toBeLessThanOrEqual(Date.now());
  });

  it('switched off, refuses at once with a retryable "Printer javob bermadi"; switched on, prints again', async () => {
    printer.setOn(false);
    expect(printer.isOn()).toBe(false);
    const started = performance.now();
    const error = await rejection(
      sendToPrinter({ host: printer.host, port: printer.port }, encodeTicket(ticket, 58), { timeoutMs: 3000 }),
    );
    expect(error.message).toBe('Printer javob bermadi');
    expect(error.retryable).toBe(true);
    // Refused, not waited out: well inside the 3 s the sender would have waited.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(printer.tickets()).toEqual([]);

    printer.setOn(true);
    expect(printer.isOn()).toBe(true);
    await sendToPrinter({ host: printer.host, port: printer.port }, encodeTicket(ticket, 58), { timeoutMs: 3000 });
    const [printed] = await printer.waitForTickets(1);
    expect(printed!.paper.width_columns).toBe(32);
    expect(texts(printed!.paper.lines)).toContain('Stol: 3');
  });

  it('keeps the newest 200 tickets, oldest first', async () => {
    const jobs = Array.from({ length: 203 }, (_, i) => encodeTicket({ ...ticket, number: i + 1 }, 58));
    await sendToPrinter({ host: printer.host, port: printer.port }, Buffer.concat(jobs));
    const kept = await printer.waitForTickets(200);
    expect(kept).toHaveLength(200);
    const numbers = kept.map((printed) => printed.paper.lines.find((line) => line.text.startsWith('№ '))!.text);
    expect(numbers[0]).toBe('№ 4');
    expect(numbers.at(-1)).toBe('№ 203');
  });

  it('says so when the tickets waited for do not come', async () => {
    await expect(printer.waitForTickets(1, 50)).rejects.toThrow('0 of 1 tickets');
  });
});

describe('a printer that does not answer as it should', () => {
  it('takes the connection and never reads nor closes: rejected, retryable, once the time is out', async () => {
    const { server, port } = await silentPrinter();
    try {
      const started = performance.now();
      const error = await rejection(
        sendToPrinter({ host: '127.0.0.1', port }, encodeTicket(ticket, 80), { timeoutMs: 300 }),
      );
      const waited = performance.now() - started;
      expect(error.message).toBe('Printer javob bermadi');
      expect(error.retryable).toBe(true);
      expect(waited).toBeGreaterThanOrEqual(290);
      expect(waited).toBeLessThan(2000);
    } finally {
      server.close();
    }
  });

  it('drops the connection at once: retryable, "Printer bilan aloqa uzildi"', async () => {
    const server = createServer((socket) => socket.resetAndDestroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const error = await rejection(sendToPrinter({ host: '127.0.0.1', port }, encodeTicket(ticket, 80)));
      expect(error.message).toBe('Printer bilan aloqa uzildi');
      expect(error.retryable).toBe(true);
    } finally {
      server.close();
    }
  });

  it('an address that cannot be one is not tried again', async () => {
    for (const target of [
      { host: '', port: 9100 },
      { host: '127.0.0.1', port: 0 },
      { host: '127.0.0.1', port: 70000 },
      { host: 'printer local', port: 9100 },
    ]) {
      const error = await rejection(sendToPrinter(target, new Uint8Array([0x0a])));
      expect(error.message).toBe("Printer manzili noto'g'ri");
      expect(error.retryable).toBe(false);
    }
  });
});
