import { type HtmlNode, parseTelegramHtml } from './html-check';
import type { SimMessage } from './state';

/**
 * The /dev/telegram page's chats as a small element tree, built by the same code on the server (serialised with every
 * text escaped, dev-page.ts) and in the browser (turned into DOM nodes with createElement and text nodes,
 * dev-browser.ts). A message's HTML is parsed by html-check.ts and only its formatting tags become elements: raw
 * message text never reaches innerHTML or the page's markup unescaped.
 */

export type ViewNode = string | { tag: string; attrs?: Record<string, string>; children?: ViewNode[] };

export interface DevChat {
  id: number;
  type: string;
  title: string;
  username?: string;
  messages: SimMessage[];
  /** Whether the demo bot may post here: the page's switch takes it out of the channel and back (a refusal to see). */
  demo_bot_posts: boolean;
}

export interface DevState {
  chats: DevChat[];
}

const el = (tag: string, attrs: Record<string, string> = {}, children: ViewNode[] = []): ViewNode => ({
  tag,
  attrs,
  children,
});

/** Orders reach restaurants in Uzbekistan: their clock, whatever the server's or the browser's zone. */
const TIME = new Intl.DateTimeFormat('uz-UZ', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Tashkent' });

const CHAT_KIND: Record<string, string> = { channel: 'kanal', group: 'guruh', supergroup: 'guruh' };

/** Only web links become links; anything else (javascript:, tg:) stays text. */
const safeHref = (href: string | undefined) => (href && /^https?:\/\//i.test(href) ? href : undefined);

function formatted(nodes: HtmlNode[]): ViewNode[] {
  return nodes.map((node): ViewNode => {
    if (typeof node === 'string') return node;
    const children = formatted(node.children);
    switch (node.tag) {
      case 'a': {
        const href = safeHref(node.href);
        return href
          ? el('a', { href, rel: 'noopener noreferrer nofollow', target: '_blank' }, children)
          : el('span', {}, children);
      }
      case 'spoiler':
        return el('span', { class: 'spoiler', tabindex: '0', title: "Ko'rish uchun bosing" }, children);
      default:
        return el(node.tag, {}, children);
    }
  });
}

export function messageBody(message: SimMessage): ViewNode[] {
  if (message.parse_mode !== 'HTML') return [message.text];
  try {
    return formatted(parseTelegramHtml(message.text).nodes);
  } catch {
    // The simulator refuses invalid HTML, so this is only a guard: show the source as text.
    return [message.text];
  }
}

/** The key of a message's button (which press is under way). */
export const buttonKey = (chatId: number, messageId: number, data: string) => `${chatId}:${messageId}:${data}`;

function messageView(chat: DevChat, message: SimMessage, busy: ReadonlySet<string>): ViewNode {
  const meta: ViewNode[] = [];
  if (message.edit_count > 0) meta.push(el('span', { class: 'edited' }, ['tahrirlangan']));
  meta.push(el('time', {}, [TIME.format(new Date(message.date * 1000))]));
  const bubble = el('div', { class: 'bubble' }, [
    el('div', { class: 'author' }, [chat.title]),
    el('div', { class: 'text' }, messageBody(message)),
    el('div', { class: 'meta' }, meta),
  ]);
  const rows = message.reply_markup?.inline_keyboard ?? [];
  const keyboard = rows.map((row) =>
    el(
      'div',
      { class: 'kb-row' },
      row.map((button) => {
        const pressing = busy.has(buttonKey(chat.id, message.message_id, button.callback_data));
        return el(
          'button',
          {
            type: 'button',
            class: pressing ? 'kb busy' : 'kb',
            'data-chat': String(chat.id),
            'data-message': String(message.message_id),
            'data-data': button.callback_data,
            ...(pressing ? { 'aria-busy': 'true', disabled: '' } : {}),
          },
          [button.text],
        );
      }),
    ),
  );
  return el('article', { class: 'msg', 'data-id': String(message.message_id) }, [
    bubble,
    ...(keyboard.length ? [el('div', { class: 'keyboard' }, keyboard)] : []),
  ]);
}

function chatView(chat: DevChat, busy: ReadonlySet<string>): ViewNode {
  const kind = CHAT_KIND[chat.type] ?? chat.type;
  const sub = [kind, chat.username ? `@${chat.username}` : '', `${chat.messages.length} ta xabar`].filter(Boolean);
  const feed =
    chat.messages.length > 0
      ? chat.messages.map((m) => messageView(chat, m, busy))
      : [el('p', { class: 'empty' }, ["Hali xabar yo'q. Menyudan buyurtma bering: u shu yerda paydo bo'ladi."])];
  return el('section', { class: 'chat', 'data-chat': String(chat.id) }, [
    el('header', { class: 'chat-head' }, [
      el('div', { class: 'avatar', 'aria-hidden': 'true' }, [(chat.title.trim()[0] ?? '?').toUpperCase()]),
      el('div', { class: 'chat-name' }, [el('h2', {}, [chat.title]), el('p', {}, [sub.join(' · ')])]),
      el(
        'button',
        {
          type: 'button',
          class: 'member',
          'data-member': chat.demo_bot_posts ? 'leave' : 'join',
          'data-chat': String(chat.id),
        },
        [chat.demo_bot_posts ? 'Botni kanaldan chiqarish' : 'Botni kanalga qaytarish'],
      ),
    ]),
    el('div', { class: 'feed', 'data-feed': String(chat.id) }, feed),
  ]);
}

export function chatsView(state: DevState, busy: ReadonlySet<string> = new Set()): ViewNode[] {
  if (state.chats.length === 0) return [el('p', { class: 'none' }, ["Simulyatorda hali kanal yo'q."])];
  return state.chats.map((chat) => chatView(chat, busy));
}
