import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { badRequest } from '../errors';
import { removeStoredFiles, thumbnailUrl, UPLOADS_URL_PREFIX, uploadsDir } from './storage';

/**
 * The upload pipeline: accept JPEG, PNG or WebP by their bytes (never by name or declared type), re-encode with sharp
 * to WebP — turned upright by its EXIF orientation, all metadata (EXIF, GPS, ICC, XMP) dropped — in a display size and
 * a thumbnail, and store both under random names. Re-encoding also means no uploaded byte is ever served back as is.
 */

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const DISPLAY_SIZE = 1200;
export const THUMBNAIL_SIZE = 320;
/** A 5 MB PNG can decode to gigabytes; 40 megapixels covers any phone camera. */
export const MAX_INPUT_PIXELS = 40_000_000;

export type ImageFormat = 'jpeg' | 'png' | 'webp';

export interface UploadedImage {
  /** As the client named it; only used in error messages. */
  filename: string;
  data: Buffer;
}

/** The format by its magic bytes, or undefined when the bytes are none of the accepted formats. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | undefined {
  const starts = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return undefined;
}

/** A client-chosen file name, made safe to quote in a message. */
function shown(filename: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
  const clean = filename.replace(/[\u0000-\u001f"\\]/g, '').trim();
  return (clean || 'fayl').slice(0, 80);
}

export const notAnImage = (filename: string) =>
  `"${shown(filename)}" fayli rasm emas: faqat JPEG, PNG yoki WebP rasm yuklash mumkin.`;
export const brokenImage = (filename: string) =>
  `"${shown(filename)}" rasmini o'qib bo'lmadi: fayl buzilgan yoki o'lchami juda katta (ko'pi bilan 40 megapiksel).`;

/** 400 for the first file whose bytes are not a JPEG, PNG or WebP. */
export function assertImages(files: UploadedImage[]): void {
  for (const file of files) {
    if (!sniffImageFormat(file.data)) throw badRequest(notAnImage(file.filename));
  }
}

interface Encoded {
  display: Buffer;
  thumbnail: Buffer;
}

async function encode(file: UploadedImage): Promise<Encoded> {
  if (!sniffImageFormat(file.data)) throw badRequest(notAnImage(file.filename));
  try {
    // failOn 'error': phone JPEGs often carry harmless warnings; only undecodable data is refused.
    const source = sharp(file.data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient();
    const inside = (size: number) => ({ width: size, height: size, fit: 'inside' as const, withoutEnlargement: true });
    const [display, thumbnail] = await Promise.all([
      source.clone().resize(inside(DISPLAY_SIZE)).webp({ quality: 82 }).toBuffer(),
      source.clone().resize(inside(THUMBNAIL_SIZE)).webp({ quality: 75 }).toBuffer(),
    ]);
    return { display, thumbnail };
  } catch {
    throw badRequest(brokenImage(file.filename));
  }
}

/**
 * Re-encodes and stores every file, all or nothing: every file is encoded before anything is written, and a failed
 * write removes what was written. Answers the public URLs (`/uploads/<random>.webp`), in the order given.
 */
export async function storeImages(dataDir: string, files: UploadedImage[]): Promise<string[]> {
  const encoded: Encoded[] = [];
  // One at a time: sharp already uses every core for one image, and memory stays bounded.
  for (const file of files) encoded.push(await encode(file));
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const urls: string[] = [];
  try {
    for (const image of encoded) {
      const url = `${UPLOADS_URL_PREFIX}${randomBytes(16).toString('hex')}.webp`;
      urls.push(url);
      // 'wx': never overwrite; 128 random bits make a collision practically impossible anyway.
      await writeFile(join(dir, url.slice(UPLOADS_URL_PREFIX.length)), image.display, { flag: 'wx' });
      await writeFile(join(dir, thumbnailUrl(url).slice(UPLOADS_URL_PREFIX.length)), image.thumbnail, { flag: 'wx' });
    }
  } catch (error) {
    await removeStoredFiles(dataDir, urls);
    throw error;
  }
  return urls;
}

export async function storeImage(dataDir: string, file: UploadedImage): Promise<string> {
  const [url] = await storeImages(dataDir, [file]);
  return url!;
}
