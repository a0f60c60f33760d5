import { aliveKey, closeKey, type TillState, tillView, type ViewNode } from './dev-view';

/**
 * The /dev/iiko page's script (bundled by esbuild, served as a file: the page's CSP allows no inline script). Every
 * ~1.5 s it reads /dev/iiko/state and, when it changed, redraws the till from dev-view.ts's tree with DOM calls only
 * (every name is a text node); "Yopish" closes a check (/dev/iiko/close), the switch turns a till off or on
 * (/dev/iiko/alive), and the outcome shows as a toast.
 */

const REFRESH_MS = 1500;
const TOAST_MS = 2600;

const root = document.getElementById('till')!;
const status = document.getElementById('status')!;
const toast = document.getElementById('toast')!;
const busy = new Set<string>();
let lastText = '';
let state: TillState | undefined;
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
  root.replaceChildren(...tillView(state, busy).map(toDom));
}

async function refresh(): Promise<void> {
  try {
    const response = await fetch('/dev/iiko/state', { headers: { accept: 'application/json' }, cache: 'no-store' });
    if (!response.ok) throw new Error(String(response.status));
    const text = await response.text();
    status.textContent = '';
    if (text === lastText) return;
    lastText = text;
    state = JSON.parse(text) as TillState;
    render();
  } catch {
    status.textContent = "Kassa simulyatori bilan aloqa yo'q: qayta urinilmoqda…";
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

/** One of the page's calls with the button's key busy meanwhile; answers the toast for a success. */
async function act(key: string, url: string, body: object, done: string): Promise<void> {
  if (busy.has(key)) return;
  busy.add(key);
  render();
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.ok) showToast(done);
    else {
      const answer = (await response.json().catch(() => ({}))) as { message?: string };
      showToast(answer.message ?? "Bo'lmadi. Qayta urinib ko'ring.");
    }
  } catch {
    showToast("Server bilan aloqa yo'q.");
  } finally {
    busy.delete(key);
    lastText = '';
    await refresh();
    render();
  }
}

root.addEventListener('click', (event) => {
  const target = event.target as Element;
  const close = target.closest<HTMLButtonElement>('button[data-close]');
  if (close) {
    const orderId = close.dataset.close!;
    void act(closeKey(orderId), '/dev/iiko/close', { order_id: orderId }, 'Chek yopildi');
    return;
  }
  const power = target.closest<HTMLButtonElement>('button[data-alive]');
  if (power) {
    const groupId = power.dataset.group!;
    const alive = power.dataset.alive === 'on';
    void act(
      aliveKey(groupId),
      '/dev/iiko/alive',
      { terminal_group_id: groupId, alive },
      alive
        ? 'Kassa yoqildi: kutayotgan buyurtmalar kassaga tushadi'
        : "Kassa o'chirildi: yangi buyurtmalar kutib turadi",
    );
  }
});

async function loop(): Promise<void> {
  await refresh();
  setTimeout(() => void loop(), REFRESH_MS);
}
void loop();
