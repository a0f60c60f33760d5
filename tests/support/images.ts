import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
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

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A black 8-bit greyscale PNG written byte by byte, because sharp will not create every shape an attacker can: all rows
 * are zeros, so it compresses to almost nothing (1 × 39,000,000 pixels is a 76 KB file).
 */
export function blackPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth; colour type, compression, filter and interlace stay 0 (greyscale, standard, none)
  // Each row is a filter byte (0) and `width` black pixels.
  const rows = Buffer.alloc((width + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

let heavy: Promise<Buffer> | undefined;
/**
 * The slowest image the limits still allow that we know of: 8000 × 5000 (40 megapixels), 16-bit RGBA, interlaced,
 * so it must be decoded whole before it can be shrunk (~2 s of one core here) — yet it is a 1.7 MB file. Made once.
 */
export function heavyPng(): Promise<Buffer> {
  heavy ??= sharp({ create: { width: 8000, height: 5000, channels: 4, background: '#2e86de80' } })
    .toColourspace('rgb16')
    .png({ progressive: true })
    .toBuffer();
  return heavy;
}

let slow: Promise<Buffer> | undefined;
/**
 * Slower still, for the time limit's test: the same 40 megapixels, 16-bit and interlaced, but of random bytes, so
 * inflating its 230 MB is real work too. heavyPng's single colour now decodes in about 1.0-1.1 s here, a coin toss
 * against a 1 s limit; this one is stopped at 1.4-1.9 s every time. Made once (about 4 s; libvips' gaussian noise took
 * 9 s for the same decoding time), kept in memory only.
 */
export function slowPng(): Promise<Buffer> {
  const [width, height, channels] = [8000, 5000, 3] as const;
  slow ??= sharp(randomBytes(width * height * channels), { raw: { width, height, channels } })
    .toColourspace('rgb16')
    .png({ progressive: true, compressionLevel: 1 })
    .toBuffer();
  return slow;
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
