/** The part of the Web Storage API the panel uses. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * A storage that never throws. Browsers refuse storage in ways that throw: with site data blocked (some private modes,
 * embedded views) merely reading `window.localStorage` throws SecurityError, and a full or zero-quota storage throws
 * QuotaExceededError on setItem. What the browser refuses to keep is kept in memory instead, so the panel still works
 * for this page's life (the token too; a reload then logs out, as it must when nothing may be stored).
 *
 * `browserStorage` is asked on every call rather than once, because access can be refused for one write (quota) and
 * granted for the next. A value held in memory (or a removal the browser refused, held as `null`) wins over the
 * browser's copy, which may be stale, until the browser accepts a later write of that key.
 */
export function createSafeStorage(browserStorage: () => KeyValueStorage | undefined): KeyValueStorage {
  const heldInMemory = new Map<string, string | null>();
  return {
    getItem(key) {
      if (heldInMemory.has(key)) return heldInMemory.get(key) ?? null;
      try {
        return browserStorage()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    setItem(key, value) {
      try {
        const storage = browserStorage();
        if (!storage) throw new Error('no storage');
        storage.setItem(key, value);
        heldInMemory.delete(key);
      } catch {
        heldInMemory.set(key, value);
      }
    },
    removeItem(key) {
      try {
        browserStorage()?.removeItem(key);
        heldInMemory.delete(key);
      } catch {
        heldInMemory.set(key, null);
      }
    },
  };
}

/** The page's localStorage, safe to use where it is blocked; every read and write of the panel goes through it. */
export const safeLocalStorage = createSafeStorage(() => globalThis.localStorage);
