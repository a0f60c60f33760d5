import type { Db, Tx } from '../db/client';

/**
 * What must follow a committed change, and only a committed one: the public menu's caches dropped (in every process),
 * the outbox sender woken. A use case records them on its Work while it writes; the unit of work runs them once the
 * transaction committed, each once, and runs none when it rolled back (a refused or failed write changed nothing a
 * cache or a sender should hear of).
 */
export interface AfterCommit {
  menuChanged(restaurantId: string): void;
  /** Rows were written to an outbox (Telegram, the till): deliver now rather than at the next tick. */
  outboxWritten(): void;
}

/** One transaction of a use case and what it asks to happen after the commit. */
export interface Work {
  tx: Tx;
  /** The public menu of this restaurant changes with this transaction. */
  menuChanged(restaurantId: string): void;
  /** This transaction writes to an outbox. */
  outboxWritten(): void;
  /** Anything else that must wait for the commit (files of removed rows deleted): awaited after the commit, in order. */
  afterCommit(effect: () => Promise<void> | void): void;
}

export type RunWork = <T>(work: (w: Work) => Promise<T>) => Promise<T>;

/** Runs each use case's writes in one transaction, then its after-commit effects (unitOfWork's rule above). */
export function unitOfWork(db: Db, effects: AfterCommit): RunWork {
  return async (work) => {
    const menus = new Set<string>();
    const later: Array<() => Promise<void> | void> = [];
    let outbox = false;
    const result = await db.transaction((tx) =>
      work({
        tx,
        menuChanged: (restaurantId) => menus.add(restaurantId),
        outboxWritten: () => {
          outbox = true;
        },
        afterCommit: (effect) => later.push(effect),
      }),
    );
    for (const restaurantId of menus) effects.menuChanged(restaurantId);
    if (outbox) effects.outboxWritten();
    for (const effect of later) await effect();
    return result;
  };
}
