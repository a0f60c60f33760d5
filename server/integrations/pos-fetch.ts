import { cleanPosMenu } from './clean-text';
import { PosError, type PosMenu, type PosProvider, type PosStopEntry } from './provider';

/** How long a sync (or an import) may take in all, asking the POS included. */
export const DEFAULT_SYNC_TIMEOUT_MS = 60_000;

/** A time budget: one signal that aborts every POS call when it runs out (or when a sibling call failed). */
export class Budget {
  readonly deadline: number;
  private readonly controller = new AbortController();
  readonly signal: AbortSignal;
  constructor(ms: number) {
    this.deadline = Date.now() + ms;
    this.signal = AbortSignal.any([AbortSignal.timeout(ms), this.controller.signal]);
  }
  get call() {
    return { signal: this.signal, deadline: this.deadline };
  }
  /** Stops the other calls still running once one failed. */
  cancel() {
    this.controller.abort();
  }
  /** A POS that answered only after the budget ran out changes nothing: its answer is not written. */
  ensureLeft() {
    if (Date.now() >= this.deadline) throw new PosError('timeout', 'the time budget ran out before writing');
  }
}

/** What a sync writes: the POS's menu (its texts cleaned) and its stop-list. */
export interface PosSnapshot {
  menu: PosMenu;
  stopList: PosStopEntry[];
}

/** Menu and stop-list at once; the first failure cancels the other call. */
export async function fetchSnapshot(
  provider: PosProvider,
  organizationId: string,
  budget: Budget,
): Promise<PosSnapshot> {
  const cancelOnFailure = <T>(promise: Promise<T>) =>
    promise.catch((error: unknown) => {
      budget.cancel();
      throw error;
    });
  const [menu, stopList] = await Promise.all([
    cancelOnFailure(provider.fetchMenu(organizationId, budget.call)),
    cancelOnFailure(provider.fetchStopList(organizationId, budget.call)),
  ]);
  return { menu: cleanPosMenu(menu), stopList };
}
