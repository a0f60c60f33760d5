import type { FastifyInstance } from 'fastify';
import { pointPrintersAt } from '../../repositories/kitchen-stations';
import { DEMO_PRINTER } from '../demo/data';
import { registerPrinterDevPage } from './dev-page';
import { type PrinterSimulator, startPrinterSimulator } from './server';

declare module 'fastify' {
  interface FastifyInstance {
    /** Demo mode's kitchen printer (absent outside demo mode). */
    demoPrinter?: PrinterSimulator;
  }
}

/**
 * Demo mode's kitchen printer: the simulator listens on DEMO_PRINTER's port (another free one when that is taken, and
 * the demo's printers, the stations printing to this machine, are pointed at it), /dev/printer shows its paper.
 */
export async function registerDemoPrinter(app: FastifyInstance): Promise<PrinterSimulator> {
  let printer: PrinterSimulator;
  try {
    printer = await startPrinterSimulator({ host: DEMO_PRINTER.host, port: DEMO_PRINTER.port });
  } catch {
    printer = await startPrinterSimulator({ host: DEMO_PRINTER.host, port: 0 });
  }
  app.addHook('onClose', () => printer.close());
  app.decorate('demoPrinter', printer);
  app.addHook('onReady', async () => {
    // Only stations printing to this machine: in demo mode that can only be the simulator.
    await pointPrintersAt(app.db, DEMO_PRINTER.host, printer.port);
  });
  await registerPrinterDevPage(app, printer);
  app.log.info(`Kitchen printer simulator (ESC/POS) at ${printer.host}:${printer.port}; its paper at /dev/printer`);
  return printer;
}
