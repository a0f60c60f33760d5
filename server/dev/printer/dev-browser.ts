import type { ViewNode } from '../pos/dev-view';
import { type PrinterPageState, printerView } from './dev-view';

/**
 * The /dev/printer page's script (bundled by esbuild, served as a file: the page's CSP allows no inline script). Every
 * second it reads /dev/printer/state and, when it changed, redraws the page from dev-view.ts's tree with DOM calls only
 * (every printed text is a text node); the switch turns the printer off or on (/dev/printer/power).
 */

const REFRESH_MS = 1000;

const root = document.getElementById('printer')!;
const status = document.getElementById('status')!;
let lastText = '';
let state: PrinterPageState | undefined;
let busy = false;

// The same few lines as the till page's (server/dev/pos/dev-browser.ts), which runs on load and cannot be imported.
function toDom(node: ViewNode): Node {
  if (typeof node === 'string') return document.createTextNode(node);
  const element = document.createElement(node.tag);
  for (const [name, value] of Object.entries(node.attrs ?? {})) element.setAttribute(name, value);
  for (const child of node.children ?? []) element.append(toDom(child));
  return element;
}

function render(): void {
  if (state) root.replaceChildren(...printerView(state, busy).map(toDom));
}

async function refresh(): Promise<void> {
  try {
    const response = await fetch('/dev/printer/state', { headers: { accept: 'application/json' }, cache: 'no-store' });
    if (!response.ok) throw new Error(String(response.status));
    const text = await response.text();
    status.textContent = '';
    if (text === lastText) return;
    lastText = text;
    state = JSON.parse(text) as PrinterPageState;
    render();
  } catch {
    status.textContent = "Server bilan aloqa yo'q: qayta urinilmoqda…";
  }
}

async function switchPower(on: boolean): Promise<void> {
  if (busy) return;
  busy = true;
  render();
  try {
    const response = await fetch('/dev/printer/power', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ on }),
    });
    status.textContent = response.ok ? '' : "Printerni o'zgartirib bo'lmadi.";
  } catch {
    status.textContent = "Server bilan aloqa yo'q.";
  } finally {
    busy = false;
    lastText = '';
    await refresh();
    render();
  }
}

root.addEventListener('click', (event) => {
  const power = (event.target as Element).closest<HTMLButtonElement>('button[data-power]');
  if (power) void switchPower(power.dataset.power === 'on');
});

async function loop(): Promise<void> {
  await refresh();
  setTimeout(() => void loop(), REFRESH_MS);
}
void loop();
