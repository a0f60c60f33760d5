import { formatPrice } from '../../../lib/format';

/**
 * The /dev/iiko page's till as a small element tree, built by the same code on the server (serialised with every text
 * escaped, dev-page.ts) and in the browser (turned into DOM nodes with createElement and text nodes, dev-browser.ts):
 * no name a till or a diner wrote ever reaches the page's markup unescaped.
 */

export type ViewNode = string | { tag: string; attrs?: Record<string, string>; children?: ViewNode[] };

export interface TillModifier {
  name: string;
  /** How many in all (per dish times the dishes, unless independent of them): what its sum counts. */
  amount: number;
  price: number;
  sum: number;
}

export interface TillLine {
  name: string;
  /** The size's name, for a product with a size scale. */
  size: string | null;
  amount: number;
  price: number;
  /** The line without its modifiers. */
  sum: number;
  comment: string | null;
  modifiers: TillModifier[];
}

/**
 * An open check on the till, or an order on its way there: `Sending` while the command is carried out, `Waiting` while
 * it waits for a till that is switched off.
 */
export interface TillCheck {
  id: string;
  /** The table as the till names it, e.g. "Stol 3" or "Ayvon 7"; null without a table. */
  table: string | null;
  /** iiko's check number; null until the till has the order. */
  check_number: number | null;
  /** Our order number (order/create's externalNumber). */
  external_number: string | null;
  status: 'New' | 'Bill' | 'Sending' | 'Waiting';
  /** Epoch ms. */
  created_at: number;
  lines: TillLine[];
  sum: number;
}

export interface TillGroup {
  id: string;
  organization: string;
  name: string;
  /** What is_alive answers: the page's switch turns it off (to show a till offline) and on. */
  alive: boolean;
  checks: TillCheck[];
}

/** A closed check, or an order the till never took (with iiko's error text). */
export interface TillDone {
  id: string;
  organization: string;
  table: string | null;
  check_number: number | null;
  external_number: string | null;
  sum: number;
  outcome: 'closed' | 'failed';
  error: string | null;
  /** Epoch ms it was closed or failed. */
  at: number;
}

export interface TillState {
  groups: TillGroup[];
  /** The last 20, newest first. */
  done: TillDone[];
}

const el = (tag: string, attrs: Record<string, string> = {}, children: ViewNode[] = []): ViewNode => ({
  tag,
  attrs,
  children,
});

/** Orders reach restaurants in Uzbekistan: their clock, whatever the server's or the browser's zone. */
const TIME = new Intl.DateTimeFormat('uz-UZ', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Tashkent' });
export const clock = (ms: number) => TIME.format(new Date(ms));

/** An amount as a till writes it: `2`, `1,5`. */
const amount = (value: number) => String(Math.round(value * 1000) / 1000).replace('.', ',');

const STATUS: Record<TillCheck['status'], { label: string; kind: string }> = {
  New: { label: 'Yangi (New)', kind: 'new' },
  Bill: { label: 'Hisob chiqarilgan (Bill)', kind: 'bill' },
  Sending: { label: 'Kassaga yuborilmoqda', kind: 'sending' },
  Waiting: { label: "Kassa o'chiq: kutilmoqda", kind: 'waiting' },
};

/** The key of a button while its call is under way. */
export const closeKey = (orderId: string) => `close:${orderId}`;
export const aliveKey = (groupId: string) => `alive:${groupId}`;

function numbers(check: { check_number: number | null; external_number: string | null }, at: number): ViewNode[] {
  const parts: ViewNode[] = [];
  if (check.check_number !== null) parts.push(el('span', {}, [`Chek № ${check.check_number}`]));
  if (check.external_number !== null) parts.push(el('span', {}, [`Menyu № ${check.external_number}`]));
  parts.push(el('time', {}, [clock(at)]));
  return parts;
}

function lineView(line: TillLine): ViewNode {
  const name: ViewNode[] = [line.name];
  if (line.size) name.push(el('span', { class: 'size' }, [` (${line.size})`]));
  const children: ViewNode[] = [
    el('span', { class: 'qty' }, [`${amount(line.amount)} ×`]),
    el('span', { class: 'name' }, [
      el('span', {}, name),
      el('span', { class: 'each' }, [`${amount(line.amount)} × ${formatPrice(line.price)}`]),
    ]),
    el('span', { class: 'sum' }, [formatPrice(line.sum)]),
  ];
  const mods = line.modifiers.map((modifier) =>
    el('li', { class: 'mod' }, [
      el('span', { class: 'name' }, [`+ ${modifier.name}`]),
      el('span', { class: 'each' }, [`${amount(modifier.amount)} × ${formatPrice(modifier.price)}`]),
      el('span', { class: 'sum' }, [formatPrice(modifier.sum)]),
    ]),
  );
  if (mods.length > 0) children.push(el('ul', { class: 'mods' }, mods));
  if (line.comment) children.push(el('p', { class: 'comment' }, [`Izoh: ${line.comment}`]));
  return el('li', { class: 'line' }, children);
}

function checkView(check: TillCheck, busy: ReadonlySet<string>): ViewNode {
  const status = STATUS[check.status];
  const closing = busy.has(closeKey(check.id));
  const onTill = check.status === 'New' || check.status === 'Bill';
  const foot: ViewNode[] = [el('span', { class: 'total' }, ['Jami: ', el('b', {}, [formatPrice(check.sum)])])];
  if (onTill) {
    foot.push(
      el(
        'button',
        {
          type: 'button',
          class: closing ? 'close busy' : 'close',
          'data-close': check.id,
          'aria-label': `Chekni yopish: ${check.table ?? 'stolsiz'}${check.check_number === null ? '' : `, chek № ${check.check_number}`}`,
          ...(closing ? { 'aria-busy': 'true', disabled: '' } : {}),
        },
        ['Yopish'],
      ),
    );
  }
  return el('article', { class: `check ${status.kind}`, 'data-order': check.id }, [
    el('header', { class: 'check-head' }, [
      el('h3', { class: 'table' }, [check.table ?? 'Stolsiz']),
      el('span', { class: `status ${status.kind}` }, [status.label]),
    ]),
    el('p', { class: 'numbers' }, numbers(check, check.created_at)),
    check.lines.length > 0
      ? el('ul', { class: 'lines' }, check.lines.map(lineView))
      : el('p', { class: 'pending' }, ["Taomlar kassa buyurtmani olgandan so'ng ko'rinadi."]),
    el('footer', { class: 'check-foot' }, foot),
  ]);
}

function groupView(group: TillGroup, busy: ReadonlySet<string>): ViewNode {
  const switching = busy.has(aliveKey(group.id));
  const open = group.checks.filter((check) => check.status === 'New' || check.status === 'Bill').length;
  const checks =
    group.checks.length > 0
      ? group.checks.map((check) => checkView(check, busy))
      : [
          el('p', { class: 'empty' }, [
            "Ochiq chek yo'q. Stolning QR-kodidan buyurtma bering: u shu yerda paydo bo'ladi.",
          ]),
        ];
  return el('section', { class: group.alive ? 'group' : 'group off', 'data-group': group.id }, [
    el('header', { class: 'group-head' }, [
      el('div', { class: 'group-name' }, [
        el('h2', {}, [group.organization]),
        el('p', {}, [`${group.name} · ${open} ta ochiq chek`]),
      ]),
      el('span', { class: group.alive ? 'alive on' : 'alive off' }, [
        group.alive ? 'Kassa ishlayapti' : "Kassa o'chiq",
      ]),
      el(
        'button',
        {
          type: 'button',
          class: switching ? 'switch busy' : 'switch',
          'data-group': group.id,
          'data-alive': group.alive ? 'off' : 'on',
          'aria-label': `${group.alive ? "Kassani o'chirish" : 'Kassani yoqish'}: ${group.organization}`,
          ...(switching ? { 'aria-busy': 'true', disabled: '' } : {}),
        },
        [group.alive ? "O'chirish" : 'Yoqish'],
      ),
    ]),
    el('div', { class: 'checks' }, checks),
  ]);
}

function doneView(done: TillDone): ViewNode {
  const head: ViewNode[] = [
    el('b', {}, [done.table ?? 'Stolsiz']),
    el('span', { class: done.outcome === 'closed' ? 'outcome closed' : 'outcome failed' }, [
      done.outcome === 'closed' ? 'Yopildi' : 'Kassaga tushmadi',
    ]),
    ...numbers(done, done.at),
  ];
  if (done.outcome === 'closed') head.push(el('span', { class: 'sum' }, [formatPrice(done.sum)]));
  const children: ViewNode[] = [el('p', { class: 'done-head' }, head), el('p', { class: 'org' }, [done.organization])];
  if (done.error) children.push(el('p', { class: 'error' }, ['iiko: ', el('q', {}, [done.error])]));
  return el('li', { class: `done ${done.outcome}`, 'data-order': done.id }, children);
}

export function tillView(state: TillState, busy: ReadonlySet<string> = new Set()): ViewNode[] {
  const nodes: ViewNode[] =
    state.groups.length > 0
      ? state.groups.map((group) => groupView(group, busy))
      : [el('p', { class: 'none' }, ["Simulyatorda kassa yo'q."])];
  nodes.push(
    el('section', { class: 'history' }, [
      el('h2', {}, ['Yopilgan va kassaga tushmagan cheklar']),
      state.done.length > 0
        ? el('ol', {}, state.done.map(doneView))
        : el('p', { class: 'empty' }, ["Hali yo'q. Chekni «Yopish» bilan yoping: u shu yerga o'tadi."]),
    ]),
  );
  return nodes;
}
