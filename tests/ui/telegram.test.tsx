import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TelegramTestEvent } from '../../machines/restaurants/telegramTest.machine';
import { restaurants } from '../../server/db/schema';
import { startTelegramSimulator, type TelegramSimulator } from '../../server/dev/telegram/server';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { generatePaths, type PathEventType, pathName, runPathOnScreen, type UiFixture } from '../support/paths';
import { findToast, type RenderedApp, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { TEST_REFUSED_PREFIX, TEST_SENT, telegramTestModel } from './models/telegram.model';
import { HeldCalls } from './support/calls';

/**
 * Telegram in the panel, against the real server and the local Telegram Bot API simulator: the restaurant page's
 * Telegram section (set up or not, the restaurant's delivery error, "Sinov xabari yuborish" walked by the
 * telegramTest machine's generated paths) and the admin's restaurant form (the set-up help, and Telegram's refusals
 * of a new bot token or channel shown in the dialog with the fields' labels).
 */

const TOKEN = `700000${'1'.repeat(4)}:AAE${'x'.repeat(32)}`;
const OTHER_TOKEN = `700000${'2'.repeat(4)}:AAE${'y'.repeat(32)}`;
const CHANNEL = -1001234567890;
const OLD_ERROR = "bot kanalga xabar yubora olmaydi: uni kanalga administrator qilib qo'shing (Telegram: Forbidden)";

let simulator: TelegramSimulator;
let ui: UiHarness;
let admin: TestUser;
let manager: TestUser;

beforeAll(async () => {
  simulator = await startTelegramSimulator();
  ui = await startUi({ TELEGRAM_API_URL: simulator.url });
});
afterAll(async () => {
  await ui.close();
  await simulator.close();
});
beforeEach(async () => {
  await ui.reset();
  simulator.control.reset();
  simulator.control.addBot({ token: TOKEN, username: 'rayhon_buyurtma_bot' });
  simulator.control.addChat({ id: CHANNEL, type: 'channel', title: 'Rayhon buyurtmalar' });
  simulator.control.setMember(CHANNEL, TOKEN, 'administrator', true);
  admin = await createUser(ui.testApp.app, ui.db, 'admin');
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
});

/** A restaurant of `manager`, set up for Telegram (or not), with a delivery error left from before (or not). */
function restaurantWith(values: { configured?: boolean; error?: string | null } = {}) {
  const configured = values.configured ?? true;
  return createRestaurant(ui.db, {
    name: 'Rayhon',
    slug: 'rayhon',
    manager_id: manager._id,
    bot_token: configured ? TOKEN : null,
    channel_id: configured ? String(CHANNEL) : null,
    telegram_error: values.error ?? null,
  });
}

const section = () => screen.findByRole('region', { name: 'Telegram' }, { timeout: 5000 });
const sendButton = (panel: HTMLElement) => within(panel).getByRole('button', { name: 'Sinov xabari yuborish' });
const resultOf = (panel: HTMLElement) => within(panel).getByRole('status');
const testMessages = () => simulator.control.messages(CHANNEL).filter((m) => m.text.includes('Sinov xabari'));

describe('the Telegram section of the restaurant page: generated paths of "Sinov xabari yuborish"', () => {
  interface World {
    app?: RenderedApp;
    calls: HeldCalls<'sendTest'>;
    /** A test went through: the restaurant's old error is gone for good. */
    delivered: boolean;
    /** Test messages the channel should hold. */
    sent: number;
  }
  const app = (w: World) => w.app!;

  const fixtures = {
    'telegram.test': { exec: async (w) => app(w).user.click(sendButton(await section())) },
    'xstate.done.actor.sendTest': {
      arrange: () => simulator.control.setMember(CHANNEL, TOKEN, 'administrator', true),
      exec: async (w) => {
        w.calls.take('sendTest').release();
        w.delivered = true;
        w.sent++;
        await within(await section()).findByText(TEST_SENT);
      },
    },
    'xstate.error.actor.sendTest': {
      // Telegram's own refusal: the bot was taken out of the channel.
      arrange: () => simulator.control.setMember(CHANNEL, TOKEN, 'left'),
      exec: async (w) => {
        w.calls.take('sendTest').release();
        await within(await section()).findByText(new RegExp(`^${TEST_REFUSED_PREFIX}`));
      },
    },
  } satisfies Record<PathEventType<TelegramTestEvent, 'sendTest'>, UiFixture<World>>;

  /** The section's facts in every state: set up, and the old error until a test went through. */
  const common = async (w: World) => {
    const panel = await section();
    expect(within(panel).getByText(/Telegram kanaliga yuboriladi/)).toBeVisible();
    if (w.delivered) expect(within(panel).queryByText(/^Telegramga yuborilmadi:/)).toBeNull();
    else expect(within(panel).getByText(`Telegramga yuborilmadi: ${OLD_ERROR}`)).toHaveClass('text-danger');
    expect(testMessages()).toHaveLength(w.sent);
    return panel;
  };

  const checks = {
    idle: async (w: World) => {
      const panel = await common(w);
      expect(sendButton(panel)).toBeEnabled();
      expect(resultOf(panel)).toHaveTextContent('');
    },
    sending: async (w: World) => {
      const panel = await common(w);
      await waitFor(() => expect(sendButton(panel)).toBeDisabled());
      expect(resultOf(panel)).toHaveTextContent('Yuborilmoqda...');
    },
    sent: async (w: World) => {
      const panel = await common(w);
      expect(sendButton(panel)).toBeEnabled();
      expect(resultOf(panel)).toHaveTextContent(TEST_SENT);
      expect(resultOf(panel)).toHaveClass('text-success');
      // The server cleared the restaurant's error too: a reload would not bring it back.
      const [row] = await ui.db.select().from(restaurants).where(eq(restaurants.slug, 'rayhon'));
      expect(row!.telegram_error).toBeNull();
    },
    failed: async (w: World) => {
      const panel = await common(w);
      expect(sendButton(panel)).toBeEnabled();
      expect(resultOf(panel)).toHaveTextContent(new RegExp(`^${TEST_REFUSED_PREFIX}.*\\(Telegram: `));
      expect(resultOf(panel)).toHaveClass('text-danger');
    },
  };

  const paths = generatePaths(telegramTestModel);
  paths.forEach((path, index) => {
    it(pathName(telegramTestModel, path, index), async () => {
      const restaurant = await restaurantWith({ error: OLD_ERROR });
      const world: World = {
        calls: new HeldCalls(ui.net, { sendTest: ['POST', `/manager/restaurants/${restaurant._id}/telegram/test`] }),
        delivered: false,
        sent: 0,
      };
      await runPathOnScreen({
        model: telegramTestModel,
        path,
        fixtures,
        checks,
        world,
        start: (w) => {
          w.app = renderApp(`/admin/viewRestaurant/${restaurant._id}/rayhon`, { token: admin.token });
        },
        onInvoke: (w, id) => w.calls.arm(id),
      });
    });
  });
});

describe('the Telegram section of the restaurant page: who sees what', () => {
  it('an admin on a restaurant without Telegram: not set up, how to set it up, no test button', async () => {
    const restaurant = await restaurantWith({ configured: false });
    const { user } = renderApp(`/admin/viewRestaurant/${restaurant._id}/rayhon`, { token: admin.token });
    const panel = await section();
    expect(within(panel).getByText(/^Telegram sozlanmagan/)).toHaveTextContent(/"Tahrirlash" da Bot token/);
    expect(within(panel).queryByRole('button', { name: 'Sinov xabari yuborish' })).toBeNull();
    await user.click(within(panel).getByText('Qanday sozlanadi?'));
    expect(within(panel).getByText(/@BotFather ni oching, \/newbot yuboring/)).toBeVisible();
    expect(within(panel).getByText(/administrator qilib qo'shing/)).toBeVisible();
  });

  it('the owning manager: the state, the error and the button (a manager cannot set Telegram up)', async () => {
    const restaurant = await restaurantWith({ error: OLD_ERROR });
    const first = renderApp(`/viewRestaurant/${restaurant._id}`, { token: manager.token });
    const { user } = first;
    const panel = await section();
    expect(within(panel).getByText(`Telegramga yuborilmadi: ${OLD_ERROR}`)).toBeVisible();
    await user.click(sendButton(panel));
    await within(panel).findByText(TEST_SENT);
    expect(within(panel).queryByText(/^Telegramga yuborilmadi:/)).toBeNull();
    expect(testMessages()).toHaveLength(1);
    expect(testMessages()[0]!.text).toContain('Rayhon');

    first.unmount();
    await db(restaurant._id, { bot_token: null, channel_id: null });
    renderApp(`/viewRestaurant/${restaurant._id}`, { token: manager.token });
    const unset = await section();
    expect(unset).toHaveTextContent(/Telegram sozlanmagan.*Bot token va Kanal ID ni administrator kiritadi/);
    expect(within(unset).queryByText('Qanday sozlanadi?')).toBeNull();
    expect(within(unset).queryByRole('button', { name: 'Sinov xabari yuborish' })).toBeNull();
  });

  it('another manager: no Telegram section (the page is not theirs)', async () => {
    const restaurant = await restaurantWith();
    const other = await createUser(ui.testApp.app, ui.db, 'manager');
    renderApp(`/viewRestaurant/${restaurant._id}`, { token: other.token });
    await screen.findByText("Xatolik yuz berdi! Ma'lumotlarni olib bo'lmadi.", {}, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: 'Telegram' })).toBeNull();
  });
});

async function db(id: string, values: Partial<typeof restaurants.$inferInsert>) {
  await ui.db.update(restaurants).set(values).where(eq(restaurants._id, id));
}

describe("the admin's restaurant form sets Telegram up", () => {
  async function openEdit(id: string) {
    const app = renderApp(`/admin/viewRestaurant/${id}/rayhon`, { token: admin.token });
    await app.user.click(await screen.findByRole('button', { name: /Tahrirlash/ }, { timeout: 5000 }));
    const form = within(await screen.findByRole('dialog'));
    // The form shows once the managers have loaded.
    await form.findByLabelText(/^Bot token/, {}, { timeout: 5000 });
    return { ...app, form };
  }
  const save = async (app: Awaited<ReturnType<typeof openEdit>>) =>
    app.user.click(app.form.getByRole('button', { name: 'Saqlash' }));
  const type = async (app: Awaited<ReturnType<typeof openEdit>>, label: RegExp, value: string) => {
    const field = app.form.getByLabelText(label);
    await app.user.clear(field);
    await app.user.click(field);
    await app.user.paste(value);
  };

  it('says how to set it up under both fields and in "Qanday sozlanadi?"', async () => {
    const restaurant = await restaurantWith({ configured: false });
    const app = await openEdit(restaurant._id);
    expect(app.form.getByLabelText(/^Bot token/)).toHaveAccessibleDescription(
      /@BotFather da \/newbot bilan bot yarating.*123456789:AAF…/,
    );
    expect(app.form.getByLabelText(/^Kanal ID/)).toHaveAccessibleDescription(
      /-100 bilan boshlanadigan ID.*@kanal_nomi/,
    );
    const steps = app.form.getByTestId('telegram-setup-help');
    expect(steps).not.toHaveAttribute('open');
    await app.user.click(within(steps).getByText('Qanday sozlanadi?'));
    expect(steps).toHaveAttribute('open');
    expect(within(steps).getAllByRole('listitem')).toHaveLength(5);
    expect(within(steps).getByText(/@userinfobot/)).toBeVisible();
  });

  it("shows Telegram's refusals with the fields' labels, then saves; the page then offers the test", async () => {
    const restaurant = await restaurantWith({ configured: false });
    const app = await openEdit(restaurant._id);

    await type(app, /^Bot token/, OTHER_TOKEN);
    await save(app);
    expect(
      await app.form.findByText(/"Bot token" maydoni noto'g'ri: Telegram bunday tokenli botni tanimadi/),
    ).toBeVisible();

    await type(app, /^Bot token/, TOKEN);
    await type(app, /^Kanal ID/, String(CHANNEL));
    simulator.control.setMember(CHANNEL, TOKEN, 'member', false);
    await save(app);
    expect(
      await app.form.findByText(/"Kanal ID" maydoni noto'g'ri: bot bu kanalga xabar yubora olmaydi/),
    ).toBeVisible();

    // Telegram cannot be reached: the server's 502 says so and nothing is saved.
    simulator.control.setMember(CHANNEL, TOKEN, 'administrator', true);
    simulator.control.failNext('getMe', { status: 0 }, 10);
    await save(app);
    expect(await app.form.findByText(/^Telegram bilan bog'lanib bo'lmadi/)).toBeVisible();
    const [unsaved] = await ui.db.select().from(restaurants).where(eq(restaurants._id, restaurant._id));
    expect(unsaved!.bot_token).toBeNull();

    simulator.control.reset();
    simulator.control.addBot({ token: TOKEN, username: 'rayhon_buyurtma_bot' });
    simulator.control.addChat({ id: CHANNEL, type: 'channel', title: 'Rayhon buyurtmalar' });
    simulator.control.setMember(CHANNEL, TOKEN, 'administrator', true);
    await save(app);
    await findToast('Restoran tahrirlandi');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const panel = await section();
    await within(panel).findByText(/Telegram kanaliga yuboriladi/);
    await app.user.click(sendButton(panel));
    await within(panel).findByText(TEST_SENT);
  });
});
