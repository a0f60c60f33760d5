import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_STAFF_USER, registerTelegramDevPage } from '../../server/dev/telegram/dev-page';
import {
  DEMO_TELEGRAM,
  seedDemoTelegram,
  startTelegramSimulator,
  type TelegramSimulator,
} from '../../server/dev/telegram/server';
import { registerSecurityHeaders } from '../../server/plugins/security-headers';

/** /dev/telegram: the page, its state and presses, on a bare Fastify app with the product's security headers hook. */

let sim: TelegramSimulator;
let app: FastifyInstance;
const CHANNEL = DEMO_TELEGRAM.channelId;

beforeAll(async () => {
  sim = await startTelegramSimulator();
  app = Fastify({ logger: false });
  registerSecurityHeaders(app);
  await registerTelegramDevPage(app, sim);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await sim.close();
});
beforeEach(() => {
  sim.control.reset();
  seedDemoTelegram(sim.control);
});

async function botCall(method: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch(`${sim.url}/bot${DEMO_TELEGRAM.token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { ok: boolean; result: Record<string, unknown> };
  expect(answer.ok, JSON.stringify(answer)).toBe(true);
  return answer.result;
}

const post = (text: string, extra: Record<string, unknown> = {}) =>
  botCall('sendMessage', { chat_id: CHANNEL, text, ...extra });

const KEYBOARD = { inline_keyboard: [[{ text: 'Qabul qilish', callback_data: 'o:a:1' }]] };

describe('GET /dev/telegram', () => {
  it('is an Uzbek page under a strict CSP: its script and style are files, nothing inline', async () => {
    const response = await app.inject({ method: 'GET', url: '/dev/telegram' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<title>Telegram simulyatori</title>');
    expect(response.body).toContain('haqiqiy Telegramga emas');
    expect(response.body).toContain(DEMO_TELEGRAM.channelTitle);
    // Every <script> has a src and no body; no style element or attribute.
    expect(response.body.match(/<script[^>]*>/g)).toEqual(['<script src="/dev/telegram/page.js" defer>']);
    expect(response.body).toMatch(/<script src="\/dev\/telegram\/page\.js" defer><\/script>/);
    expect(response.body).not.toMatch(/<style|style=|\son[a-z]+=/i);

    const script = await app.inject({ method: 'GET', url: '/dev/telegram/page.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain('/dev/telegram/state');
    expect(script.body).not.toContain('innerHTML');
    const style = await app.inject({ method: 'GET', url: '/dev/telegram/page.css' });
    expect(style.statusCode).toBe(200);
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('renders messages with their formatting and everything else as text', async () => {
    await post('<script>alert(1)</script> & <img src=x onerror=alert(2)>');
    await post('<b>Stol 3</b>\n&lt;script&gt;alert(3)&lt;/script&gt; <a href="javascript:alert(4)">bos</a>', {
      parse_mode: 'HTML',
      reply_markup: { inline_keyboard: [[{ text: '<i>Qabul</i> "qilish"', callback_data: 'o:a:"1"' }]] },
    });
    await post('<a href="https://menyu.uz/x?a=1&amp;b=2">Menyu</a> <tg-spoiler>sir</tg-spoiler>', {
      parse_mode: 'HTML',
    });
    const html = (await app.inject({ method: 'GET', url: '/dev/telegram' })).body;
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(2)&gt;');
    expect(main).toContain('<b>Stol 3</b>\n&lt;script&gt;alert(3)&lt;/script&gt;');
    // A javascript: link is not a link; a web link is.
    expect(main).toContain('<span>bos</span>');
    expect(main).toContain(
      '<a href="https://menyu.uz/x?a=1&amp;b=2" rel="noopener noreferrer nofollow" target="_blank">Menyu</a>',
    );
    expect(main).toContain('<span class="spoiler" tabindex="0"');
    expect(main).toContain('data-data="o:a:&quot;1&quot;">&lt;i&gt;Qabul&lt;/i&gt; &quot;qilish&quot;</button>');
    expect(main).not.toMatch(/<script|<img|<i>|javascript:/);
    expect(html).not.toContain(DEMO_TELEGRAM.token);
  });

  it('says so when there is no message or no chat', async () => {
    expect((await app.inject({ method: 'GET', url: '/dev/telegram' })).body).toContain('Hali xabar yo&#39;q');
    sim.control.reset();
    expect((await app.inject({ method: 'GET', url: '/dev/telegram' })).body).toContain(
      'Simulyatorda hali kanal yo&#39;q',
    );
  });
});

describe('GET /dev/telegram/state', () => {
  it('answers the chats with their messages as sent, never a token', async () => {
    const sent = await post('<b>Yangi buyurtma</b>', { parse_mode: 'HTML', reply_markup: KEYBOARD });
    const response = await app.inject({ method: 'GET', url: '/dev/telegram/state' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      chats: [
        {
          id: CHANNEL,
          type: 'channel',
          title: DEMO_TELEGRAM.channelTitle,
          messages: [
            {
              message_id: sent.message_id,
              date: sent.date,
              chat_id: CHANNEL,
              text: '<b>Yangi buyurtma</b>',
              parse_mode: 'HTML',
              reply_markup: KEYBOARD,
              edit_count: 0,
            },
          ],
          demo_bot_posts: true,
        },
      ],
    });
    expect(response.body).not.toContain(DEMO_TELEGRAM.token);
  });
});

describe('POST /dev/telegram/press', () => {
  it('presses the button as the demo waiter and answers with the bot’s answer', async () => {
    const sent = await post('Buyurtma', { reply_markup: KEYBOARD });
    const pressing = app.inject({
      method: 'POST',
      url: '/dev/telegram/press',
      payload: { chat_id: CHANNEL, message_id: sent.message_id, callback_data: 'o:a:1' },
    });
    // The bot: long-polls, finds the press, answers it.
    const updates = (await botCall('getUpdates', { timeout: 5 })) as unknown as {
      update_id: number;
      callback_query: { id: string; from: Record<string, unknown>; data: string };
    }[];
    expect(updates).toHaveLength(1);
    expect(updates[0]!.callback_query).toMatchObject({
      data: 'o:a:1',
      from: { id: DEMO_STAFF_USER.id, first_name: 'Demo ofitsiant', username: 'demo_ofitsiant', is_bot: false },
    });
    await botCall('answerCallbackQuery', { callback_query_id: updates[0]!.callback_query.id, text: 'Qabul qilindi' });
    const response = await pressing;
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      update_id: updates[0]!.update_id,
      callback_query_id: updates[0]!.callback_query.id,
      answer: { text: 'Qabul qilindi' },
    });
  });

  it('answers answer: null when the bot does not answer within 3 s', async () => {
    const sent = await post('Buyurtma', { reply_markup: KEYBOARD });
    const started = Date.now();
    const response = await app.inject({
      method: 'POST',
      url: '/dev/telegram/press',
      payload: { chat_id: CHANNEL, message_id: sent.message_id, callback_data: 'o:a:1' },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    expect(response.json()).toMatchObject({ answer: null });
    // The update is there for the bot all the same.
    expect(await botCall('getUpdates', {})).toHaveLength(1);
  });

  it('refuses a button that is not there (404) and a malformed body (400)', async () => {
    const sent = await post('Buyurtma', { reply_markup: KEYBOARD });
    const missing = await app.inject({
      method: 'POST',
      url: '/dev/telegram/press',
      payload: { chat_id: CHANNEL, message_id: sent.message_id, callback_data: 'o:x:1' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Bunday xabar yoki tugma topilmadi.' });
    const malformed = await app.inject({
      method: 'POST',
      url: '/dev/telegram/press',
      payload: { chat_id: 'kanal', message_id: 1 },
    });
    expect(malformed.statusCode).toBe(400);
    expect(await botCall('getUpdates', {})).toEqual([]);
  });
});

describe('POST /dev/telegram/member', () => {
  it('takes the demo bot out of the channel and back: Telegram then refuses its messages, then takes them', async () => {
    const out = await app.inject({
      method: 'POST',
      url: '/dev/telegram/member',
      payload: { chat_id: CHANNEL, member: false },
    });
    expect(out.json()).toEqual({ chat_id: CHANNEL, demo_bot_posts: false });
    const refused = await fetch(`${sim.url}/bot${DEMO_TELEGRAM.token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: CHANNEL, text: 'Salom' }),
    });
    expect(refused.status).toBe(403);
    const page = await app.inject({ method: 'GET', url: '/dev/telegram' });
    expect(page.body).toContain('Botni kanalga qaytarish');

    const back = await app.inject({
      method: 'POST',
      url: '/dev/telegram/member',
      payload: { chat_id: CHANNEL, member: true },
    });
    expect(back.json()).toEqual({ chat_id: CHANNEL, demo_bot_posts: true });
    await post('Salom');
    expect((await app.inject({ method: 'GET', url: '/dev/telegram' })).body).toContain('Botni kanaldan chiqarish');
    const unknown = await app.inject({
      method: 'POST',
      url: '/dev/telegram/member',
      payload: { chat_id: -1, member: true },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
