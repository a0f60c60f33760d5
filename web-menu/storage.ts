/**
 * Web Storage that never throws: Safari's private mode, a full quota or storage blocked by the browser's settings
 * make getItem/setItem throw, and a cart that cannot be remembered must still work for this visit.
 */
type Area = 'sessionStorage' | 'localStorage';

function area(name: Area): Storage | undefined {
  try {
    return window[name];
  } catch {
    return undefined;
  }
}

export function readJson<T>(name: Area, key: string): T | undefined {
  try {
    const text = area(name)?.getItem(key);
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
}

export function writeJson(name: Area, key: string, value: unknown): void {
  try {
    area(name)?.setItem(key, JSON.stringify(value));
  } catch {
    // Not remembered: the page still works until it is closed.
  }
}

export function forget(name: Area, key: string): void {
  try {
    area(name)?.removeItem(key);
  } catch {
    // Nothing to do: it could not have been written either.
  }
}
