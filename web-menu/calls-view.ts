import { callStaff } from './api';
import type { PageConfig } from './dom';

/**
 * "Ofitsiantni chaqirish" and "Hisobni so'rash": POST /menu/{slug}/calls, the answer in the status line under them
 * (role=status). The server answers a repeat within a minute with 429: the staff already know, which is said kindly,
 * in the words of that call (the bill's repeat is not the waiter's).
 */
export function callsView(
  config: PageConfig,
  tableId: string,
  refusal: (status: number) => string | undefined,
  device: string,
) {
  const box = document.querySelector<HTMLElement>('.oc');
  const line = box?.querySelector<HTMLElement>('.om');
  if (!box || !line) return;
  const { t } = config;
  box.hidden = false;
  box.addEventListener('click', async (e) => {
    const button = (e.target as Element).closest<HTMLButtonElement>('button[data-call]');
    if (!button || button.disabled) return;
    const type = button.dataset.call === 'bill' ? 'bill' : 'waiter';
    button.disabled = true;
    const answer = await callStaff(config.slug, tableId, type, device);
    button.disabled = false;
    if (answer.kind === 'ok') line.textContent = type === 'bill' ? t.billAsked : t.waiterCalled;
    else if (answer.kind === 'refused' && answer.status === 429)
      line.textContent = type === 'bill' ? t.billRepeat : t.callRepeat;
    else if (answer.kind === 'network') line.textContent = t.offline;
    else if (answer.kind === 'closed') line.textContent = t.callClosed;
    else line.textContent = (answer.kind === 'refused' && refusal(answer.status)) || t.callFailed;
  });
}
