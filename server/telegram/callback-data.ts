/**
 * What an inline button says when pressed: `o:a:<order id>` (accept), `o:c:…` (cancel), `o:s:…` (served),
 * `c:d:<call id>` (call done). 40 bytes, within Telegram's 64; the id alone names the order, and the handler
 * checks that it belongs to a restaurant of the bot that received the press.
 */

export type CallbackAction =
  | { kind: 'order'; action: 'accept' | 'cancel' | 'serve'; id: string }
  | { kind: 'call'; action: 'done'; id: string };

const ORDER_ACTIONS = { a: 'accept', c: 'cancel', s: 'serve' } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function callbackData(action: CallbackAction): string {
  if (action.kind === 'call') return `c:d:${action.id}`;
  return `o:${action.action[0]}:${action.id}`;
}

/** The action a button's data names, or undefined for anything we did not write. */
export function parseCallbackData(data: string | undefined): CallbackAction | undefined {
  const match = /^([oc]):([a-z]):(.+)$/.exec(data ?? '');
  if (!match || !UUID.test(match[3]!)) return undefined;
  const [, kind, code, id] = match as unknown as [string, string, string, string];
  if (kind === 'c') return code === 'd' ? { kind: 'call', action: 'done', id } : undefined;
  const action = ORDER_ACTIONS[code as keyof typeof ORDER_ACTIONS];
  return action ? { kind: 'order', action, id } : undefined;
}
