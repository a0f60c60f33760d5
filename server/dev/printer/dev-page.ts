import type { FastifyInstance } from 'fastify';
import { DEV_ASSET_HEADERS, devPageHeaders } from '../page-headers';
import { toHtml } from '../pos/dev-page';
import { DEV_PAGE_SCRIPT } from './dev-script';
import { DEV_PAGE_CSS } from './dev-styles';
import { type PrinterPageState, printerView } from './dev-view';
import type { PrinterSimulator } from './server';

/**
 * `/dev/printer` (demo mode and tests): the kitchen printer simulator's paper, so a person trying the demo sees the
 * ticket an order prints. Routes:
 * - GET /dev/printer: the page (rendered on the server, every text escaped; its script keeps it current),
 * - GET /dev/printer/page.js and page.css: its script and style, as files (the page's CSP allows nothing inline),
 * - GET /dev/printer/state: `{ on, address, total, tickets }`, the newest SHOWN tickets first (dev-view.ts),
 * - POST /dev/printer/power `{ on }`: the printer switched off (senders are refused) or on again; answers `{ on }`.
 */

const SHOWN = 50;

export function printerPageState(printer: PrinterSimulator): PrinterPageState {
  const tickets = printer.tickets();
  return {
    on: printer.isOn(),
    address: `${printer.host}:${printer.port}`,
    total: tickets.length,
    tickets: tickets.slice(-SHOWN).reverse(),
  };
}

function page(state: PrinterPageState): string {
  return `<!doctype html>
<html lang="uz">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Oshxona printeri (simulyator)</title>
<link rel="stylesheet" href="/dev/printer/page.css">
<script src="/dev/printer/page.js" defer></script>
</head>
<body>
<header class="top"><div class="wrap">
<h1>Oshxona printeri (simulyator)</h1>
<p>Demo rejimida oshxona cheklari haqiqiy printerga emas, shu serverdagi printer simulyatoriga yuboriladi: u tarmoq printeri kabi TCP orqali ESC/POS buyruqlarini qabul qiladi. Bu yerda har bir chek qog'ozda qanday chiqsa, shunday ko'rinadi, eng yangisi birinchi. Printerni o'chirib, printer ishlamay qolganda nima bo'lishini ko'ring.</p>
</div></header>
<main class="wrap" id="printer">${printerView(state).map(toHtml).join('')}</main>
<p id="status" role="alert"></p>
</body>
</html>
`;
}

export async function registerPrinterDevPage(app: FastifyInstance, printer: PrinterSimulator): Promise<void> {
  const hidden = { schema: { hide: true } };

  app.get('/dev/printer', hidden, (_request, reply) =>
    reply
      .headers(devPageHeaders())
      .type('text/html; charset=utf-8')
      .send(page(printerPageState(printer))),
  );
  app.get('/dev/printer/page.js', hidden, (_request, reply) =>
    reply.headers(DEV_ASSET_HEADERS).type('text/javascript; charset=utf-8').send(DEV_PAGE_SCRIPT),
  );
  app.get('/dev/printer/page.css', hidden, (_request, reply) =>
    reply.headers(DEV_ASSET_HEADERS).type('text/css; charset=utf-8').send(DEV_PAGE_CSS),
  );
  app.get('/dev/printer/state', hidden, (_request, reply) =>
    reply.header('cache-control', 'no-store').send(printerPageState(printer)),
  );
  app.post<{ Body: { on: boolean } }>(
    '/dev/printer/power',
    {
      schema: {
        hide: true,
        body: {
          type: 'object',
          required: ['on'],
          additionalProperties: false,
          properties: { on: { type: 'boolean' } },
        },
      },
    },
    (request) => {
      printer.setOn(request.body.on);
      return { on: printer.isOn() };
    },
  );
}
