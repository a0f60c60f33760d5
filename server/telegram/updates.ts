import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { OrderStatus } from '../db/schema';
import { changeStatus, markDone } from '../domain/orders/status';
import type { RunWork, Work } from '../domain/unit-of-work';
import { messages } from '../messages';
import { callWithBot, orderWithBot, rememberUpdate } from '../repositories/telegram-updates';
import {
  type BotApiOptions,
  botIdOf,
  callBotApi,
  type TelegramCallbackQuery,
  type TelegramUpdate,
  type TelegramUser,
} from './bot-api';
import { type CallbackAction, parseCallbackData } from './callback-data';
import type { PressRights, PressVerdict } from './press-rights';

/**
 * What a staff member's press of a message's button does: the same status change as the panel's, by the same use
 * case (domain/orders/status.ts), recorded with who pressed it; the change itself queues the message's edit (the
 * outbox), and the press is answered at once with what happened.
 */

export const PRESS_ANSWERS = {
  accept: messages.pressAccepted,
  cancel: messages.pressCancelled,
  serve: messages.pressServed,
  done: messages.pressDone,
  unknown: messages.pressOrderUnknown,
  refused: messages.pressRefused,
  unverified: messages.pressUnverified,
} as const;

const TARGET: Record<'accept' | 'cancel' | 'serve', OrderStatus> = {
  accept: 'accepted',
  cancel: 'cancelled',
  serve: 'served',
};

/** "Ali (@ali) · Telegram": who changed it, as status_changed_by keeps it (a panel change keeps the login). */
export function telegramName(user: TelegramUser): string {
  const name = [user.first_name, user.username ? `(@${user.username})` : ''].filter(Boolean).join(' ');
  return `${name.slice(0, 80)} · Telegram`;
}

export interface UpdateDeps {
  db: Db;
  /** The unit of work a press runs in: it wakes the outbox sender once a change committed. */
  work: RunWork;
  api: BotApiOptions;
  log: FastifyBaseLogger;
  /** Who may press (the app's one instance: its cache of the chats' administrators). */
  rights: PressRights;
}

/**
 * Handles one update of a bot, once: the update id is remembered in the transaction of the change, so an update that
 * comes twice (a webhook retried, a poll repeated) changes nothing the second time and is not answered again.
 */
export async function handleUpdate(deps: UpdateDeps, token: string, update: TelegramUpdate): Promise<void> {
  const query = update.callback_query;
  const botId = botIdOf(token);
  // Asked before the transaction: it may call Telegram, which a transaction must not wait for.
  const verdict = query ? await pressVerdict(deps, botId, query) : 'allowed';
  const answer = await deps.work(async (w) => {
    if (!(await rememberUpdate(w.tx, botId, update.update_id))) return undefined;
    if (!query) return null;
    if (verdict === 'refused') return { text: PRESS_ANSWERS.refused, alert: true };
    if (verdict === 'unknown') return { text: PRESS_ANSWERS.unverified, alert: true };
    return applyPress(w, botId, query);
  });
  if (!answer || !query) return;
  try {
    await callBotApi(deps.api, token, 'answerCallbackQuery', {
      callback_query_id: query.id,
      text: answer.text,
      show_alert: answer.alert,
    });
  } catch (error) {
    // The change is made and its message will be edited; an unanswered press only spins a while in the client.
    deps.log.warn({ err: error }, 'Telegram: answerCallbackQuery failed');
  }
}

/**
 * Whether the presser may act on the order or call the button names: an administrator of the restaurant's chat or
 * linked staff. A press on something unknown or another bot's is 'allowed' here: applyPress answers it "not found".
 */
async function pressVerdict(deps: UpdateDeps, botId: string, query: TelegramCallbackQuery): Promise<PressVerdict> {
  const action = parseCallbackData(query.data);
  if (!action) return 'allowed';
  const found =
    action.kind === 'order' ? await orderWithBot(deps.db, action.id) : await callWithBot(deps.db, action.id);
  if (!found?.bot_token || botIdOf(found.bot_token) !== botId) return 'allowed';
  return deps.rights.verdict({ ...found, bot_token: found.bot_token }, query.from);
}

async function applyPress(
  w: Work,
  botId: string,
  query: TelegramCallbackQuery,
): Promise<{ text: string; alert: boolean }> {
  const action = parseCallbackData(query.data);
  if (!action) return { text: PRESS_ANSWERS.unknown, alert: true };
  const by = telegramName(query.from);
  return action.kind === 'call' ? pressCall(w, botId, action, by) : pressOrder(w, botId, action, by);
}

async function pressOrder(
  w: Work,
  botId: string,
  action: Extract<CallbackAction, { kind: 'order' }>,
  by: string,
): Promise<{ text: string; alert: boolean }> {
  const found = await orderWithBot(w.tx, action.id);
  // Only the bot of the order's own restaurant may act on it: another restaurant's bot gets "not found".
  if (!found?.bot_token || botIdOf(found.bot_token) !== botId) return { text: PRESS_ANSWERS.unknown, alert: true };
  const to = TARGET[action.action];
  const change = await changeStatus(w, found.order._id, to, by);
  if (change.kind === 'changed') return { text: PRESS_ANSWERS[action.action], alert: false };
  const text = change.kind === 'refused' ? change.message : messages.orderMoveRefused(found.order.status, to);
  return { text, alert: true };
}

async function pressCall(
  w: Work,
  botId: string,
  action: Extract<CallbackAction, { kind: 'call' }>,
  by: string,
): Promise<{ text: string; alert: boolean }> {
  const found = await callWithBot(w.tx, action.id);
  if (!found?.bot_token || botIdOf(found.bot_token) !== botId) return { text: PRESS_ANSWERS.unknown, alert: true };
  const done = await markDone(w, found.call._id, by);
  return done ? { text: PRESS_ANSWERS.done, alert: false } : { text: messages.callDoneAlready, alert: true };
}
