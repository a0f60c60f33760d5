import { describe, expect, it } from 'vitest';
import { ORDER_TEXTS } from '../../lib/order-texts';
import { uzOrdering } from '../../lib/uz-ordering';
import { MENU_LANGUAGES } from '../../server/menu/language';
import { BUTTONS, ORDER_STATUS_LINES } from '../../server/telegram/messages';
import { PRESS_ANSWERS } from '../../server/telegram/updates';

/**
 * One word per state wherever staff and diners read it (the panel, the menu in its four languages, Telegram), and one
 * message per kind of call: a waiter who reads "Yetkazildi" in the panel and "Berildi" in the channel, or a diner asking
 * for the bill who is told the waiter was called, cannot tell whether the two are the same thing.
 */

describe('one word per order state', () => {
  it('served is "Berildi" (berilgan) in the panel, in Telegram and on the diner’s menu', () => {
    const served = [
      uzOrdering.orderServe,
      uzOrdering.orderStatusServed,
      BUTTONS.serve,
      ORDER_STATUS_LINES.served,
      PRESS_ANSWERS.serve,
      ORDER_TEXTS.uz.stepServed,
      ORDER_TEXTS.uz.statusServed,
    ];
    for (const text of served) expect(text).toMatch(/\bBeril(di|gan)\b/);
    expect(served.join(' ')).not.toMatch(/Yetkaz/i);
  });

  it('accepted and cancelled are the same words in the panel, in Telegram and on the menu', () => {
    for (const text of [
      uzOrdering.orderStatusAccepted,
      ORDER_STATUS_LINES.accepted,
      PRESS_ANSWERS.accept,
      ORDER_TEXTS.uz.stepAccepted,
      ORDER_TEXTS.uz.statusAccepted,
    ])
      expect(text).toMatch(/Qabul qilin(di|gan)/);
    for (const text of [uzOrdering.orderStatusCancelled, ORDER_STATUS_LINES.cancelled, ORDER_TEXTS.uz.statusCancelled])
      expect(text).toMatch(/[Bb]ekor qilin(di|gan)/);
  });

  it.each(MENU_LANGUAGES)('the menu in %s says each state with its step’s word', (lang) => {
    const t = ORDER_TEXTS[lang];
    expect(t.statusNew.startsWith(t.stepNew)).toBe(true);
    expect(t.statusAccepted.startsWith(t.stepAccepted)).toBe(true);
    expect(t.statusServed.startsWith(t.stepServed)).toBe(true);
  });
});

describe('one message per kind of call', () => {
  it.each(MENU_LANGUAGES)('in %s, asking for the bill twice is answered about the bill, not the waiter', (lang) => {
    const t = ORDER_TEXTS[lang];
    expect(t.billRepeat).not.toBe(t.callRepeat);
    expect(t.billRepeat).not.toBe(t.waiterCalled);
    expect(t.callRepeat).not.toBe(t.billAsked);
  });

  it('the Uzbek repeats name what was asked for', () => {
    expect(ORDER_TEXTS.uz.billRepeat).toBe(
      "Hisob allaqachon so'ralgan, ofitsiant tez orada olib keladi. Bir daqiqadan so'ng yana so'rashingiz mumkin.",
    );
    expect(ORDER_TEXTS.uz.callRepeat).toMatch(/^Ofitsiant allaqachon chaqirilgan/);
    expect(ORDER_TEXTS.ru.billRepeat).toMatch(/^Счёт уже попросили/);
    expect(ORDER_TEXTS.en.billRepeat).toMatch(/^The bill has already been requested/);
  });
});
