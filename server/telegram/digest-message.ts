import { formatPrice } from '../../lib/format';
import { dayLabel, formatCount, formatDuration } from '../../lib/insight-format';
import { escapeHtml } from './messages';

/** What the daily digest tells: a day of the owner's report (server/domain/insights/report.ts). */
export interface DigestInput {
  /** The restaurant's day, YYYY-MM-DD. */
  day: string;
  menu_opens: number;
  orders: number;
  revenue: number;
  average_check: number;
  tips: number;
  unavailable_refusals: number;
  slowest_call_seconds: number | null;
  /** The most ordered dishes, most first. */
  top: { name: string; orders: number }[];
}

/** How many dishes the digest names. */
export const DIGEST_TOP_DISHES = 3;

/**
 * The day's digest for the restaurant's channel, in Uzbek, HTML parse mode (names escaped): the orders and revenue,
 * the average check, the tips, the three most ordered dishes, the stop-list's lost orders, the slowest answer to a call, the menu
 * opens. A day without orders says so rather than listing zeros.
 */
export function digestMessage(restaurantName: string, input: DigestInput): string {
  const lines = [`📊 <b>${escapeHtml(restaurantName)}</b>: ${dayLabel(input.day)} hisoboti`];
  if (input.orders === 0) lines.push("Buyurtma bo'lmadi.");
  else {
    lines.push(`🧾 Buyurtmalar: ${formatCount(input.orders)} · Tushum: ${formatPrice(input.revenue)}`);
    lines.push(`O'rtacha chek: ${formatPrice(input.average_check)}`);
    if (input.tips > 0) lines.push(`💵 Choy puli: ${formatPrice(input.tips)}`);
    const top = input.top.slice(0, DIGEST_TOP_DISHES);
    if (top.length > 0) {
      lines.push(
        `🍽 Eng ko'p buyurtma qilingan: ${top.map((dish) => `${escapeHtml(dish.name)} (${formatCount(dish.orders)})`).join(', ')}`,
      );
    }
  }
  if (input.unavailable_refusals > 0) {
    lines.push(`⛔ Mavjud bo'lmagani uchun rad etildi: ${formatCount(input.unavailable_refusals)}`);
  }
  if (input.slowest_call_seconds !== null) {
    lines.push(`🔔 Chaqiruvga eng sekin javob: ${formatDuration(input.slowest_call_seconds)}`);
  }
  lines.push(`👀 Menyu ochildi: ${formatCount(input.menu_opens)} marta`);
  return lines.join('\n');
}
