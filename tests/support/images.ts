import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { thumbnailUrl, UPLOADS_URL_PREFIX, uploadsDir } from '../../server/uploads/storage';

/** Real images made with sharp for upload tests, and helpers to look at what the server stored. */

export interface ImageOptions {
  width?: number;
  height?: number;
  color?: string;
}

function canvas({ width = 400, height = 300, color = '#2e86de' }: ImageOptions = {}) {
  return sharp({ create: { width, height, channels: 3, background: color } });
}

export const pngImage = (options?: ImageOptions) => canvas(options).png().toBuffer();
export const jpegImage = (options?: ImageOptions) => canvas(options).jpeg().toBuffer();
export const webpImage = (options?: ImageOptions) => canvas(options).webp().toBuffer();

/** EXIF a phone would write: a camera, an owner and GPS coordinates. None of it may survive an upload. */
export const SECRET_EXIF = {
  IFD0: { Make: 'TestCam', Model: 'Secret Model X', Artist: 'Secret Owner', Copyright: 'Secret Copyright' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 18/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '69/1 16/1 0/1' },
};

/**
 * A 300x200 JPEG carrying EXIF (camera, owner, GPS) and orientation 6 ("rotate 90° clockwise to display"): shown
 * upright it is 200x300.
 */
export function jpegWithExif(): Promise<Buffer> {
  return canvas({ width: 300, height: 200, color: '#e67e22' })
    .jpeg()
    .withExif(SECRET_EXIF)
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A PNG of random noise: it barely compresses, so 1400x1400 is well over 5 MB. */
export function noisyPng(size = 1400): Promise<Buffer> {
  return sharp({
    create: {
      width: size,
      height: size,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export interface FilePart {
  data: Buffer | string;
  filename: string;
  type?: string;
}

/** A multipart form as a browser builds it: every file under `files` plus the given text fields. */
export function uploadForm(files: FilePart[], fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    const bytes = typeof file.data === 'string' ? Buffer.from(file.data) : file.data;
    form.append('files', new Blob([new Uint8Array(bytes)], { type: file.type ?? 'image/png' }), file.filename);
  }
  return form;
}

/** The path on disk of a stored image URL (or of its thumbnail). */
export function storedPath(dataDir: string, url: string, thumbnail = false): string {
  const name = (thumbnail ? thumbnailUrl(url) : url).slice(UPLOADS_URL_PREFIX.length);
  return join(uploadsDir(dataDir), name);
}

export function storedFiles(dataDir: string): string[] {
  const dir = uploadsDir(dataDir);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}
