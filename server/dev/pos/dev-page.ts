import type { FastifyInstance, FastifyReply } from 'fastify';
import type { IikoTable } from '../../integrations/iiko/table-order-types';
import type { LocalPos } from '../../integrations/registry';
import { escapeHtml } from '../../menu/html';
import { DEV_ASSET_HEADERS, devPageHeaders } from '../page-headers';
import { ControlRefusal, controlCall as control } from './control-client';
import { DEV_PAGE_SCRIPT } from './dev-script';
import { DEV_PAGE_CSS } from './dev-styles';
import { type TillCheck, type TillDone, type TillGroup, type TillState, tillView, type ViewNode } from './dev-view';
import type { TillOrder } from './table-orders';
import type { TerminalGroupSummary } from './terminals';

/**
 * `/dev/iiko` (demo mode only, registered by server/integrations/plugin.ts when the POS simulator is the source): the
 * simulator's till as a cashier sees it, so a person trying the demo sees a table's order reach iiko. Routes:
 * - GET /dev/iiko: the page (rendered on the server, every text escaped; its script keeps it current),
 * - GET /dev/iiko/page.js and page.css: its script and style, as files (the page's CSP allows nothing inline),
 * - GET /dev/iiko/state: `{ groups: [{ id, organization, name, alive, checks }], done }` (see dev-view.ts),
 * - POST /dev/iiko/close `{ order_id }`: the cashier closes an open check,
 * - POST /dev/iiko/alive `{ terminal_group_id, alive }`: the till switched off (is_alive false: orders wait for it,
 *   then fail) or on again.
 * Everything goes through the simulator's own POST /control, as a person driving it would: the app holds only its URL
 * and apiLogin.
 */

const DONE_SHOWN = 20;

/** The element tree as markup: tag and attribute names come from dev-view.ts, every text and value is escaped. */
export function toHtml(node: ViewNode): string {
  if (typeof node === 'string') return escapeHtml(node);
  const attrs = Object.entries(node.attrs ?? {})
    .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
    .join('');
  return `<${node.tag}${attrs}>${(node.children ?? []).map(toHtml).join('')}</${node.tag}>`;
}

/** "Stol 3" for a table iiko names by its number, otherwise its name ("Ayvon 7", "VIP xona"). */
function tableName(table: IikoTable): string {
  return table.name.trim() === '' || table.name.trim() === String(table.number) ? `Stol ${table.number}` : table.name;
}

function checkOf(order: TillOrder, table: string | null): TillCheck {
  const status: TillCheck['status'] =
    order.creationStatus !== 'Success'
      ? order.waitingForTill
        ? 'Waiting'
        : 'Sending'
      : order.status === 'Bill'
        ? 'Bill'
        : 'New';
  return {
    id: order.id,
    table,
    check_number: order.number,
    external_number: order.externalNumber,
    status,
    created_at: order.createdAt,
    lines: order.items.map((item) => ({
      name: item.product?.name ?? '',
      size: item.size?.name || null,
      amount: item.amount,
      price: item.price ?? 0,
      sum: item.resultSum ?? 0,
      comment: item.comment ?? null,
      modifiers: (item.modifiers ?? []).map((modifier) => ({
        name: modifier.product.name,
        // How many in all, as its sum counts them: a modifier is per dish unless iiko says otherwise.
        amount: modifier.amountIndependentOfParentAmount ? modifier.amount : modifier.amount * item.amount,
        price: modifier.price,
        sum: modifier.resultSum,
      })),
    })),
    sum: order.sum,
  };
}

/** The till as the page shows it, read from the simulator now. */
export async function readTill(pos: LocalPos): Promise<TillState> {
  const [{ organizations }, groups, { orders }] = await Promise.all([
    control<{ organizations: { id: string; name: string }[] }>(pos, 'state'),
    control<TerminalGroupSummary[]>(pos, 'terminalGroups'),
    control<{ orders: TillOrder[] }>(pos, 'tillOrders'),
  ]);
  const tables = new Map<string, string>();
  for (const group of groups) {
    for (const table of await control<IikoTable[]>(pos, 'tables', { terminalGroupId: group.id })) {
      tables.set(table.id, tableName(table));
    }
  }
  const organizationName = new Map(organizations.map((org) => [org.id, org.name]));
  const tableOf = (order: TillOrder) =>
    order.tableIds.length === 0 ? null : order.tableIds.map((id) => tables.get(id) ?? "Noma'lum stol").join(', ');
  const byAge = [...orders].sort((a, b) => a.createdAt - b.createdAt);
  const live = (order: TillOrder) =>
    order.creationStatus === 'InProgress' ||
    (order.creationStatus === 'Success' && (order.status === 'New' || order.status === 'Bill'));
  const tillGroups: TillGroup[] = groups.map((group) => ({
    id: group.id,
    organization: organizationName.get(group.organizationId) ?? '',
    name: group.name,
    alive: group.isAlive,
    checks: byAge
      .filter((order) => order.terminalGroupId === group.id && live(order))
      .map((order) => checkOf(order, tableOf(order))),
  }));
  const done: TillDone[] = orders
    .filter((order) => !live(order))
    .map((order) => ({
      id: order.id,
      organization: organizationName.get(order.organizationId) ?? '',
      table: tableOf(order),
      check_number: order.number,
      external_number: order.externalNumber,
      sum: order.sum,
      outcome: order.creationStatus === 'Error' ? ('failed' as const) : ('closed' as const),
      error: order.creationStatus === 'Error' ? (order.errorInfo?.message ?? order.errorInfo?.code ?? null) : null,
      at: order.closedAt ?? order.timestamp,
    }))
    .sort((a, b) => b.at - a.at)
    .slice(0, DONE_SHOWN);
  return { groups: tillGroups, done };
}

const UNREACHABLE = "Kassa simulyatori javob bermadi. Sahifani birozdan so'ng yangilang.";

function page(state: TillState | null): string {
  const body = state ? tillView(state).map(toHtml).join('') : `<p class="none">${escapeHtml(UNREACHABLE)}</p>`;
  return `<!doctype html>
<html lang="uz">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>iiko kassasi (simulyator)</title>
<link rel="stylesheet" href="/dev/iiko/page.css">
<script src="/dev/iiko/page.js" defer></script>
</head>
<body>
<header class="top"><div class="wrap">
<h1>iiko kassasi (simulyator)</h1>
<p>Demo rejimida stoldan berilgan buyurtmalar haqiqiy iiko'ga emas, shu serverdagi iiko simulyatoriga yuboriladi. Bu yerda kassir ko'radigan ochiq cheklar: stol, chek raqami, taomlar va summa. Chekni «Yopish» bilan yoping; kassani o'chirib, kassa ishlamay qolganda nima bo'lishini ko'ring.</p>
</div></header>
<main class="wrap" id="till">${body}</main>
<p id="status" role="alert"></p>
<div id="toast" class="toast" role="status" hidden></div>
</body>
</html>
`;
}

const notFound = (reply: FastifyReply, message: string) =>
  reply.code(404).send({ statusCode: 404, error: 'Not Found', message });

const unreachable = (reply: FastifyReply) =>
  reply.code(502).send({ statusCode: 502, error: 'Bad Gateway', message: UNREACHABLE });

export async function registerIikoDevPage(app: FastifyInstance, pos: LocalPos): Promise<void> {
  const hidden = { schema: { hide: true } };

  app.get('/dev/iiko', hidden, async (_request, reply) => {
    let state: TillState | null = null;
    try {
      state = await readTill(pos);
    } catch (error) {
      app.log.warn({ err: error }, 'POS simulator: the till could not be read');
    }
    return reply.headers(devPageHeaders()).type('text/html; charset=utf-8').send(page(state));
  });
  app.get('/dev/iiko/page.js', hidden, (_request, reply) =>
    reply.headers(DEV_ASSET_HEADERS).type('text/javascript; charset=utf-8').send(DEV_PAGE_SCRIPT),
  );
  app.get('/dev/iiko/page.css', hidden, (_request, reply) =>
    reply.headers(DEV_ASSET_HEADERS).type('text/css; charset=utf-8').send(DEV_PAGE_CSS),
  );
  app.get('/dev/iiko/state', hidden, async (_request, reply) => {
    try {
      return reply.send(await readTill(pos));
    } catch (error) {
      app.log.warn({ err: error }, 'POS simulator: the till could not be read');
      return unreachable(reply);
    }
  });

  app.post<{ Body: { order_id: string } }>(
    '/dev/iiko/close',
    {
      schema: {
        hide: true,
        body: {
          type: 'object',
          required: ['order_id'],
          additionalProperties: false,
          properties: { order_id: { type: 'string', minLength: 1, maxLength: 64 } },
        },
      },
    },
    async (request, reply) => {
      const { order_id } = request.body;
      try {
        const { orders } = await control<{ orders: TillOrder[] }>(pos, 'tillOrders');
        const open = orders.find(
          (order) =>
            order.id === order_id &&
            order.creationStatus === 'Success' &&
            (order.status === 'New' || order.status === 'Bill'),
        );
        if (!open) return notFound(reply, 'Bunday ochiq chek topilmadi: u yopilgan yoki kassaga tushmagan.');
        await control(pos, 'closeOrder', { orderId: order_id });
        return { order_id, status: 'Closed' };
      } catch (error) {
        if (error instanceof ControlRefusal) return notFound(reply, 'Bunday ochiq chek topilmadi.');
        app.log.warn({ err: error }, 'POS simulator: the check could not be closed');
        return unreachable(reply);
      }
    },
  );

  app.post<{ Body: { terminal_group_id: string; alive: boolean } }>(
    '/dev/iiko/alive',
    {
      schema: {
        hide: true,
        body: {
          type: 'object',
          required: ['terminal_group_id', 'alive'],
          additionalProperties: false,
          properties: {
            terminal_group_id: { type: 'string', minLength: 1, maxLength: 64 },
            alive: { type: 'boolean' },
          },
        },
      },
    },
    async (request, reply) => {
      const { terminal_group_id, alive } = request.body;
      try {
        await control(pos, 'setTerminalAlive', { terminalGroupId: terminal_group_id, alive });
        const groups = await control<TerminalGroupSummary[]>(pos, 'terminalGroups');
        const group = groups.find((g) => g.id === terminal_group_id);
        return { terminal_group_id, alive: group?.isAlive ?? alive };
      } catch (error) {
        if (error instanceof ControlRefusal) return notFound(reply, 'Bunday kassa topilmadi.');
        app.log.warn({ err: error }, 'POS simulator: the till could not be switched');
        return unreachable(reply);
      }
    },
  );
}
