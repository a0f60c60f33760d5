import type { Held, Network } from './network';

/**
 * The calls a machine's invokes make, held while the screen is checked in the invoking state. `onInvoke` arms the
 * hold (tests/support/paths.ts calls it one step ahead); a done/error fixture then `take`s the held call and lets it
 * go, fails it or drops it.
 */
export class HeldCalls<Id extends string> {
  private held = new Map<Id, Held>();

  constructor(
    private readonly net: Network,
    private readonly table: Record<Id, [method: string, path: string | RegExp]>,
  ) {}

  /** For runPathOnScreen's `onInvoke`. */
  arm(id: string): void {
    const entry = this.table[id as Id];
    if (!entry) throw new Error(`no call is known for invoke ${id}`);
    this.held.set(id as Id, this.net.hold(entry[0], entry[1]));
  }

  /** The held call of an invoke, forgotten once taken. */
  take(id: Id): Held {
    const held = this.held.get(id);
    if (!held) throw new Error(`no ${id} call is held`);
    this.held.delete(id);
    return held;
  }

  isHeld(id: Id): boolean {
    return this.held.has(id);
  }
}
