import { describe, expect, it } from 'vitest';
import { formatAddition, formatPrice } from '../../lib/format';
import { ORDER_TEXTS } from '../../lib/order-texts';
import { MENU_LANGUAGES } from '../../server/menu/language';
import { MENU_TEXTS, menuPrice } from '../../server/menu/texts';
import { callMessage, orderMessage } from '../../server/telegram/messages';
import { money } from '../../web-menu/dom';

/**
 * An amount and its currency never break across lines ("144 000 / so'm" on the diner's status card, "144 /
 * 000 so'm" in Telegram): every place that writes money joins the digit groups and the currency with no-break spaces,
 * so no line breaking (a phone's, Telegram's, a narrow flex cell's) can split them.
 */

/** A plain space (or any breakable whitespace) next to a digit of an amount. */
const BREAKABLE_IN_AMOUNT = /\d[ \t\n]\d|\d[ \t\n](so'm|сўм|сум|UZS)/;

describe('amounts stay whole', () => {
  it('formatPrice and formatAddition (the panel, Telegram) join with no-break spaces', () => {
    expect(formatPrice(144000)).toBe("144\u00a0000\u00a0so'm");
    expect(formatPrice(1234567)).toBe("1\u00a0234\u00a0567\u00a0so'm");
    expect(formatAddition(6000)).toBe("+6\u00a0000\u00a0so'm");
    for (const value of [0, 5, 999, 1000, 144000, 9_999_999_999])
      expect(formatPrice(value)).not.toMatch(BREAKABLE_IN_AMOUNT);
  });

  it.each(MENU_LANGUAGES)('the menu in %s, server-rendered and in its browser script', (lang) => {
    const config = { slug: 'x', currency: MENU_TEXTS[lang].currency, close: '', t: ORDER_TEXTS[lang] };
    expect(menuPrice(144000, lang)).toBe(`144\u00a0000\u00a0${MENU_TEXTS[lang].currency}`);
    expect(money(144000, config)).toBe(menuPrice(144000, lang));
    expect(money(144000, config)).not.toMatch(BREAKABLE_IN_AMOUNT);
  });

  it('a Telegram order message has no breakable space inside any amount', () => {
    const { text } = orderMessage('Rayhon', {
      _id: 'o1',
      number: 12,
      status: 'new',
      table_name: '3',
      items: [
        {
          product_id: 'p1',
          name: 'Samarqand oshi',
          quantity: 4,
          rows: [{ _id: 'r1', name: 'Qazi', price: 6000 }],
          line_total: 144000,
          station_id: null,
          status: 'new',
          moves: [],
        },
      ],
      total: 1_144_000,
      comment: '',
      createdAt: '2026-11-27T09:05:00.000Z',
      status_changed_by: null,
    });
    expect(text).toContain("4 × Samarqand oshi (Qazi) — 144\u00a0000\u00a0so'm");
    expect(text).toContain("<b>Jami: 1\u00a0144\u00a0000\u00a0so'm</b>");
    const moneyLines = text.split('\n').filter((line) => line.includes("so'm"));
    expect(moneyLines).toHaveLength(2);
    for (const line of moneyLines) expect(line).not.toMatch(BREAKABLE_IN_AMOUNT);
    // Calls carry no amount; they are unchanged.
    expect(
      callMessage('Rayhon', {
        _id: 'c1',
        type: 'bill',
        status: 'new',
        table_name: '3',
        createdAt: '2026-11-27T09:05:00.000Z',
        status_changed_by: null,
      }).text,
    ).toContain("3-stol: hisob so'ralmoqda");
  });
});
