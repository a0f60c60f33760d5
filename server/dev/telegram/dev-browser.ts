import { buttonKey, chatsView, type DevState, type ViewNode } from './dev-view';

/**
 * The /dev/telegram page's script (bundled by esbuild, served as a file: the page's CSP allows no inline script).
 * Every ~1.5 s it reads /dev/telegram/state and, when it changed, redraws the chats from dev-view.ts's tree with DOM
 * calls only (message text is always a text node); it keeps each feed's scroll (or follows the newest message);
 * a button press goes to /dev/telegram/press and the bot's answer shows like Telegram's toast (or alert).
 */

const REFRESH_MS = 1500;
const TOAST_MS = 2600;

const root = document.getElementById('chats')!;
const status = document.getElementById('status')!;
const toast = document.getElementById('toast')!;
const alertBox = document.getElementById('alert') as HTMLDialogElement;
const busy = new Set<string>();
let lastText = '';
let state: DevState | undefined;
let drawn = false;
let toastTimer: ReturnType<typeof setTimeout> | undefined;

function toDom(node: ViewNode): Node {
  if (typeof node === 'string') return document.createTextNode(node);
  const element = document.createElement(node.tag);
  for (const [name, value] of Object.entries(node.attrs ?? {})) element.setAttribute(name, value);
  for (const child of node.children ?? []) element.append(toDom(child));
  return element;
}

function render(): void {
  if (!state) return;
  // Where each feed was: at the bottom it follows new messages, elsewhere it stays where the reader is.
  const scroll = new Map<string, { top: number; atBottom: boolean }>();
  for (const feed of root.querySelectorAll<HTMLElement>('[data-feed]')) {
    scroll.set(feed.dataset.feed!, {
      top: feed.scrollTop,
      atBottom: feed.scrollHeight - feed.scrollTop - feed.clientHeight < 40,
    });
  }
  root.replaceChildren(...chatsView(state, busy).map(toDom));
  for (const feed of root.querySelectorAll<HTMLElement>('[data-feed]')) {
    const was = scroll.get(feed.dataset.feed!);
    // The first drawing opens each chat at its newest message, as Telegram does.
    feed.scrollTop = !was || was.atBottom || !drawn ? feed.scrollHeight : was.top;
  }
  drawn = true;
}

async function refresh(): Promise<void> {
  try {
    const response = await fetch('/dev/telegram/state', { headers: { accept: 'application/json' }, cache: 'no-store' });
    if (!response.ok) throw new Error(String(response.status));
    const text = await response.text();
    status.textContent = '';
    if (text === lastText) return;
    lastText = text;
    state = JSON.parse(text) as DevState;
    render();
  } catch {
    status.textContent = "Server bilan aloqa yo'q: qayta urinilmoqda…";
  }
}

function showToast(text: string): void {
  toast.textContent = text;
  toast.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    toast.hidden = true;
  }, TOAST_MS);
}

function showAlert(text: string): void {
  alertBox.querySelector('p')!.textContent = text;
  if (typeof alertBox.showModal === 'function') alertBox.showModal();
  else showToast(text);
}

interface PressAnswer {
  answer: { text?: string; show_alert?: boolean } | null;
  message?: string;
}

async function press(button: HTMLButtonElement): Promise<void> {
  const chatId = Number(button.dataset.chat);
  const messageId = Number(button.dataset.message);
  const data = button.dataset.data ?? '';
  const key = buttonKey(chatId, messageId, data);
  if (busy.has(key)) return;
  busy.add(key);
  render();
  try {
    const response = await fetch('/dev/telegram/press', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ chat_id: chatId, message_id: messageId, callback_data: data }),
    });
    const body = (await response.json()) as PressAnswer;
    if (!response.ok) showToast(body.message ?? 'Tugmani bosib bo‘lmadi.');
    else if (!body.answer) showToast('Bot tugma bosilishiga javob bermadi.');
    else if (body.answer.text && body.answer.show_alert) showAlert(body.answer.text);
    else if (body.answer.text) showToast(body.answer.text);
  } catch {
    showToast("Server bilan aloqa yo'q.");
  } finally {
    busy.delete(key);
    lastText = '';
    await refresh();
    render();
  }
}

/** The demo bot out of the channel or back (the next order then fails or reaches it again). */
async function switchMember(button: HTMLButtonElement): Promise<void> {
  button.disabled = true;
  try {
    const response = await fetch('/dev/telegram/member', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ chat_id: Number(button.dataset.chat), member: button.dataset.member === 'join' }),
    });
    if (!response.ok) showToast('Bo‘lmadi.');
    else showToast(button.dataset.member === 'join' ? 'Bot kanalga qaytdi' : 'Bot kanaldan chiqarildi');
  } catch {
    showToast("Server bilan aloqa yo'q.");
  } finally {
    lastText = '';
    await refresh();
    render();
  }
}

root.addEventListener('click', (event) => {
  const target = event.target as Element;
  const member = target.closest<HTMLButtonElement>('button[data-member]');
  if (member) {
    void switchMember(member);
    return;
  }
  const button = target.closest<HTMLButtonElement>('button[data-data]');
  if (button) {
    void press(button);
    return;
  }
  target.closest('.spoiler')?.classList.add('shown');
});
root.addEventListener('keydown', (event) => {
  if (event.key === 'Enter') (event.target as Element).closest('.spoiler')?.classList.add('shown');
});
alertBox.querySelector('button')!.addEventListener('click', () => alertBox.close());

async function loop(): Promise<void> {
  await refresh();
  setTimeout(() => void loop(), REFRESH_MS);
}
void loop();
