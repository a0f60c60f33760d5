import { basename } from 'node:path';
import type { ImageStore } from './image-store';
import { bucketPublicBases, imageStoreFor, uploadsDir } from './stores';

/**
 * Stored images by their key, the value the database keeps: `/uploads/<name>.webp` (display size) with a thumbnail
 * `/uploads/<name>-thumb.webp` beside it; both go when the image is removed. The key names the file whatever the store
 * (stores.ts); a browser is given the store's public address instead (publicImageUrl).
 */
export const UPLOADS_URL_PREFIX = '/uploads/';
export { uploadsDir };

/** The thumbnail URL of a stored image URL (a key or a public address: the thumbnail is always beside its image). */
export function thumbnailUrl(url: string): string {
  return url.replace(/\.webp$/, '-thumb.webp');
}

/** A name we generate ([a-z0-9-] + .webp): nothing else is ever looked up, so a value cannot escape the store. */
export const STORED_NAME = /^[a-z0-9-]+\.webp$/;

/** The file name of a stored image key, or undefined for anything that is not one. */
export function storedNameOf(url: string): string | undefined {
  if (!url.startsWith(UPLOADS_URL_PREFIX)) return undefined;
  const name = basename(url);
  return STORED_NAME.test(name) && url === `${UPLOADS_URL_PREFIX}${name}` ? name : undefined;
}

/** The file names of stored image keys: each image and its thumbnail. */
export function storedFileNames(urls: Iterable<string | null | undefined>): string[] {
  const names: string[] = [];
  for (const url of urls) {
    const name = url ? storedNameOf(url) : undefined;
    if (name) names.push(name, thumbnailUrl(name));
  }
  return names;
}

/** Removes stored images (and their thumbnails). Missing files are fine: the goal is that they are gone. */
export async function removeStoredFiles(dataDir: string, urls: Iterable<string | null | undefined>): Promise<void> {
  const names = storedFileNames(urls);
  if (names.length > 0) await imageStoreFor(dataDir).remove(names);
}

/** True for a URL this server stored (`/uploads/<random>.webp`): what an API may accept as an image reference. */
export function isStoredImageUrl(url: string): boolean {
  return storedNameOf(url) !== undefined && !url.endsWith('-thumb.webp');
}

/**
 * Stored image URLs among `urls` whose file is not in the store: a product may only point at an image that exists (one
 * uploaded and abandoned for a day is swept, see sweep.ts). URLs that are not ours are not this check's business.
 */
export async function missingStoredImages(dataDir: string, urls: Iterable<string>): Promise<string[]> {
  const store = imageStoreFor(dataDir);
  const checks = [...new Set(urls)].map(async (url) => {
    const name = storedNameOf(url);
    if (!name) return undefined;
    return (await store.exists(name)) ? undefined : url;
  });
  return (await Promise.all(checks)).filter((url): url is string => url !== undefined);
}

/** Where a browser fetches a stored image key; any other value (a POS picture's URL) is answered as it is. */
export function publicImageUrl(store: ImageStore, url: string): string {
  const name = storedNameOf(url);
  return name ? store.publicUrl(name) : url;
}

/** The key of a store's public address (`<S3_PUBLIC_URL>/<name>` → `/uploads/<name>`); any other value as it is. */
export function storedKeyOf(store: ImageStore, url: string): string {
  const base = store.publicUrl('');
  if (!url.startsWith(base)) return url;
  const name = url.slice(base.length);
  return STORED_NAME.test(name) ? `${UPLOADS_URL_PREFIX}${name}` : url;
}

/** True for a bucket's public address of an image we stored (so a thumbnail is beside it). */
export function isOwnPublicImageUrl(url: string): boolean {
  return bucketPublicBases().some((base) => url.startsWith(base) && STORED_NAME.test(url.slice(base.length)));
}
