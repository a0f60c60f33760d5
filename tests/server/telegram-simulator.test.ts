import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO_TELEGRAM,
  seedDemoTelegram,
  startTelegramSimulator,
  type TelegramSimulator,
} from '../../server/dev/telegram/server';

/** The local Telegram Bot API over real HTTP: every method the product uses, Telegram's errors, updates, faults. */

const TOKEN = '123456789:AAHtestTokenForTheSimulator_abc-123456';
const OTHER = '987654321:AAHanotherBotTokenForTheSimulator_xyz';
const CHANNEL = -1001234567890;
const GROUP = -1009876543210;
const KEYBOARD = {
  inline_keyboard: [
    [
      { text: 'Qabul qilish', callback_data: 'o:a:1' },
      { text: 'Rad etish', callback_data: 'o:r:1' },
    ],
  ],
};

let sim: TelegramSimulator;

beforeAll(async () => {
  sim = await startTelegramSimulator();
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.control.reset();
  sim.control.addBot({ token: TOKEN, username: 'menyu_test_bot', first_name: 'Menyu' });
  sim.control.addBot({ token: OTHER, username: 'other_bot' });
  sim.control.addChat({ id: CHANNEL, type: 'channel', title: 'Rayhon — buyurtmalar', username: 'rayhon_orders' });
  sim.control.addChat({ id: GROUP, type: 'supergroup', title: 'Oshxona' });
  sim.control.setMember(CHANNEL, TOKEN, 'administrator', true);
});

interface Answer {
  status: number;
  body: {
    ok: boolean;
    result?: unknown;
    error_code?: number;
    description?: string;
    parameters?: { retry_after?: number };
  };
}

async function call(method: string, body?: Record<string, unknown>, token = TOKEN, base?: string): Promise<Answer> {
  const response = await fetch(`${base ?? sim.url}/bot${token}/${method}`, {
    method: 'POST',
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

async function result<T = Record<string, unknown>>(method: string, body?: Record<string, unknown>, token = TOKEN) {
  const answer = await call(method, body, token);
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ ok: true });
  return answer.body.result as T;
}

function expectError(answer: Answer, status: number, description: string | RegExp) {
  expect(answer.status).toBe(status);
  expect(answer.body).toMatchObject({ ok: false, error_code: status });
  if (typeof description === 'string') expect(answer.body.description).toBe(description);
  else expect(answer.body.description).toMatch(description);
}

const send = (text: string, extra: Record<string, unknown> = {}, token = TOKEN) =>
  call('sendMessage', { chat_id: CHANNEL, text, parse_mode: 'HTML', ...extra }, token);

describe('calling it', () => {
  it('answers getMe with the bot (empty body or JSON), the id being the token’s digits', async () => {
    expect(await result('getMe')).toEqual({
      id: 123456789,
      is_bot: true,
      first_name: 'Menyu',
      username: 'menyu_test_bot',
      can_join_groups: true,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
    });
    expect(await result('getMe', {})).toMatchObject({ id: 123456789 });
    // Telegram matches method names without regard to case.
    expect(await result('getme')).toMatchObject({ username: 'menyu_test_bot' });
  });

  it('refuses an unknown token (401), an unknown method and path (404), a body over 1 MB (400)', async () => {
    expectError(await call('getMe', undefined, '111:AAunknown'), 401, 'Unauthorized');
    expectError(await call('sendPhoto', { chat_id: CHANNEL }), 404, 'Not Found');
    const response = await fetch(`${sim.url}/nothing`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ ok: false, error_code: 404, description: 'Not Found' });
    const huge = await call('sendMessage', { chat_id: CHANNEL, text: 'x'.repeat(1_100_000) });
    expectError(huge, 400, /too large/);
  });

  it('records every call: method, token, body and time', async () => {
    await call('getMe');
    await send('<b>Salom</b>');
    expect(sim.control.calls().map((c) => c.method)).toEqual(['getMe', 'sendMessage']);
    const [sent] = sim.control.calls('sendMessage');
    expect(sent).toMatchObject({ token: TOKEN, body: { chat_id: CHANNEL, text: '<b>Salom</b>' } });
    expect(sent!.at).toBeGreaterThan(Date.now() - 10_000);
  });
});

describe('chats and members', () => {
  it('getChat by id or @username; an unknown chat is "chat not found"', async () => {
    expect(await result('getChat', { chat_id: CHANNEL })).toMatchObject({
      id: CHANNEL,
      type: 'channel',
      title: 'Rayhon — buyurtmalar',
      username: 'rayhon_orders',
    });
    expect(await result('getChat', { chat_id: '@rayhon_orders' })).toMatchObject({ id: CHANNEL });
    expect(await result('getChat', { chat_id: String(CHANNEL) })).toMatchObject({ id: CHANNEL });
    expectError(await call('getChat', { chat_id: -100555 }), 400, 'Bad Request: chat not found');
    expectError(await call('getChat', {}), 400, 'Bad Request: chat_id is empty');
    expect(sim.control.chats()).toEqual([
      { id: CHANNEL, type: 'channel', title: 'Rayhon — buyurtmalar', username: 'rayhon_orders' },
      { id: GROUP, type: 'supergroup', title: 'Oshxona' },
    ]);
  });

  it('getChatMember: administrator with can_post_messages, member, left', async () => {
    expect(await result('getChatMember', { chat_id: CHANNEL, user_id: 123456789 })).toMatchObject({
      status: 'administrator',
      can_post_messages: true,
      user: { id: 123456789, is_bot: true, username: 'menyu_test_bot' },
    });
    sim.control.setMember(CHANNEL, TOKEN, 'administrator', false);
    expect(await result('getChatMember', { chat_id: CHANNEL, user_id: 123456789 })).toMatchObject({
      status: 'administrator',
      can_post_messages: false,
    });
    sim.control.setMember(GROUP, TOKEN, 'member');
    expect(await result('getChatMember', { chat_id: GROUP, user_id: 123456789 })).toMatchObject({ status: 'member' });
    expect(await result('getChatMember', { chat_id: CHANNEL, user_id: 987654321 })).toMatchObject({ status: 'left' });
    expectError(await call('getChatMember', { chat_id: CHANNEL, user_id: 42 }), 400, 'Bad Request: user not found');
  });

  it('getChatMember of a person: their status in that chat once Telegram knows them (a presser, or placed)', async () => {
    const owner = { id: 6100001, first_name: 'Dilshod', username: 'dilshod' };
    const waiter = { id: 6100002, first_name: 'Aziza' };
    const reader = { id: 6100003, first_name: 'Begona' };
    sim.control.setUserMember(CHANNEL, owner, 'creator');
    sim.control.setUserMember(CHANNEL, waiter, 'administrator');
    sim.control.setUserMember(CHANNEL, reader, 'member');
    expect(await result('getChatMember', { chat_id: CHANNEL, user_id: owner.id })).toEqual({
      user: { id: owner.id, is_bot: false, first_name: 'Dilshod', username: 'dilshod' },
      status: 'creator',
      is_anonymous: false,
    });
    expect(await result('getChatMember', { chat_id: CHANNEL, user_id: waiter.id })).toMatchObject({
      user: { id: waiter.id, is_bot: false, first_name: 'Aziza' },
      status: 'administrator',
      can_post_messages: true,
    });
    expect(await result('getChatMember', { chat_id: CHANNEL, user_id: reader.id })).toEqual({
      user: { id: reader.id, is_bot: false, first_name: 'Begona' },
      status: 'member',
    });
    // Known, but not in that chat.
    expect(await result('getChatMember', { chat_id: GROUP, user_id: waiter.id })).toMatchObject({ status: 'left' });
  });
});

describe('sendMessage', () => {
  it('posts to the channel: the API answers the parsed text and entities, control keeps the HTML as sent', async () => {
    const message = await result('sendMessage', {
      chat_id: CHANNEL,
      text: '<b>Stol 3</b>\nOsh &amp; non: <i>2 ta</i>',
      parse_mode: 'HTML',
      reply_markup: KEYBOARD,
    });
    expect(message).toMatchObject({
      message_id: 1,
      chat: { id: CHANNEL, type: 'channel', title: 'Rayhon — buyurtmalar' },
      sender_chat: { id: CHANNEL },
      text: 'Stol 3\nOsh & non: 2 ta',
      entities: [
        { type: 'bold', offset: 0, length: 6 },
        { type: 'italic', offset: 18, length: 4 },
      ],
      reply_markup: KEYBOARD,
    });
    expect(message.date).toBeCloseTo(Date.now() / 1000, -1);
    const second = await result('sendMessage', { chat_id: '@rayhon_orders', text: 'Ikkinchi' });
    expect(second).toMatchObject({ message_id: 2, text: 'Ikkinchi' });
    expect(second).not.toHaveProperty('entities');
    expect(sim.control.messages(CHANNEL)).toEqual([
      {
        message_id: 1,
        date: message.date,
        chat_id: CHANNEL,
        text: '<b>Stol 3</b>\nOsh &amp; non: <i>2 ta</i>',
        parse_mode: 'HTML',
        reply_markup: KEYBOARD,
        edit_count: 0,
      },
      { message_id: 2, date: second.date, chat_id: CHANNEL, text: 'Ikkinchi', edit_count: 0 },
    ]);
  });

  it('refuses a chat it cannot post in, with Telegram’s words', async () => {
    expectError(await send('x', { chat_id: -1002 }), 400, 'Bad Request: chat not found');
    expectError(await send('x', {}, OTHER), 403, 'Forbidden: bot is not a member of the channel chat');
    sim.control.setMember(CHANNEL, TOKEN, 'administrator', false);
    expectError(await send('x'), 400, 'Bad Request: need administrator rights in the channel chat');
    sim.control.setMember(CHANNEL, TOKEN, 'member');
    expectError(await send('x'), 400, 'Bad Request: need administrator rights in the channel chat');
    sim.control.setMember(CHANNEL, TOKEN, 'left');
    expectError(await send('x'), 403, 'Forbidden: bot is not a member of the channel chat');
    expectError(await send('x', { chat_id: GROUP }), 403, 'Forbidden: bot is not a member of the supergroup chat');
    sim.control.setMember(GROUP, TOKEN, 'member');
    expect((await send('x', { chat_id: GROUP })).body).toMatchObject({ ok: true, result: { from: { id: 123456789 } } });
    expect(sim.control.messages(CHANNEL)).toEqual([]);
  });

  it('checks the text’s length after entity parsing (1–4096)', async () => {
    expectError(await send(''), 400, 'Bad Request: message text is empty');
    expectError(await send('<b> </b>'), 400, 'Bad Request: message text is empty');
    expectError(await send('x'.repeat(4097)), 400, 'Bad Request: message is too long');
    // 4096 characters once parsed, though the source is five times as long.
    expect((await send('&amp;'.repeat(4096))).body.ok).toBe(true);
  });

  it('checks the buttons: callback_data of 1–64 bytes', async () => {
    const button = (data: unknown) => ({ reply_markup: { inline_keyboard: [[{ text: 'Ok', callback_data: data }]] } });
    expect((await send('x', button('d'.repeat(64)))).body.ok).toBe(true);
    expectError(await send('x', button('d'.repeat(65))), 400, 'Bad Request: BUTTON_DATA_INVALID');
    // 33 two-byte letters: 66 bytes in 33 characters.
    expectError(await send('x', button('ş'.repeat(33))), 400, 'Bad Request: BUTTON_DATA_INVALID');
    expectError(await send('x', button('')), 400, 'Bad Request: BUTTON_DATA_INVALID');
    expectError(
      await send('x', { reply_markup: { inline_keyboard: [[{ text: 'Ok' }]] } }),
      400,
      /Text buttons are unallowed in the inline keyboard/,
    );
    expectError(await send('x', { reply_markup: '{nope' }), 400, /can't parse reply keyboard markup/);
    // A JSON-serialized string is accepted, as Telegram does.
    const asString = await send('y', { reply_markup: JSON.stringify(KEYBOARD) });
    expect(asString.body).toMatchObject({ ok: true, result: { reply_markup: KEYBOARD } });
  });
});

describe('HTML parse mode', () => {
  const valid = [
    '<b>b</b> <strong>strong</strong> <i>i</i> <em>em</em> <u>u</u> <ins>ins</ins>',
    '<s>s</s> <strike>strike</strike> <del>del</del> <code>x &lt; y</code>',
    '<pre><code class="language-ts">const a = 1;</code></pre>',
    '<a href="https://menyu.uz/menu?slug=a&amp;table=1">havola</a>',
    '<span class="tg-spoiler">sir</span> <tg-spoiler>sir</tg-spoiler> <blockquote>iqtibos</blockquote>',
    '<b>qalin <i>va qiya</i></b> &quot;qo‘shtirnoq&quot; &#8470; &#x1F37D; &gt;',
    '<B>katta harf</B>',
  ];
  it.each(valid)('accepts %s', async (text) => {
    expect((await send(text)).body.ok).toBe(true);
  });

  const invalid: [string, string][] = [
    ['<script>alert(1)</script>', 'Unsupported start tag "script" at byte offset 0'],
    ['Osh <br> non', 'Unsupported start tag "br" at byte offset 4'],
    ['<div>x</div>', 'Unsupported start tag "div" at byte offset 0'],
    ['<b>qalin', 'Can\'t find end tag corresponding to start tag "b"'],
    ['<b><i>x</b></i>', 'Unmatched end tag at byte offset 7, expected "</i>", found "</b>"'],
    ['x</b>', 'Unexpected end tag at byte offset 1'],
    ['Narx < 5000', 'Unsupported start tag "" at byte offset 5'],
    ['Narx > 5000', 'Unexpected ">" at byte offset 5: write it as &gt;'],
    ['Osh & non', 'Unsupported character entity at byte offset 4: write "&" as &amp;'],
    ['&nbsp;', 'Unsupported character entity at byte offset 0: write "&" as &amp;'],
    ['<span>x</span>', 'Tag "span" must have class "tg-spoiler" at byte offset 0'],
    ['<b', 'Unclosed start tag at byte offset 0'],
    // Offsets count UTF-8 bytes: "Oʻ" is three.
    ['Oʻsh <x>', 'Unsupported start tag "x" at byte offset 6'],
  ];
  it.each(invalid)('refuses %s', async (text, reason) => {
    expectError(await send(text), 400, `Bad Request: can't parse entities: ${reason}`);
  });

  it('leaves text without parse_mode alone (a <script> is just text)', async () => {
    const answer = await call('sendMessage', { chat_id: CHANNEL, text: '<script>alert(1)</script> & >' });
    expect(answer.body).toMatchObject({ ok: true, result: { text: '<script>alert(1)</script> & >' } });
  });
});

describe('editing', () => {
  async function posted() {
    const message = await result<{ message_id: number }>('sendMessage', {
      chat_id: CHANNEL,
      text: '<b>Yangi</b> buyurtma',
      parse_mode: 'HTML',
      reply_markup: KEYBOARD,
    });
    return message.message_id;
  }

  it('editMessageText changes the text; without reply_markup the buttons go, as in Telegram', async () => {
    const id = await posted();
    const kept = await result('editMessageText', {
      chat_id: CHANNEL,
      message_id: id,
      text: '<b>Qabul qilindi</b> buyurtma',
      parse_mode: 'HTML',
      reply_markup: KEYBOARD,
    });
    expect(kept).toMatchObject({ text: 'Qabul qilindi buyurtma', reply_markup: KEYBOARD });
    expect(kept.edit_date).toBeTypeOf('number');
    const dropped = await result('editMessageText', {
      chat_id: CHANNEL,
      message_id: id,
      text: '<b>Qabul qilindi</b> buyurtma',
      parse_mode: 'HTML',
    });
    expect(dropped).not.toHaveProperty('reply_markup');
    const [message] = sim.control.messages(CHANNEL);
    expect(message).toMatchObject({ text: '<b>Qabul qilindi</b> buyurtma', edit_count: 2 });
    expect(message!.reply_markup).toBeUndefined();
    expect(message!.edited_at).toBeTypeOf('number');
  });

  it('refuses an edit that changes nothing, a message that is not there, another bot’s message', async () => {
    const id = await posted();
    const same = { chat_id: CHANNEL, message_id: id, text: '<b>Yangi</b> buyurtma', parse_mode: 'HTML' };
    expectError(
      await call('editMessageText', { ...same, reply_markup: KEYBOARD }),
      400,
      'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
    );
    // Same text in another form of the same markup is still the same content.
    expectError(
      await call('editMessageText', { ...same, text: '<strong>Yangi</strong> buyurtma', reply_markup: KEYBOARD }),
      400,
      /^Bad Request: message is not modified/,
    );
    expectError(
      await call('editMessageText', { ...same, message_id: 99 }),
      400,
      'Bad Request: message to edit not found',
    );
    expectError(await call('editMessageText', { ...same, text: '<b>x' }), 400, /can't parse entities/);
    sim.control.setMember(CHANNEL, OTHER, 'administrator');
    expectError(
      await call('editMessageText', { ...same, text: 'boshqa' }, OTHER),
      400,
      "Bad Request: message can't be edited",
    );
    expect(sim.control.messages(CHANNEL)[0]!.edit_count).toBe(0);
  });

  it('editMessageReplyMarkup replaces or removes the buttons, and refuses the same ones', async () => {
    const id = await posted();
    const done = { inline_keyboard: [[{ text: 'Tayyor', callback_data: 'o:d:1' }]] };
    expect(
      await result('editMessageReplyMarkup', { chat_id: CHANNEL, message_id: id, reply_markup: done }),
    ).toMatchObject({ reply_markup: done });
    expectError(
      await call('editMessageReplyMarkup', { chat_id: CHANNEL, message_id: id, reply_markup: done }),
      400,
      /^Bad Request: message is not modified/,
    );
    await result('editMessageReplyMarkup', { chat_id: CHANNEL, message_id: id });
    expect(sim.control.messages(CHANNEL)[0]).toMatchObject({ edit_count: 2, text: '<b>Yangi</b> buyurtma' });
    expect(sim.control.messages(CHANNEL)[0]!.reply_markup).toBeUndefined();
    expectError(
      await call('editMessageReplyMarkup', { chat_id: CHANNEL, message_id: 7, reply_markup: done }),
      400,
      'Bad Request: message to edit not found',
    );
  });
});

describe('button presses and getUpdates', () => {
  async function posted() {
    return (
      await result<{ message_id: number }>('sendMessage', {
        chat_id: CHANNEL,
        text: 'Buyurtma',
        reply_markup: KEYBOARD,
      })
    ).message_id;
  }

  it('a press is an update for getUpdates; offset confirms it', async () => {
    const id = await posted();
    const pressed = await sim.control.press(CHANNEL, id, 'o:a:1', {
      id: 777,
      first_name: 'Dilnoza',
      username: 'dilnoza',
    });
    const updates = await result<Record<string, unknown>[]>('getUpdates', {});
    expect(updates).toEqual([
      {
        update_id: pressed.update_id,
        callback_query: {
          id: pressed.callback_query_id,
          from: { id: 777, is_bot: false, first_name: 'Dilnoza', username: 'dilnoza', language_code: 'uz' },
          message: expect.objectContaining({ message_id: id, chat: expect.objectContaining({ id: CHANNEL }) }),
          chat_instance: expect.any(String),
          data: 'o:a:1',
        },
      },
    ]);
    // Not confirmed yet: asked again, it comes again; with offset = update_id + 1 it is gone.
    expect(await result<unknown[]>('getUpdates', { offset: 0 })).toHaveLength(1);
    expect(await result<unknown[]>('getUpdates', { offset: pressed.update_id + 1 })).toEqual([]);
    expect(await result<unknown[]>('getUpdates', {})).toEqual([]);
    await expect(sim.control.press(CHANNEL, id, 'nope')).rejects.toThrow(/no button/);
    await expect(sim.control.press(CHANNEL, 99, 'o:a:1')).rejects.toThrow(/no message/);
  });

  it('long polling holds the request until a press arrives', async () => {
    const id = await posted();
    const started = Date.now();
    const poll = call('getUpdates', { timeout: 10 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const pressed = await sim.control.press(CHANNEL, id, 'o:r:1');
    const answer = await poll;
    expect(Date.now() - started).toBeLessThan(3000);
    expect(answer.body.result).toEqual([expect.objectContaining({ update_id: pressed.update_id })]);
  });

  it('long polling answers [] when its timeout passes with nothing', async () => {
    const started = Date.now();
    expect((await call('getUpdates', { timeout: 1 })).body).toEqual({ ok: true, result: [] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('a second getUpdates ends the first with 409; getUpdates under a webhook is 409', async () => {
    const first = call('getUpdates', { timeout: 10 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = call('getUpdates', { timeout: 1 });
    expectError(
      await first,
      409,
      'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
    );
    expect((await second).body).toEqual({ ok: true, result: [] });
    await result('setWebhook', { url: 'https://example.invalid/hook' });
    expectError(
      await call('getUpdates', {}),
      409,
      "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
    );
    await result('deleteWebhook');
    expect(await result('getUpdates', {})).toEqual([]);
  });

  it('answerCallbackQuery records the answer once; an unknown or answered id is "query is too old"', async () => {
    const id = await posted();
    const { callback_query_id } = await sim.control.press(CHANNEL, id, 'o:a:1');
    const tooOld = 'Bad Request: query is too old and response timeout expired or query ID is invalid';
    expectError(await call('answerCallbackQuery', { callback_query_id, text: 'x' }, OTHER), 400, tooOld);
    expect(await result('answerCallbackQuery', { callback_query_id, text: 'Qabul qilindi' })).toBe(true);
    expectError(await call('answerCallbackQuery', { callback_query_id }), 400, tooOld);
    expectError(await call('answerCallbackQuery', { callback_query_id: '12345' }), 400, tooOld);
    const second = await sim.control.press(CHANNEL, id, 'o:r:1');
    await result('answerCallbackQuery', {
      callback_query_id: second.callback_query_id,
      text: 'Diqqat',
      show_alert: true,
    });
    expect(sim.control.callbackAnswers()).toEqual([
      { callback_query_id, text: 'Qabul qilindi' },
      { callback_query_id: second.callback_query_id, text: 'Diqqat', show_alert: true },
    ]);
  });
});

describe('webhook', () => {
  interface Received {
    headers: IncomingHttpHeaders;
    body: Record<string, unknown>;
  }
  let hook: Server;
  let hookUrl: string;
  let received: Received[];
  /** Statuses the next requests answer (then 200). */
  let statuses: number[];

  beforeEach(async () => {
    received = [];
    statuses = [];
    hook = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        response.writeHead(statuses.shift() ?? 200).end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/telegram/webhook`;
  });
  afterEach(async () => {
    hook.closeAllConnections();
    await new Promise((resolve) => hook.close(resolve));
  });

  async function pressOne() {
    const message = await result<{ message_id: number }>('sendMessage', {
      chat_id: CHANNEL,
      text: 'Buyurtma',
      reply_markup: KEYBOARD,
    });
    return sim.control.press(CHANNEL, message.message_id, 'o:a:1');
  }

  it('delivers a press as a POST with the secret header', async () => {
    const set = await call('setWebhook', {
      url: hookUrl,
      secret_token: 'menyu-Secret_123',
      allowed_updates: ['callback_query'],
    });
    expect(set.body).toEqual({ ok: true, result: true, description: 'Webhook was set' });
    expect(sim.control.webhook(TOKEN)).toEqual({
      url: hookUrl,
      secret_token: 'menyu-Secret_123',
      allowed_updates: ['callback_query'],
    });
    const pressed = await pressOne();
    // press() resolves after the first delivery attempt.
    expect(received).toHaveLength(1);
    expect(received[0]!.headers['x-telegram-bot-api-secret-token']).toBe('menyu-Secret_123');
    expect(received[0]!.headers['content-type']).toBe('application/json');
    expect(received[0]!.body).toMatchObject({
      update_id: pressed.update_id,
      callback_query: { id: pressed.callback_query_id, data: 'o:a:1' },
    });
    expect(await result('getWebhookInfo')).toMatchObject({ url: hookUrl, pending_update_count: 0 });
  });

  it('retries a non-2xx answer, then keeps the update when the webhook keeps failing', async () => {
    await result('setWebhook', { url: hookUrl });
    statuses = [500, 502];
    const first = await pressOne();
    await expect.poll(() => received.length, { timeout: 3000 }).toBe(3);
    expect(received.map((r) => r.body.update_id)).toEqual([first.update_id, first.update_id, first.update_id]);
    expect(received[0]!.headers).not.toHaveProperty('x-telegram-bot-api-secret-token');
    await expect.poll(async () => (await result('getWebhookInfo')).pending_update_count).toBe(0);

    received = [];
    statuses = [500, 500, 500, 500];
    const second = await pressOne();
    await expect.poll(() => received.length, { timeout: 4000 }).toBe(4);
    const info = await result('getWebhookInfo');
    expect(info).toMatchObject({ pending_update_count: 1, last_error_message: expect.stringMatching(/500/) });
    // The next press delivers the kept update first, in order.
    received = [];
    const third = await pressOne();
    await expect
      .poll(() => received.map((r) => r.body.update_id), { timeout: 3000 })
      .toEqual([second.update_id, third.update_id]);
  });

  it('retries after a network error', async () => {
    await result('setWebhook', { url: 'http://127.0.0.1:9/unreachable' });
    const message = await result<{ message_id: number }>('sendMessage', {
      chat_id: CHANNEL,
      text: 'x',
      reply_markup: KEYBOARD,
    });
    await sim.control.press(CHANNEL, message.message_id, 'o:a:1');
    await expect
      .poll(async () => (await result('getWebhookInfo')).last_error_message, { timeout: 4000 })
      .toMatch(/Connection failed/);
    // Pointed at a working webhook, the kept update is delivered.
    await result('setWebhook', { url: hookUrl });
    await expect.poll(() => received.length).toBe(1);
  });

  it('validates setWebhook and deleteWebhook', async () => {
    expectError(await call('setWebhook', { url: 'http://example.com/hook' }), 400, /An HTTPS URL must be provided/);
    expectError(
      await call('setWebhook', { url: hookUrl, secret_token: 'bad secret!' }),
      400,
      'Bad Request: secret token contains unallowed characters',
    );
    expect((await call('deleteWebhook')).body).toEqual({
      ok: true,
      result: true,
      description: 'Webhook is already deleted',
    });
    await result('setWebhook', { url: hookUrl });
    expect((await call('deleteWebhook', { drop_pending_updates: true })).body.description).toBe('Webhook was deleted');
    expect(sim.control.webhook(TOKEN)).toBeUndefined();
  });

  it('setWebhook ends a running long poll with 409', async () => {
    const poll = call('getUpdates', { timeout: 10 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await result('setWebhook', { url: hookUrl });
    expectError(await poll, 409, 'Conflict: terminated by setWebhook request');
  });
});

describe('limits and faults', () => {
  it('with rateLimits, a second message within a second or a 21st within a minute in one chat is 429', async () => {
    let clock = 1_800_000_000_000;
    const limited = await startTelegramSimulator({ rateLimits: true, now: () => clock });
    try {
      limited.control.addBot({ token: TOKEN, username: 'b' });
      limited.control.addChat({ id: CHANNEL, type: 'channel', title: 'K' });
      limited.control.addChat({ id: GROUP, type: 'group', title: 'G' });
      limited.control.setMember(CHANNEL, TOKEN, 'administrator');
      limited.control.setMember(GROUP, TOKEN, 'member');
      const post = (chat = CHANNEL) => call('sendMessage', { chat_id: chat, text: 'x' }, TOKEN, limited.url);
      expect((await post()).status).toBe(200);
      const tooSoon = await post();
      expectError(tooSoon, 429, 'Too Many Requests: retry after 1');
      expect(tooSoon.body.parameters).toEqual({ retry_after: 1 });
      // Another chat has its own limit.
      expect((await post(GROUP)).status).toBe(200);
      for (let i = 1; i < 20; i++) {
        clock += 1500;
        expect((await post()).status).toBe(200);
      }
      clock += 1500; // 20 sent within the last 30 s: the first leaves the minute in 30 s
      const perMinute = await post();
      expectError(perMinute, 429, /^Too Many Requests: retry after \d+$/);
      expect(perMinute.body.parameters!.retry_after).toBe(30);
      clock += 30_000;
      expect((await post()).status).toBe(200);
      expect(limited.control.messages(CHANNEL)).toHaveLength(21);
      expect(limited.control.messages(CHANNEL)[0]!.date).toBe(1_800_000_000);
    } finally {
      await limited.close();
    }
  });

  it('without rateLimits, bursts are fine', async () => {
    for (let i = 0; i < 25; i++) expect((await send(`m${i}`)).status).toBe(200);
  });

  it('failNext answers the given error the given number of times, for any bot', async () => {
    sim.control.failNext('sendMessage', { status: 500, description: 'Internal Server Error: restart' }, 2);
    sim.control.failNext('getMe', { status: 429, retry_after: 7 });
    expectError(await send('a'), 500, 'Internal Server Error: restart');
    expectError(await send('b', {}, OTHER), 500, 'Internal Server Error: restart');
    expect((await send('c')).status).toBe(200);
    const limited = await call('getMe');
    expectError(limited, 429, 'Too Many Requests: retry after 7');
    expect(limited.body.parameters).toEqual({ retry_after: 7 });
    expect((await call('getMe')).status).toBe(200);
    expect(sim.control.messages(CHANNEL).map((m) => m.text)).toEqual(['c']);
    expect(sim.control.calls('sendMessage')).toHaveLength(3);
  });

  it('failNext with status 0 drops the connection without an answer', async () => {
    sim.control.failNext('sendMessage', { status: 0 });
    await expect(send('lost')).rejects.toThrow();
    expect(sim.control.messages(CHANNEL)).toEqual([]);
    expect((await send('ok')).status).toBe(200);
  });

  it('failNext with delayMs answers that late (an error, or the real answer for a 2xx status)', async () => {
    sim.control.failNext('sendMessage', { status: 502, delayMs: 300 });
    let started = Date.now();
    expectError(await send('a'), 502, 'Bad Gateway');
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    sim.control.failNext('sendMessage', { status: 200, delayMs: 300 });
    started = Date.now();
    expect((await send('slow but sent')).body).toMatchObject({ ok: true, result: { text: 'slow but sent' } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    // A caller that gives up first: the message is still sent, as with a real slow Telegram.
    sim.control.failNext('sendMessage', { status: 200, delayMs: 400 });
    await expect(
      fetch(`${sim.url}/bot${TOKEN}/sendMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: CHANNEL, text: 'timed out' }),
        signal: AbortSignal.timeout(100),
      }),
    ).rejects.toThrow();
    expect(await sim.control.waitForMessage(CHANNEL, (m) => m.text === 'timed out')).toMatchObject({ message_id: 2 });
  });
});

describe('control', () => {
  it('waitForMessage resolves when a matching message appears, and rejects after its timeout', async () => {
    const waiting = sim.control.waitForMessage(CHANNEL, (m) => m.text.includes('Stol 5'));
    setTimeout(() => void send('<b>Stol 5</b>'), 50);
    expect(await waiting).toMatchObject({ message_id: 1, text: '<b>Stol 5</b>' });
    await expect(sim.control.waitForMessage(CHANNEL, (m) => m.text === 'never', 100)).rejects.toThrow(
      /no matching message in chat -1001234567890 within 100 ms/,
    );
  });

  it('reset forgets bots, chats, messages, calls and answers', async () => {
    await send('x');
    sim.control.reset();
    expect(sim.control.chats()).toEqual([]);
    expect(sim.control.calls()).toEqual([]);
    expect(sim.control.callbackAnswers()).toEqual([]);
    expectError(await call('getMe'), 401, 'Unauthorized');
  });

  it('seedDemoTelegram adds the demo bot and its channel, the bot allowed to post', async () => {
    sim.control.reset();
    seedDemoTelegram(sim.control);
    expect(await result('getMe', undefined, DEMO_TELEGRAM.token)).toMatchObject({
      id: 7000000001,
      username: DEMO_TELEGRAM.username,
    });
    expect(
      await result('getChatMember', { chat_id: DEMO_TELEGRAM.channelId, user_id: 7000000001 }, DEMO_TELEGRAM.token),
    ).toMatchObject({ status: 'administrator', can_post_messages: true });
    const sent = await call('sendMessage', { chat_id: DEMO_TELEGRAM.channelId, text: 'Salom' }, DEMO_TELEGRAM.token);
    expect(sent.body).toMatchObject({ ok: true, result: { chat: { title: DEMO_TELEGRAM.channelTitle } } });
  });
});
