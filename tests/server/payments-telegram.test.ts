import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelegramSimulator, type TelegramSimulator } from '../../server/dev/telegram/server';
import { takeCash } from '../../server/domain/payments/cash';
import { unitOfWork } from '../../server/domain/unit-of-work';
import { NO_PACE } from '../../server/telegram/chat-pace';
import { TelegramSender } from '../../server/telegram/sender';
import { setupTenants } from '../support/tenants';
import { order, payingRestaurant } from './payments-fixtures';
import { addBotAndChannel, connectTelegram } from './telegram-fixtures';

/**
 * The restaurant's Telegram message of an order follows its payment as the orders screen does: the service charge in the
 * total from the first send, then "To'landi · Naqd · … so'm" edited in once the bill is paid. The sender is driven a round
 * at a time (its loop stopped), against the Bot API simulator over real HTTP.
 */
let sim: TelegramSimulator;
beforeAll(async () => {
  sim = await startTelegramSimulator();
});
const t = setupTenants({ env: () => ({ TELEGRAM_API_URL: sim.url }) });
beforeAll(async () => {
  await t.app.telegram.sender.stop();
});
afterAll(() => sim.close());
/** A round of sending, without Telegram's pace between a message and its edit (kept by its own tests). */
const sendRound = () =>
  new TelegramSender({ db: t.db, api: { baseUrl: sim.url }, log: t.app.log, pace: NO_PACE, tickMs: 10 }).runOnce();

describe("an order's Telegram message and its payment", () => {
  it('shows the service charge, then the cash payment, in the same message', async () => {
    const s = await payingRestaurant(t, { servicePercent: 10 });
    const bot = addBotAndChannel(sim);
    await connectTelegram(t.db, s.restaurant._id, bot);
    await order(t, s, 2);
    await sendRound();
    const [sent] = sim.control.messages(bot.channelId);
    expect(sent!.text).toContain("Xizmat haqi 10\u00a0%: 5\u00a0000\u00a0so'm");
    expect(sent!.text).toContain("<b>Jami: 55\u00a0000\u00a0so'm</b>");
    expect(sent!.text).not.toContain("To'landi");

    const cash = await t.call('owner', { method: 'POST', url: `/manager/tables/${s.table._id}/cash` });
    expect(cash.statusCode).toBe(201);
    await sendRound();
    const messages = sim.control.messages(bot.channelId);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.text.split('\n').at(-1)).toBe("<b>💳 To'landi · Naqd · 55\u00a0000\u00a0so'm</b>");
  });

  it('wakes the sender when a payment edits the message, rather than leaving it to the next round', async () => {
    const s = await payingRestaurant(t);
    await connectTelegram(t.db, s.restaurant._id, addBotAndChannel(sim));
    await order(t, s);
    await sendRound();
    let wakes = 0;
    const counting = unitOfWork(t.db, {
      menuChanged: () => {},
      outboxWritten: () => {
        wakes += 1;
      },
    });
    await takeCash({ db: t.db, work: counting }, t.owner, s.table._id);
    expect(wakes).toBe(1);
  });
});
