import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../menu/html';
import { DEV_ASSET_HEADERS, devPageHeaders } from '../page-headers';
import { DEV_PAGE_SCRIPT } from './dev-script';
import { DEV_PAGE_CSS } from './dev-styles';
import { chatsView, type DevState, type ViewNode } from './dev-view';
import { DEMO_STAFF_USER, DEMO_TELEGRAM, type TelegramSimulator } from './server';

export { DEMO_STAFF_USER };

/**
 * `/dev/telegram` (demo mode only): the local Telegram simulator's chats as a Telegram-like page, so a person trying
 * the demo sees the order messages the restaurant's staff would get and can press their buttons. Routes:
 * - GET /dev/telegram: the page (chats rendered on the server, every text escaped; its script keeps it current),
 * - GET /dev/telegram/page.js and page.css: its script and style, as files (the page's CSP allows nothing inline),
 * - GET /dev/telegram/state: `{ chats: [{ id, type, title, username?, messages }] }` (never a token),
 * - POST /dev/telegram/press `{ chat_id, message_id, callback_data }`: a demo waiter presses that button; answers
 *   `{ update_id, callback_query_id, answer }` once the bot answered the press (or `answer: null` after 3 s).
 */

const ANSWER_WAIT_MS = 3000;

/** The element tree as markup: tag and attribute names come from dev-view.ts, every text and value is escaped. */
export function toHtml(node: ViewNode): string {
  if (typeof node === 'string') return escapeHtml(node);
  const attrs = Object.entries(node.attrs ?? {})
    .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
    .join('');
  return `<${node.tag}${attrs}>${(node.children ?? []).map(toHtml).join('')}</${node.tag}>`;
}

function stateOf(simulator: TelegramSimulator): DevState {
  const { control } = simulator;
  return {
    chats: control.chats().map((chat) => ({
      ...chat,
      messages: control.messages(chat.id),
      demo_bot_posts: control.mayPost(chat.id, DEMO_TELEGRAM.token),
    })),
  };
}

function page(state: DevState): string {
  return `<!doctype html>
<html lang="uz">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Telegram simulyatori</title>
<link rel="stylesheet" href="/dev/telegram/page.css">
<script src="/dev/telegram/page.js" defer></script>
</head>
<body>
<header class="top"><div class="wrap">
<h1>Telegram simulyatori</h1>
<p>Demo rejimida buyurtmalar haqiqiy Telegramga emas, shu serverdagi mahalliy Telegram simulyatoriga yuboriladi. Restoran kanalini xodimlar ko'radigandek ko'ring: yangi buyurtma o'zi paydo bo'ladi, tugmalarini bosib uni ofitsiant sifatida qabul qiling.</p>
</div></header>
<main class="wrap" id="chats">${chatsView(state).map(toHtml).join('')}</main>
<p id="status" class="status" role="alert"></p>
<div id="toast" class="toast" role="status" hidden></div>
<dialog id="alert"><p></p><button type="button">OK</button></dialog>
</body>
</html>
`;
}

interface PressBody {
  chat_id: number;
  message_id: number;
  callback_data: string;
}

export async function registerTelegramDevPage(app: FastifyInstance, simulator: TelegramSimulator): Promise<void> {
  const hidden = { schema: { hide: true } };

  app.get('/dev/telegram', hidden, (_request, reply) =>
    reply
      .headers(devPageHeaders())
      .type('text/html; charset=utf-8')
      .send(page(stateOf(simulator))),
  );
  app.get('/dev/telegram/page.js', hidden, (_request, reply) =>
    reply.headers(DEV_ASSET_HEADERS).type('text/javascript; charset=utf-8').send(DEV_PAGE_SCRIPT),
  );
  app.get('/dev/telegram/page.css', hidden, (_request, reply) =>
    reply.headers(DEV_ASSET_HEADERS).type('text/css; charset=utf-8').send(DEV_PAGE_CSS),
  );
  app.get('/dev/telegram/state', hidden, (_request, reply) => reply.send(stateOf(simulator)));

  // The demo bot out of the channel and back: what a restaurant sees when its bot was removed ("Telegramga yuborilmadi").
  app.post<{ Body: { chat_id: number; member: boolean } }>(
    '/dev/telegram/member',
    {
      schema: {
        hide: true,
        body: {
          type: 'object',
          required: ['chat_id', 'member'],
          additionalProperties: false,
          properties: { chat_id: { type: 'integer' }, member: { type: 'boolean' } },
        },
      },
    },
    async (request, reply) => {
      const { chat_id, member } = request.body;
      if (!simulator.control.chats().some((chat) => chat.id === chat_id)) {
        return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Bunday kanal topilmadi.' });
      }
      simulator.control.setMember(chat_id, DEMO_TELEGRAM.token, member ? 'administrator' : 'left', true);
      return { chat_id, demo_bot_posts: simulator.control.mayPost(chat_id, DEMO_TELEGRAM.token) };
    },
  );

  app.post<{ Body: PressBody }>(
    '/dev/telegram/press',
    {
      schema: {
        hide: true,
        body: {
          type: 'object',
          required: ['chat_id', 'message_id', 'callback_data'],
          additionalProperties: false,
          properties: {
            chat_id: { type: 'integer' },
            message_id: { type: 'integer', minimum: 1 },
            callback_data: { type: 'string', minLength: 1, maxLength: 64 },
          },
        },
      },
    },
    async (request, reply) => {
      const { chat_id, message_id, callback_data } = request.body;
      let pressed: { update_id: number; callback_query_id: string };
      try {
        pressed = await simulator.control.press(chat_id, message_id, callback_data, DEMO_STAFF_USER);
      } catch {
        return reply
          .code(404)
          .send({ statusCode: 404, error: 'Not Found', message: 'Bunday xabar yoki tugma topilmadi.' });
      }
      // Like Telegram's client: wait a little for the bot's answer, to show it as the toast.
      const deadline = Date.now() + ANSWER_WAIT_MS;
      for (;;) {
        const answer = simulator.control
          .callbackAnswers()
          .find((a) => a.callback_query_id === pressed.callback_query_id);
        if (answer || Date.now() >= deadline) {
          const shown = answer
            ? {
                ...(answer.text !== undefined ? { text: answer.text } : {}),
                ...(answer.show_alert !== undefined ? { show_alert: answer.show_alert } : {}),
              }
            : null;
          return reply.send({ ...pressed, answer: shown });
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  );
}
