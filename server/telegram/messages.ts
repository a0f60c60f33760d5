import { sumSom } from '../../lib/bill';
import { formatPrice } from '../../lib/format';
import { uzOrdering } from '../../lib/uz-ordering';
import { uzPayments } from '../../lib/uz-payments';
import type { CallStatus, CallType, OrderLine, OrderStatus, PaymentStatus } from '../db/schema';
import type { OrderPaymentView, OrderPosView } from '../schemas/table-orders';
import type { InlineButton, InlineKeyboard } from './bot-api';
import { callbackData } from './callback-data';

/**
 * The texts of the restaurant's Telegram messages, in Uzbek, HTML parse mode: every text that comes from a
 * diner or a manager (names, comment, table) is escaped; only our own tags remain. A message is made from the order or
 * call as it is at delivery, so an edit always shows the current status and who set it.
 */

/** Telegram's limit for a message text; a very long order is cut at a line, never mid-tag. */
export const MAX_MESSAGE_LENGTH = 4096;

/** HTML parse mode needs only these three escaped (../shared/telegram/README.md). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** "3" → "3-stol" (how Uzbek says "table 3"); a named table ("Ayvon 2", "VIP") keeps its name. */
export function tableLabel(name: string): string {
  return /^\d+$/.test(name.trim()) ? `${name.trim()}-stol` : name.trim();
}

const TASHKENT_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Tashkent',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `2026-11-27T09:05:00Z` → `27.11.2026 14:05` (Asia/Tashkent, where the restaurant is). */
export function tashkentTime(iso: string): string {
  const parts = Object.fromEntries(TASHKENT_TIME.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}

export const ORDER_STATUS_LINES: Readonly<Record<OrderStatus, string>> = {
  new: '🆕 Yangi buyurtma',
  accepted: '✅ Qabul qilindi',
  served: '🍽 Berildi',
  cancelled: '❌ Bekor qilindi',
};
export const CALL_TEXTS: Readonly<Record<CallType, string>> = {
  waiter: 'ofitsiant chaqirilmoqda',
  bill: "hisob so'ralmoqda",
};
export const BUTTONS = {
  accept: 'Qabul qilish',
  cancel: 'Bekor qilish',
  serve: 'Berildi',
  done: 'Bajarildi',
} as const;

export interface OrderMessageInput {
  _id: string;
  number: number;
  status: OrderStatus;
  table_name: string;
  items: OrderLine[];
  total: number;
  comment: string;
  createdAt: string;
  status_changed_by: string | null;
  /** Past its table's threshold: staff check it before accepting (the message warns while it is new). */
  needs_confirmation?: boolean;
  /** The service charge ("Xizmat haqi") when the order was made: its percent and amount, added to the total. */
  service_percent?: number;
  service?: number;
  payment_status?: PaymentStatus;
  payment?: OrderPaymentView | null;
  /** Where the order is on the restaurant's till; null (or absent) for a restaurant without one. */
  pos?: OrderPosView | null;
}
export interface CallMessageInput {
  _id: string;
  type: CallType;
  status: CallStatus;
  table_name: string;
  createdAt: string;
  status_changed_by: string | null;
}
export interface MessageContent {
  text: string;
  reply_markup: InlineKeyboard;
}

/** The status line: what happened and who did it (a panel login or a Telegram name). */
function statusLine(word: string, by: string | null): string {
  return by ? `<b>${word}</b> — ${escapeHtml(by)}` : `<b>${word}</b>`;
}

/** Where a line is in the kitchen, once it has left "new" (a new line says nothing: every line starts so). */
const LINE_STATE_MARKS: Record<OrderLine['status'], string> = {
  new: '',
  cooking: ' · 🍳 tayyorlanmoqda',
  ready: ' · ✅ <b>tayyor</b>',
  served: ' · berildi',
};

/** "2 × Osh (Katta, Qazi) — 90 000 so'm · ✅ tayyor" */
function orderLine(line: OrderLine): string {
  const rows = line.rows.length > 0 ? ` (${line.rows.map((r) => escapeHtml(r.name)).join(', ')})` : '';
  // Orders made before the kitchen's line states carry none.
  const state = LINE_STATE_MARKS[line.status] ?? '';
  return `${line.quantity} × ${escapeHtml(line.name)}${rows} — ${formatPrice(line.line_total)}${state}`;
}

/** Only the moves that still apply: new → accept or cancel; accepted → served or cancel; then none. */
export function orderButtons(order: Pick<OrderMessageInput, '_id' | 'status'>): InlineKeyboard {
  const button = (text: string, action: 'accept' | 'cancel' | 'serve'): InlineButton => ({
    text,
    callback_data: callbackData({ kind: 'order', action, id: order._id }),
  });
  if (order.status === 'new')
    return { inline_keyboard: [[button(BUTTONS.accept, 'accept'), button(BUTTONS.cancel, 'cancel')]] };
  if (order.status === 'accepted')
    return { inline_keyboard: [[button(BUTTONS.serve, 'serve'), button(BUTTONS.cancel, 'cancel')]] };
  return { inline_keyboard: [] };
}

export function callButtons(call: Pick<CallMessageInput, '_id' | 'status'>): InlineKeyboard {
  if (call.status !== 'new') return { inline_keyboard: [] };
  return {
    inline_keyboard: [
      [{ text: BUTTONS.done, callback_data: callbackData({ kind: 'call', action: 'done', id: call._id }) }],
    ],
  };
}

const PAYMENT_STATES: Readonly<Record<Exclude<PaymentStatus, 'unpaid'>, string>> = {
  pending: `⏳ ${uzPayments.paymentPending}`,
  paid: `💳 ${uzPayments.paymentPaid}`,
  refunded: `↩️ ${uzPayments.paymentRefunded}`,
};

/** "💳 To'landi · Payme · 125 000 so'm" (the whole payment, tip included), as the orders screen says it; none unpaid. */
function paymentLines(order: OrderMessageInput): string[] {
  const status = order.payment_status ?? 'unpaid';
  if (status === 'unpaid') return [];
  const payment = order.payment ?? null;
  const line = uzPayments.paymentLine(
    PAYMENT_STATES[status],
    payment?.provider ?? null,
    status === 'pending' ? null : (payment?.amount ?? null),
  );
  return [`<b>${escapeHtml(line)}</b>`];
}

/**
 * "🧾 Kassada · № 12", "🧾 Kassaga yuborilmoqda…" or "⚠️ Kassaga yuborilmadi: …" (the server's reason, escaped), as the
 * orders screen says it; none for a restaurant without a till.
 */
function posLines(order: OrderMessageInput): string[] {
  const pos = order.pos ?? null;
  if (!pos) return [];
  switch (pos.status) {
    case 'sending':
      return [`🧾 ${uzOrdering.orderPosSending}`];
    case 'sent':
      return [`🧾 ${pos.number === null ? uzOrdering.orderPosSent : uzOrdering.orderPosSentNumber(pos.number)}`];
    case 'failed':
      return [`⚠️ <b>${escapeHtml(uzOrdering.orderPosFailed(pos.error))}</b>`];
    default:
      return [];
  }
}

/**
 * The order as the kitchen reads it: restaurant, order number and table, each line, the total, the comment, the time,
 * the status, how it is paid and where it is on the till. Lines that would pass Telegram's 4,096 characters are summed
 * up as "… yana N ta" (the total stays).
 */
export function orderMessage(restaurantName: string, order: OrderMessageInput): MessageContent {
  const head = [
    `<b>Buyurtma №${order.number}</b> · ${escapeHtml(tableLabel(order.table_name))}`,
    escapeHtml(restaurantName),
    ...(order.needs_confirmation && order.status === 'new'
      ? [`⚠️ <b>${escapeHtml(uzOrdering.orderNeedsConfirmation)}</b>`]
      : []),
    '',
  ];
  const service = order.service ?? 0;
  const tail = [
    '',
    ...(service > 0 ? [`${uzPayments.serviceLine(order.service_percent ?? 0)}: ${formatPrice(service)}`] : []),
    `<b>Jami: ${formatPrice(sumSom([order.total, service]))}</b>`,
    ...(order.comment.trim() ? [`💬 ${escapeHtml(order.comment.trim())}`] : []),
    `🕒 ${tashkentTime(order.createdAt)}`,
    statusLine(ORDER_STATUS_LINES[order.status], order.status_changed_by),
    ...paymentLines(order),
    ...posLines(order),
  ];
  const lines = order.items.map(orderLine);
  let shown = lines.length;
  const build = () =>
    [
      ...head,
      ...lines.slice(0, shown),
      ...(shown < lines.length ? [`… yana ${lines.length - shown} ta`] : []),
      ...tail,
    ].join('\n');
  // Escaping makes a text longer than what Telegram counts, so this cut is on the safe side.
  while (shown > 0 && build().length > MAX_MESSAGE_LENGTH) shown--;
  return { text: build(), reply_markup: orderButtons(order) };
}

/** "🔔 3-stol: ofitsiant chaqirilmoqda", the restaurant, the time, and once done who did it. */
export function callMessage(restaurantName: string, call: CallMessageInput): MessageContent {
  const icon = call.type === 'bill' ? '🧾' : '🔔';
  const lines = [
    `${icon} <b>${escapeHtml(tableLabel(call.table_name))}: ${CALL_TEXTS[call.type]}</b>`,
    escapeHtml(restaurantName),
    `🕒 ${tashkentTime(call.createdAt)}`,
  ];
  if (call.status === 'done') lines.push(statusLine('✅ Bajarildi', call.status_changed_by));
  return { text: lines.join('\n'), reply_markup: callButtons(call) };
}

/** The "Sinov xabari yuborish" message: proves the bot may post in the channel. */
export function testMessage(restaurantName: string, nowIso: string): string {
  return [
    '✅ <b>Sinov xabari</b>',
    `${escapeHtml(restaurantName)}: buyurtmalar va chaqiruvlar shu kanalga keladi.`,
    `🕒 ${tashkentTime(nowIso)}`,
  ].join('\n');
}

export interface SummaryInput {
  orders: { number: number; table_name: string; needs_confirmation?: boolean }[];
  calls: { type: CallType; table_name: string }[];
}

export const SUMMARY_NOTE =
  'Buyurtmalar juda ko\'p: ular bitta xabarga jamlandi. Ularni panelning "Buyurtmalar" bo\'limida qabul qiling.';
export const SUMMARY_LINK = 'Buyurtmalarni panelda ochish';

/** "5 ta yangi buyurtma", "2 ta chaqiruv", or both. */
export function summaryTitle(input: SummaryInput): string {
  const parts = [
    ...(input.orders.length > 0 ? [`${input.orders.length} ta yangi buyurtma`] : []),
    ...(input.calls.length > 0 ? [`${input.calls.length} ta chaqiruv`] : []),
  ];
  return parts.join(', ');
}

/** 1, 2, 3, 5, 7, 8 → "1–3, 5, 7–8": a flood's numbers stay short. */
export function numberRanges(numbers: number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(j > i ? `${sorted[i]}–${sorted[j]}` : String(sorted[i]));
    i = j + 1;
  }
  return parts.join(', ');
}

/**
 * Many messages of a chat coalesced into one (a flood of orders would otherwise wait minutes for Telegram's pace):
 * how many (and how many of them wait for staff's confirmation), the order numbers by table ("5-stol: №12–40, 44"; a flood from one table shows as one line), the calls
 * by table, and a link to the panel's orders screen (with PUBLIC_URL; without it the note names the screen). No
 * buttons: staff take them in the panel.
 */
export function summaryMessage(restaurantName: string, input: SummaryInput, ordersUrl?: string): MessageContent {
  const waiting = input.orders.filter((o) => o.needs_confirmation).length;
  const head = [
    `📥 <b>${summaryTitle(input)}</b>`,
    ...(waiting > 0 ? [`⚠️ <b>${escapeHtml(uzOrdering.ordersAwaitingConfirmation(waiting))}</b>`] : []),
    escapeHtml(restaurantName),
    escapeHtml(SUMMARY_NOTE),
    '',
  ];
  const tail = ordersUrl ? ['', `<a href="${escapeHtml(ordersUrl).replace(/"/g, '&quot;')}">${SUMMARY_LINK}</a>`] : [];
  const byTable = new Map<string, number[]>();
  for (const order of input.orders) {
    const table = tableLabel(order.table_name);
    byTable.set(table, [...(byTable.get(table) ?? []), order.number]);
  }
  const calls = new Map<string, number>();
  for (const call of input.calls) {
    const line = `${call.type === 'bill' ? '🧾' : '🔔'} ${escapeHtml(tableLabel(call.table_name))}: ${CALL_TEXTS[call.type]}`;
    calls.set(line, (calls.get(line) ?? 0) + 1);
  }
  const lines = [
    ...[...byTable].map(([table, numbers]) => `${escapeHtml(table)}: №${numberRanges(numbers)}`),
    ...[...calls].map(([line, count]) => (count > 1 ? `${line} (${count})` : line)),
  ];
  let shown = lines.length;
  const build = () =>
    [
      ...head,
      ...lines.slice(0, shown),
      ...(shown < lines.length ? [`… yana ${lines.length - shown} ta`] : []),
      ...tail,
    ].join('\n');
  while (shown > 0 && build().length > MAX_MESSAGE_LENGTH) shown--;
  return { text: build(), reply_markup: { inline_keyboard: [] } };
}
