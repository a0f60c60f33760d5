import type { ImageStore } from './image-store';
import { publicImageUrl, storedKeyOf } from './storage';

/**
 * The API's image addresses with a bucket store. The database keeps keys (`/uploads/<name>.webp`); a browser must be
 * given the bucket's public address instead, and the panel sends back what it was given (a product's `images`). So
 * every JSON answer has its keys turned into public addresses, and every JSON body has public addresses of this store
 * turned back into keys, before validation: a route, a use case and the database only ever see keys.
 */

type Mapping = (text: string) => string;

/**
 * A copy of `value` with every string mapped, sharing what did not change: an answer may be an object a cache keeps,
 * which must not be rewritten in place. Only plain objects and arrays are walked (a Date, a Buffer stay as they are).
 */
export function mapStrings(value: unknown, mapping: Mapping): unknown {
  if (typeof value === 'string') return mapping(value);
  if (Array.isArray(value)) {
    const mapped = value.map((item) => mapStrings(item, mapping));
    return mapped.some((item, i) => item !== value[i]) ? mapped : value;
  }
  if (value === null || typeof value !== 'object') return value;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const entries = Object.entries(value);
  const mapped = entries.map(([key, item]) => [key, mapStrings(item, mapping)] as const);
  return mapped.some(([, item], i) => item !== entries[i]![1]) ? Object.fromEntries(mapped) : value;
}

/** An answer with its stored image keys as the store's public addresses. */
export function withPublicImageUrls(store: ImageStore, payload: unknown): unknown {
  return mapStrings(payload, (text) => publicImageUrl(store, text));
}

/** A request body with the store's public addresses as keys again. */
export function withStoredImageKeys(store: ImageStore, body: unknown): unknown {
  return mapStrings(body, (text) => storedKeyOf(store, text));
}
