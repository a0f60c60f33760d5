import { access, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';

/**
 * Where uploaded images live and how their public URLs map to files. A stored image is `/uploads/<name>.webp`
 * (display size) with a thumbnail `/uploads/<name>-thumb.webp` beside it; both go when the image is removed.
 */
export const UPLOADS_URL_PREFIX = '/uploads/';

export function uploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

/** The thumbnail URL of a stored image URL. */
export function thumbnailUrl(url: string): string {
  return url.replace(/\.webp$/, '-thumb.webp');
}

/** Only names we generated ([a-z0-9-] + .webp) are ever touched: a URL from the database cannot escape the folder. */
function fileNameOf(url: string): string | undefined {
  if (!url.startsWith(UPLOADS_URL_PREFIX)) return undefined;
  const name = basename(url);
  return /^[a-z0-9-]+\.webp$/.test(name) ? name : undefined;
}

/** Removes stored images (and their thumbnails). Missing files are fine: the goal is that they are gone. */
export async function removeStoredFiles(dataDir: string, urls: Iterable<string | null | undefined>): Promise<void> {
  const dir = uploadsDir(dataDir);
  const jobs: Promise<void>[] = [];
  for (const url of urls) {
    if (!url) continue;
    const name = fileNameOf(url);
    if (!name) continue;
    jobs.push(rm(join(dir, name), { force: true }));
    jobs.push(rm(join(dir, name.replace(/\.webp$/, '-thumb.webp')), { force: true }));
  }
  await Promise.all(jobs);
}

/** True for a URL this server stored (`/uploads/<random>.webp`): what an API may accept as an image reference. */
export function isStoredImageUrl(url: string): boolean {
  return (
    fileNameOf(url) !== undefined && !url.endsWith('-thumb.webp') && url === `${UPLOADS_URL_PREFIX}${basename(url)}`
  );
}

/**
 * Stored image URLs among `urls` whose file is not on disk: a product may only point at an image that exists (one
 * uploaded and abandoned for a day is swept, see sweep.ts). URLs that are not ours are not this check's business.
 */
export async function missingStoredImages(dataDir: string, urls: Iterable<string>): Promise<string[]> {
  const dir = uploadsDir(dataDir);
  const checks = [...new Set(urls)].map(async (url) => {
    const name = fileNameOf(url);
    if (!name) return undefined;
    return access(join(dir, name)).then(
      () => undefined,
      () => url,
    );
  });
  return (await Promise.all(checks)).filter((url): url is string => url !== undefined);
}
