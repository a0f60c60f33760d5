import { describe, expect, it } from 'vitest';
import { parseTelegramHtml } from '../../server/dev/telegram/html-check';
import { BOT_API_TIMEOUT_MS } from '../../server/telegram/bot-api';
import { callbackData, parseCallbackData } from '../../server/telegram/callback-data';
import {
  callMessage,
  escapeHtml,
  MAX_MESSAGE_LENGTH,
  type OrderMessageInput,
  orderMessage,
  summaryMessage,
  tableLabel,
  tashkentTime,
  testMessage,
} from '../../server/telegram/messages';
import { LEASE_MARGIN_SECONDS, leaseSeconds, RETRY_SECONDS, retryDelaySeconds } from '../../server/telegram/sender';

const ORDER_ID = '0b6f3c2e-4d1a-4f7e-9a51-6c2d8e9f0a1b';

function sampleOrder(values: Partial<OrderMessageInput> = {}): OrderMessageInput {
  return {
    _id: ORDER_ID,
    number: 12,
    status: 'new',
    table_name: '3',
    items: [
      {
        product_id: ORDER_ID,
        name: 'Samarqand oshi',
        quantity: 2,
        rows: [
          { _id: ORDER_ID, name: 'Katta', price: 10000 },
          { _id: ORDER_ID, name: 'Qazi', price: 15000 },
        ],
        line_total: 110000,
        station_id: null,
        status: 'new',
        moves: [],
      },
      {
        product_id: ORDER_ID,
        name: 'Ko‘k choy',
        quantity: 1,
        rows: [],
        line_total: 5000,
        station_id: null,
        status: 'new',
        moves: [],
      },
    ],
    total: 115000,
    comment: 'Piyozsiz, iltimos',
    createdAt: '2026-11-27T09:05:00.000Z',
    status_changed_by: null,
    ...values,
  };
}

describe('the order message', () => {
  it('names the restaurant, order and table, each line, the total, the comment and the Tashkent time', () => {
    const { text } = orderMessage('Samarqand Darvozasi', sampleOrder());
    expect(text.split('\n')).toEqual([
      '<b>Buyurtma №12</b> · 3-stol',
      'Samarqand Darvozasi',
      '',
      "2 × Samarqand oshi (Katta, Qazi) — 110\u00a0000\u00a0so'm",
      "1 × Ko‘k choy — 5\u00a0000\u00a0so'm",
      '',
      "<b>Jami: 115\u00a0000\u00a0so'm</b>",
      '💬 Piyozsiz, iltimos',
      '🕒 27.11.2026 14:05',
      '<b>🆕 Yangi buyurtma</b>',
    ]);
  });

  it("warns while an order past its table's threshold waits for staff, and no longer once it is accepted", () => {
    const waiting = orderMessage('Samarqand Darvozasi', sampleOrder({ needs_confirmation: true })).text.split('\n');
    expect(waiting.slice(0, 4)).toEqual([
      '<b>Buyurtma №12</b> · 3-stol',
      'Samarqand Darvozasi',
      "⚠️ <b>Tekshiring: bu stoldan juda ko'p buyurtma</b>",
      '',
    ]);
    expect(() => parseTelegramHtml(waiting.join('\n'))).not.toThrow();
    const accepted = orderMessage('Samarqand Darvozasi', sampleOrder({ needs_confirmation: true, status: 'accepted' }));
    expect(accepted.text).not.toContain('Tekshiring');
    expect(orderMessage('Samarqand Darvozasi', sampleOrder()).text).not.toContain('Tekshiring');
  });

  it("marks each line's kitchen state once it has left new, so the waiter sees what to carry", () => {
    const order = sampleOrder({ status: 'accepted' });
    order.items[0] = { ...order.items[0]!, status: 'ready' };
    order.items[1] = { ...order.items[1]!, status: 'cooking' };
    const lines = orderMessage('R', order).text.split('\n');
    expect(lines[3]).toBe("2 × Samarqand oshi (Katta, Qazi) — 110\u00a0000\u00a0so'm · ✅ <b>tayyor</b>");
    expect(lines[4]).toBe("1 × Ko‘k choy — 5\u00a0000\u00a0so'm · 🍳 tayyorlanmoqda");
  });

  it('adds the service charge to the total, and says how the order is paid under its status', () => {
    const withService = sampleOrder({ service_percent: 10, service: 11500, status: 'served' });
    const unpaid = orderMessage('Samarqand Darvozasi', { ...withService, payment_status: 'unpaid', payment: null });
    expect(unpaid.text.split('\n').slice(5)).toEqual([
      '',
      "Xizmat haqi 10\u00a0%: 11\u00a0500\u00a0so'm",
      "<b>Jami: 126\u00a0500\u00a0so'm</b>",
      '💬 Piyozsiz, iltimos',
      '🕒 27.11.2026 14:05',
      '<b>🍽 Berildi</b>',
    ]);
    const payme = { provider: 'payme' as const, amount: 125000, tip: 0, paid_at: null };
    const lastLine = (values: Partial<OrderMessageInput>) =>
      orderMessage('Samarqand Darvozasi', { ...withService, ...values })
        .text.split('\n')
        .at(-1);
    expect(lastLine({ payment_status: 'pending', payment: payme })).toBe("<b>⏳ To'lanmoqda · Payme</b>");
    expect(lastLine({ payment_status: 'paid', payment: { ...payme, paid_at: '2026-11-27T09:30:00.000Z' } })).toBe(
      "<b>💳 To'landi · Payme · 125\u00a0000\u00a0so'm</b>",
    );
    expect(
      lastLine({ payment_status: 'paid', payment: { provider: 'cash', amount: 126500, tip: 0, paid_at: null } }),
    ).toBe("<b>💳 To'landi · Naqd · 126\u00a0500\u00a0so'm</b>");
    expect(lastLine({ payment_status: 'refunded', payment: payme })).toBe(
      "<b>↩️ Qaytarildi · Payme · 125\u00a0000\u00a0so'm</b>",
    );
    expect(() => parseTelegramHtml(unpaid.text)).not.toThrow();
  });

  it("says where the order is on the restaurant's till, last, as the orders screen does; none without a till", () => {
    const lastLines = (pos: OrderMessageInput['pos']) =>
      orderMessage('Samarqand Darvozasi', sampleOrder({ status: 'accepted', pos }))
        .text.split('\n')
        .slice(-2);
    expect(lastLines({ status: 'sending', error: null, number: null })).toEqual([
      '<b>✅ Qabul qilindi</b>',
      '🧾 Kassaga yuborilmoqda…',
    ]);
    expect(lastLines({ status: 'sent', error: null, number: 12 })).toEqual([
      '<b>✅ Qabul qilindi</b>',
      '🧾 Kassada · № 12',
    ]);
    expect(lastLines({ status: 'sent', error: null, number: null })[1]).toBe('🧾 Kassada');
    const failed = orderMessage(
      'Samarqand Darvozasi',
      sampleOrder({
        pos: { status: 'failed', error: 'Kassa (iikoFront) aloqada emas: <iiko> & kassa', number: null },
        payment_status: 'paid',
        payment: { provider: 'cash', amount: 115000, tip: 0, paid_at: null },
      }),
    );
    // Under how it is paid; the reason comes from the server (and the POS): escaped like any text we did not write.
    expect(failed.text.split('\n').slice(-2)).toEqual([
      "<b>💳 To'landi · Naqd · 115\u00a0000\u00a0so'm</b>",
      '⚠️ <b>Kassaga yuborilmadi: Kassa (iikoFront) aloqada emas: &lt;iiko&gt; &amp; kassa</b>',
    ]);
    expect(parseTelegramHtml(failed.text).text).toContain(
      'Kassaga yuborilmadi: Kassa (iikoFront) aloqada emas: <iiko> & kassa',
    );
    for (const pos of [null, undefined]) {
      expect(orderMessage('Samarqand Darvozasi', sampleOrder({ pos })).text).not.toContain('Kassa');
    }
    // The buttons stay the kitchen's: the till is retried from the panel.
    expect(failed.reply_markup).toEqual(orderMessage('Samarqand Darvozasi', sampleOrder()).reply_markup);
  });

  it('escapes every text a diner or manager wrote, so Telegram reads it as text', () => {
    const hostile = '<b>Bepul</b> & <a href="x">bosing</a>';
    const { text } = orderMessage(`Choyxona <i>&</i>`, {
      ...sampleOrder({ comment: hostile, table_name: '<VIP>' }),
      items: [
        {
          product_id: ORDER_ID,
          name: '</b>Osh',
          quantity: 1,
          rows: [{ _id: ORDER_ID, name: '<s>', price: 0 }],
          line_total: 1,
          station_id: null,
          status: 'new',
          moves: [],
        },
      ],
    });
    const parsed = parseTelegramHtml(text);
    expect(parsed.text).toContain(hostile);
    expect(parsed.text).toContain('Choyxona <i>&</i>');
    expect(parsed.text).toContain('1 × </b>Osh (<s>)');
    expect(parsed.text).toContain('<VIP>');
    expect(escapeHtml('a<b>&c')).toBe('a&lt;b&gt;&amp;c');
  });

  it('shows the status and who changed it, with only the buttons that still apply (data within 64 bytes)', () => {
    const fresh = orderMessage('R', sampleOrder()).reply_markup.inline_keyboard;
    expect(fresh).toEqual([
      [
        { text: 'Qabul qilish', callback_data: `o:a:${ORDER_ID}` },
        { text: 'Bekor qilish', callback_data: `o:c:${ORDER_ID}` },
      ],
    ]);
    const accepted = orderMessage('R', sampleOrder({ status: 'accepted', status_changed_by: 'Ali (@ali) · Telegram' }));
    expect(accepted.text).toContain('<b>✅ Qabul qilindi</b> — Ali (@ali) · Telegram');
    expect(accepted.reply_markup.inline_keyboard[0]!.map((b) => b.text)).toEqual(['Berildi', 'Bekor qilish']);
    for (const status of ['served', 'cancelled'] as const) {
      expect(
        orderMessage('R', sampleOrder({ status, status_changed_by: 'rayhon' })).reply_markup.inline_keyboard,
      ).toEqual([]);
    }
    for (const button of [...fresh.flat(), ...accepted.reply_markup.inline_keyboard.flat()]) {
      expect(Buffer.byteLength(button.callback_data)).toBeLessThanOrEqual(64);
      expect(parseCallbackData(button.callback_data)).toMatchObject({ id: ORDER_ID });
    }
  });

  it('a huge order stays within 4,096 characters, keeps its total and says how many lines are not shown', () => {
    const line = {
      product_id: ORDER_ID,
      name: 'Juda uzun nomli taom '.repeat(5),
      quantity: 50,
      rows: [],
      line_total: 1000,
      station_id: null,
      status: 'new' as const,
      moves: [],
    };
    const { text } = orderMessage('R', {
      ...sampleOrder(),
      items: Array.from({ length: 200 }, () => line),
      total: 200000,
    });
    expect(parseTelegramHtml(text).text.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
    expect(text).toMatch(/… yana \d+ ta/);
    expect(text).toContain("<b>Jami: 200\u00a0000\u00a0so'm</b>");
  });
});

describe('the coalesced message', () => {
  it('counts the orders waiting for staff confirmation, when any', () => {
    const orders = [
      { number: 12, table_name: '3', needs_confirmation: true },
      { number: 13, table_name: '3', needs_confirmation: true },
      { number: 14, table_name: '5', needs_confirmation: false },
    ];
    const lines = summaryMessage('Rayhon', { orders, calls: [] }).text.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      '📥 <b>3 ta yangi buyurtma</b>',
      '⚠️ <b>2 tasi tasdiqlashni kutmoqda</b>',
      'Rayhon',
    ]);
    const calm = summaryMessage('Rayhon', {
      orders: orders.map((o) => ({ ...o, needs_confirmation: false })),
      calls: [],
    }).text;
    expect(calm).not.toContain('tasdiqlash');
    expect(calm.split('\n')[1]).toBe('Rayhon');
  });
});

describe('the call message', () => {
  it('is short: the table and what it asks, the time; "Bajarildi" until done', () => {
    const call = {
      _id: ORDER_ID,
      type: 'waiter' as const,
      status: 'new' as const,
      table_name: '3',
      createdAt: '2026-11-27T18:59:00.000Z',
      status_changed_by: null,
    };
    const waiter = callMessage('Rayhon', call);
    expect(waiter.text.split('\n')[0]).toBe('🔔 <b>3-stol: ofitsiant chaqirilmoqda</b>');
    expect(waiter.text).toContain('🕒 27.11.2026 23:59');
    expect(waiter.reply_markup.inline_keyboard).toEqual([[{ text: 'Bajarildi', callback_data: `c:d:${ORDER_ID}` }]]);
    const bill = callMessage('Rayhon', { ...call, type: 'bill', status: 'done', status_changed_by: 'rayhon' });
    expect(bill.text.split('\n')[0]).toBe("🧾 <b>3-stol: hisob so'ralmoqda</b>");
    expect(bill.text).toContain('<b>✅ Bajarildi</b> — rayhon');
    expect(bill.reply_markup.inline_keyboard).toEqual([]);
    expect(() => parseTelegramHtml(testMessage('A & B', '2026-11-27T00:00:00Z'))).not.toThrow();
  });
});

describe('small rules', () => {
  it('tables, times and button data', () => {
    expect(tableLabel('7')).toBe('7-stol');
    expect(tableLabel(' Ayvon 2 ')).toBe('Ayvon 2');
    // Midnight in Tashkent is 19:00 UTC the day before (UTC+5, no daylight saving).
    expect(tashkentTime('2026-12-31T19:00:00.000Z')).toBe('01.01.2027 00:00');
    expect(parseCallbackData(callbackData({ kind: 'order', action: 'serve', id: ORDER_ID }))).toEqual({
      kind: 'order',
      action: 'serve',
      id: ORDER_ID,
    });
    expect(parseCallbackData(`c:d:${ORDER_ID}`)).toEqual({ kind: 'call', action: 'done', id: ORDER_ID });
    for (const bad of [undefined, '', `o:x:${ORDER_ID}`, `c:a:${ORDER_ID}`, 'o:a:nope', `o:a:${ORDER_ID}x`]) {
      expect(parseCallbackData(bad)).toBeUndefined();
    }
  });

  it('retries come within seconds first, then minutes, at most a quarter of an hour apart', () => {
    expect([1, 2, 3].map(retryDelaySeconds)).toEqual([2, 5, 10]);
    expect(retryDelaySeconds(100)).toBe(900);
    expect(RETRY_SECONDS.every((s, i) => i === 0 || s > RETRY_SECONDS[i - 1]!)).toBe(true);
  });

  it("a claim's lease is its call's timeout and a margin: a dead process holds its chat back no longer", () => {
    expect(leaseSeconds(BOT_API_TIMEOUT_MS)).toBe(BOT_API_TIMEOUT_MS / 1000 + LEASE_MARGIN_SECONDS);
    expect(leaseSeconds(BOT_API_TIMEOUT_MS)).toBeLessThan(60);
    expect(leaseSeconds(500)).toBe(1 + LEASE_MARGIN_SECONDS);
  });
});
