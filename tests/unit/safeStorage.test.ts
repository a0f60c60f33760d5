import { describe, expect, it } from 'vitest';
import { createSafeStorage, type KeyValueStorage } from '../../client/safeStorage';

/** A working browser storage (what Storage does, over a Map) whose writes can be made to fail like a full one. */
function browserStore() {
  const items = new Map<string, string>();
  const control = { full: false };
  const storage: KeyValueStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      if (control.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
  return { storage, items, control };
}

const blocked = (): KeyValueStorage => {
  throw new DOMException('The access to localStorage is denied for this document.', 'SecurityError');
};

describe('safe storage', () => {
  it('uses the browser storage when it works', () => {
    const browser = browserStore();
    const storage = createSafeStorage(() => browser.storage);
    storage.setItem('accessToken', 'ey.token');
    expect(browser.items.get('accessToken')).toBe('ey.token');
    expect(storage.getItem('accessToken')).toBe('ey.token');
    storage.removeItem('accessToken');
    expect(browser.items.has('accessToken')).toBe(false);
    expect(storage.getItem('accessToken')).toBeNull();
  });

  it('keeps values in memory when reading window.localStorage throws (blocked site data)', () => {
    const storage = createSafeStorage(blocked);
    expect(storage.getItem('accessToken')).toBeNull();
    storage.setItem('accessToken', 'ey.token');
    storage.setItem('restaurantId', 'r1');
    expect(storage.getItem('accessToken')).toBe('ey.token');
    expect(storage.getItem('restaurantId')).toBe('r1');
    storage.removeItem('accessToken');
    expect(storage.getItem('accessToken')).toBeNull();
    expect(storage.getItem('restaurantId')).toBe('r1');
  });

  it('keeps values in memory where there is no storage at all', () => {
    const storage = createSafeStorage(() => undefined);
    storage.setItem('categoryOrder_r1', '["a","b"]');
    expect(storage.getItem('categoryOrder_r1')).toBe('["a","b"]');
    storage.removeItem('categoryOrder_r1');
    expect(storage.getItem('categoryOrder_r1')).toBeNull();
  });

  it('a write refused for quota is read back from memory, not as the stale stored value', () => {
    const browser = browserStore();
    const storage = createSafeStorage(() => browser.storage);
    storage.setItem('accessToken', 'old');
    browser.control.full = true;
    storage.setItem('accessToken', 'new');
    expect(browser.items.get('accessToken')).toBe('old');
    expect(storage.getItem('accessToken')).toBe('new');

    // Once the browser accepts a write again, it holds the value and memory lets go of it.
    browser.control.full = false;
    storage.setItem('accessToken', 'newer');
    expect(browser.items.get('accessToken')).toBe('newer');
    browser.items.set('accessToken', 'changed by another tab');
    expect(storage.getItem('accessToken')).toBe('changed by another tab');
  });

  it('a removal the browser refuses still reads as removed', () => {
    const browser = browserStore();
    let refuse = false;
    const storage = createSafeStorage(() => {
      if (refuse) return blocked();
      return browser.storage;
    });
    storage.setItem('accessToken', 'ey.token');
    refuse = true;
    storage.removeItem('accessToken');
    refuse = false;
    expect(browser.items.get('accessToken')).toBe('ey.token');
    expect(storage.getItem('accessToken')).toBeNull();
  });
});
