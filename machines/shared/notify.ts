/** What a machine asks React to show as a toast (spec section 9: 2000 ms, sync errors 5000 ms). */
export interface Notice {
  kind: 'success' | 'error' | 'info';
  text: string;
  /** Milliseconds before it closes; default 2000. */
  durationMs?: number;
}

export const TOAST_MS = 2000;
export const SYNC_ERROR_TOAST_MS = 5000;
