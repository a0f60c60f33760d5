import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * The display's one clock: every timer on the screen reads the same moment, so an order shows one age in both columns,
 * and a tick re-renders only what changed with it (a timer's text, a card whose colour turns), not the cards around
 * them. Sixty cards each with a clock of their own re-rendered whole, out of step, every second.
 */
export interface KitchenClock {
  /** The device's time at the last tick. */
  now(): number;
  subscribe(listener: () => void): () => void;
  /** Starts ticking every `everyMs`; the returned function stops it. */
  start(everyMs?: number): () => void;
}

export function createKitchenClock(): KitchenClock {
  let now = Date.now();
  const listeners = new Set<() => void>();
  return {
    now: () => now,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start(everyMs = 1000) {
      const timer = setInterval(() => {
        now = Date.now();
        for (const listener of listeners) listener();
      }, everyMs);
      return () => clearInterval(timer);
    },
  };
}

export const KitchenClockContext = createContext<KitchenClock | null>(null);

/**
 * What a component reads of the clock: `read(now)` must answer a value that stays equal (a number, a string) until
 * it changes for the screen; the component renders again only then.
 */
export function useClockValue<T extends string | number>(read: (now: number) => T): T {
  const clock = useContext(KitchenClockContext);
  if (!clock) throw new Error('useClockValue outside the kitchen display');
  return useSyncExternalStore(clock.subscribe, () => read(clock.now()));
}
