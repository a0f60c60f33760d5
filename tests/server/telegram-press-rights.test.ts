import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../server/db/schema';
import type { SimUser, TelegramSimulator } from '../../server/dev/telegram/server';
import { startTelegramSimulator } from '../../server/dev/telegram/server';
import { STAFF_ENTRY_INVALID } from '../../server/telegram/staff-list';
import { PRESS_ANSWERS } from '../../server/telegram/updates';
import { createTestApp } from '../support/app';
import { createUser } from '../support/fixtures';
import type { Tenants } from '../support/tenants';
import { orderingRestaurant, postOrder } from './orders-fixtures';
import { addBotAndChannel, connectTelegram } from './telegram-fixtures';

// Who may press an order's buttons in Telegram: anybody can read a channel, so only its administrators (getChatMember,
// remembered a minute) and the Telegram users the restaurant linked to its staff may accept or cancel; anybody else
// gets "Sizda ruxsat yo'q" and nothing changes. Presses come from the simulator by long polling, over real HTTP.
let sim: TelegramSimulator;
const t = {} as Tenants;
beforeAll(async () => {
  sim = await startTelegramSimulator();
  Object.assign(t, await createTestApp({ TELEGRAM_API_URL: sim.url }, { telegramPollSeconds: 1, telegramTickMs: 100 }));
  t.owner = await createUser(t.app, t.db, 'manager');
  t.other = await createUser(t.app, t.db, 'manager');
  t.admin = await createUser(t.app, t.db, 'admin');
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

let nextUser = 7_100_000;
const person = (first_name: string, username?: string): SimUser => ({
  id: ++nextUser,
  first_name,
  ...(username ? { username } : {}),
});

async function restaurantWithOrder(admins: SimUser[] = []) {
  const setup = await orderingRestaurant(t);
  const bot = addBotAndChannel(sim, { admins });
  await connectTelegram(t.db, setup.restaurant._id, bot);
  await t.app.telegram.settingsSaved(setup.restaurant._id);
  const made = await postOrder(t, setup.restaurant.slug, {
    table_id: setup.table.token,
    items: [{ product_id: setup.product._id, quantity: 1 }],
  });
  const orderId = made.json().data._id as string;
  const message = await sim.control.waitForMessage(bot.channelId, (m) => m.text.includes('Buyurtma №'));
  return { ...setup, bot, orderId, message };
}
type Setup = Awaited<ReturnType<typeof restaurantWithOrder>>;

/** `who` presses "Qabul qilish"; answers the bot's answer to that press. */
async function accept(setup: Setup, who: SimUser) {
  const pressed = await sim.control.press(setup.bot.channelId, setup.message.message_id, `o:a:${setup.orderId}`, who);
  const deadline = Date.now() + 8000;
  for (;;) {
    const answer = sim.control.callbackAnswers().find((a) => a.callback_query_id === pressed.callback_query_id);
    if (answer) return answer;
    if (Date.now() > deadline) throw new Error('the press was not answered');
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

const orderOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders._id, id)))[0]!;

const putStaff = (caller: 'owner' | 'other' | 'admin' | 'anonymous', restaurantId: string, staff: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/manager/restaurants/${restaurantId}/telegram/staff`,
    headers: caller === 'anonymous' ? {} : t[caller].headers,
    payload: { telegram_staff: staff },
  });

describe('a press in the channel', () => {
  it('from a stranger (a subscriber, not staff) is refused: "Sizda ruxsat yo\'q", and nothing changes', async () => {
    const setup = await restaurantWithOrder();
    const stranger = person('Begona', 'begona');
    sim.control.setUserMember(setup.bot.channelId, stranger, 'member');
    const answer = await accept(setup, stranger);
    expect(answer).toMatchObject({ text: PRESS_ANSWERS.refused, show_alert: true });
    expect(PRESS_ANSWERS.refused).toBe("Sizda ruxsat yo'q");
    expect(await orderOf(setup.orderId)).toMatchObject({ status: 'new', status_changed_by: null });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sim.control.messages(setup.bot.channelId)[0]!.edit_count).toBe(0);
  });

  it("from the chat's administrator (or its creator) is applied; whether they are one is asked once a minute", async () => {
    const admin = person('Aziza', 'aziza');
    const setup = await restaurantWithOrder([admin]);
    const asked = () =>
      sim.control
        .calls('getChatMember')
        .filter((call) => call.body.user_id === admin.id && call.token === setup.bot.token);
    expect(await accept(setup, admin)).toMatchObject({ text: PRESS_ANSWERS.accept });
    expect(await orderOf(setup.orderId)).toMatchObject({
      status: 'accepted',
      status_changed_by: 'Aziza (@aziza) · Telegram',
    });
    await sim.control.waitForMessage(setup.bot.channelId, (m) => m.edit_count === 1);
    expect(asked()).toHaveLength(1);

    // A second press of the same person within the minute: no second question to Telegram.
    const serve = await sim.control.press(setup.bot.channelId, setup.message.message_id, `o:s:${setup.orderId}`, admin);
    await sim.control.waitForMessage(setup.bot.channelId, (m) => m.edit_count === 2);
    expect(sim.control.callbackAnswers().find((a) => a.callback_query_id === serve.callback_query_id)).toMatchObject({
      text: PRESS_ANSWERS.serve,
    });
    expect(asked()).toHaveLength(1);

    const creator = person('Dilshod');
    const second = await restaurantWithOrder();
    sim.control.setUserMember(second.bot.channelId, creator, 'creator');
    expect(await accept(second, creator)).toMatchObject({ text: PRESS_ANSWERS.accept });
  });

  it('from a Telegram user linked to the staff, by id or by username, is applied without asking Telegram', async () => {
    const byId = person('Bobur');
    const byName = person('Madina', 'Madina_Ofitsiant');
    const setup = await restaurantWithOrder();
    sim.control.setUserMember(setup.bot.channelId, byId, 'member');
    const saved = await putStaff('owner', setup.restaurant._id, [String(byId.id), ' madina_ofitsiant ']);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.telegram_staff).toEqual([String(byId.id), '@madina_ofitsiant']);

    expect(await accept(setup, byId)).toMatchObject({ text: PRESS_ANSWERS.accept });
    expect((await orderOf(setup.orderId)).status).toBe('accepted');
    const second = await postOrder(t, setup.restaurant.slug, {
      table_id: setup.table.token,
      items: [{ product_id: setup.product._id, quantity: 1 }],
    });
    const secondId = second.json().data._id as string;
    const message = await sim.control.waitForMessage(setup.bot.channelId, (m) => m.message_id === 2);
    const answer = await accept({ ...setup, orderId: secondId, message }, byName);
    expect(answer).toMatchObject({ text: PRESS_ANSWERS.accept });
    expect((await orderOf(secondId)).status).toBe('accepted');
    expect(sim.control.calls('getChatMember').filter((call) => call.token === setup.bot.token)).toEqual([]);

    // Unlinked again: the same person is a stranger.
    expect((await putStaff('owner', setup.restaurant._id, [])).json().data.telegram_staff).toEqual([]);
    const third = await postOrder(t, setup.restaurant.slug, {
      table_id: setup.table.token,
      items: [{ product_id: setup.product._id, quantity: 1 }],
    });
    const thirdMessage = await sim.control.waitForMessage(setup.bot.channelId, (m) => m.message_id === 3);
    const refused = await accept({ ...setup, orderId: third.json().data._id, message: thirdMessage }, byId);
    expect(refused).toMatchObject({ text: PRESS_ANSWERS.refused });
  });

  it('when Telegram cannot say who the presser is, nothing changes and the answer says to press again', async () => {
    const setup = await restaurantWithOrder();
    const unsure = person('Sardor');
    sim.control.setUserMember(setup.bot.channelId, unsure, 'administrator');
    sim.control.failNext('getChatMember', { status: 502 });
    expect(await accept(setup, unsure)).toMatchObject({ text: PRESS_ANSWERS.unverified, show_alert: true });
    expect((await orderOf(setup.orderId)).status).toBe('new');
    expect(await accept(setup, unsure)).toMatchObject({ text: PRESS_ANSWERS.accept });
  });
});

describe("the restaurant's linked Telegram staff", () => {
  it('the owner and an admin read and replace it; another manager and nobody cannot', async () => {
    const setup = await orderingRestaurant(t);
    const url = `/manager/restaurants/${setup.restaurant._id}/telegram/staff`;
    const read = (caller: 'owner' | 'other' | 'admin') =>
      t.app.inject({ method: 'GET', url, headers: t[caller].headers });
    expect((await read('owner')).json()).toEqual({ data: { telegram_staff: [] } });
    expect(
      (await putStaff('admin', setup.restaurant._id, ['@Ali_Ofitsiant', '123456789', 'ali_ofitsiant'])).json(),
    ).toEqual({ data: { telegram_staff: ['@ali_ofitsiant', '123456789'] } });
    expect((await read('owner')).json().data.telegram_staff).toEqual(['@ali_ofitsiant', '123456789']);

    expect((await read('other')).statusCode).toBe(404);
    expect((await putStaff('other', setup.restaurant._id, ['1'])).statusCode).toBe(404);
    expect((await putStaff('anonymous', setup.restaurant._id, ['1'])).statusCode).toBe(401);
    expect((await read('admin')).json().data.telegram_staff).toEqual(['@ali_ofitsiant', '123456789']);
  });

  it('refuses an entry that is neither a user id nor a username, naming it, and keeps the list', async () => {
    const setup = await orderingRestaurant(t);
    await putStaff('owner', setup.restaurant._id, ['42']);
    for (const bad of ['ali', '@1abcde', 'https://t.me/ali', '12 34', 'a'.repeat(33)]) {
      const res = await putStaff('owner', setup.restaurant._id, ['@valid_name', bad]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(STAFF_ENTRY_INVALID(bad));
    }
    const tooMany = await putStaff(
      'owner',
      setup.restaurant._id,
      Array.from({ length: 51 }, (_, i) => String(i + 1)),
    );
    expect(tooMany.statusCode).toBe(400);
    const read = await t.app.inject({
      method: 'GET',
      url: `/manager/restaurants/${setup.restaurant._id}/telegram/staff`,
      headers: t.owner.headers,
    });
    expect(read.json().data.telegram_staff).toEqual(['42']);
  });
});
