import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { badRequest } from '../errors';
import { messages } from '../messages';
import { assertDimensions, MAX_PIXELS } from './dimensions';
import { IMAGE_TIMEOUT_SECONDS, ImageWorkRefused, isSharpTimeout, runImageWork } from './image-work';
import { removeStoredFiles, thumbnailUrl, UPLOADS_URL_PREFIX } from './storage';
import { imageStoreFor } from './stores';
import { shown, type UploadedImage } from './uploaded-image';

/**
 * The upload pipeline: accept JPEG, PNG or WebP by their bytes (never by name or declared type), re-encode with sharp
 * to WebP — turned upright by its EXIF orientation, all metadata (EXIF, GPS, ICC, XMP) dropped — in a display size and
 * a thumbnail, and store both under random names. Re-encoding also means no uploaded byte is ever served back as is.
 * Dimensions beyond what a menu needs are refused first (dimensions.ts); the work itself is queued (image-work.ts).
 */

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const DISPLAY_SIZE = 1200;
export const THUMBNAIL_SIZE = 320;

export type ImageFormat = 'jpeg' | 'png' | 'webp';
export type { UploadedImage };

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

/** 400 for the first file whose bytes are not a JPEG, PNG or WebP. */
export function assertImages(files: UploadedImage[]): void {
  for (const file of files) {
    if (!sniffImageFormat(file.data)) throw badRequest(messages.notAnImage(shown(file.filename)));
  }
}

/** One image re-encoded: the display-size WebP and its thumbnail, not yet written anywhere. */
export interface EncodedImage {
  display: Buffer;
  thumbnail: Buffer;
}

export interface ImageWorkOptions {
  /** Per image; the server's limit unless a test needs a shorter one. */
  timeoutSeconds?: number;
}

const inside = (size: number) => ({ width: size, height: size, fit: 'inside' as const, withoutEnlargement: true });

/**
 * Decodes once, to display size, and makes both WebPs from those pixels, one step after the other (one pool thread;
 * decoding is nearly all of the work: decoding the original once for each of them would double it).
 */
async function encode(file: UploadedImage, timeoutSeconds: number): Promise<EncodedImage> {
  const timeout = { seconds: timeoutSeconds };
  try {
    // failOn 'error': phone JPEGs often carry harmless warnings; only undecodable data is refused. The pixel limit
    // repeats dimensions.ts's as a last guard, should a header read there and the decoder ever disagree.
    const { data, info } = await sharp(file.data, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize(inside(DISPLAY_SIZE))
      .timeout(timeout)
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const display = await pixels().timeout(timeout).webp({ quality: 82 }).toBuffer();
    const thumbnail = await pixels().resize(inside(THUMBNAIL_SIZE)).timeout(timeout).webp({ quality: 75 }).toBuffer();
    return { display, thumbnail };
  } catch (error) {
    if (isSharpTimeout(error)) throw new ImageWorkRefused(messages.imageTooSlow(shown(file.filename), timeoutSeconds));
    // Dimensions were checked from the header already (dimensions.ts): what the decoder still refuses is broken data.
    throw badRequest(messages.brokenImage(shown(file.filename)));
  }
}

/**
 * Re-encodes every file, all or nothing: every file is checked (format, then dimensions from its header) before any is
 * decoded. The encoding waits its turn in the image queue (image-work.ts): 503 when that queue is full or an image
 * takes too long. Answers the encoded images in the order given.
 */
export async function encodeImages(
  files: UploadedImage[],
  { timeoutSeconds = IMAGE_TIMEOUT_SECONDS }: ImageWorkOptions = {},
): Promise<EncodedImage[]> {
  assertImages(files);
  // Before queueing: a refused image never waits for, nor delays, anyone's image work.
  await assertDimensions(files);
  return runImageWork(async () => {
    const done: EncodedImage[] = [];
    for (const file of files) done.push(await encode(file, timeoutSeconds));
    return done;
  });
}

/**
 * Writes encoded images under fresh random names in the app's store (the folder DATA_DIR/uploads or a bucket), all or
 * nothing: a failed write removes what was written. Answers the keys (`/uploads/<random>.webp`), in the order given.
 */
export async function writeEncodedImages(dataDir: string, encoded: EncodedImage[]): Promise<string[]> {
  const store = imageStoreFor(dataDir);
  const urls: string[] = [];
  try {
    for (const image of encoded) {
      const name = `${randomBytes(16).toString('hex')}.webp`;
      urls.push(`${UPLOADS_URL_PREFIX}${name}`);
      // Side by side: to a bucket each write is a round trip.
      await Promise.all([store.put(name, image.display), store.put(thumbnailUrl(name), image.thumbnail)]);
    }
  } catch (error) {
    // A store that failed the write may fail this too: what stays behind is swept as an abandoned upload (sweep.ts).
    await removeStoredFiles(dataDir, urls).catch(() => undefined);
    throw error;
  }
  return urls;
}

/**
 * Re-encodes and stores every file, all or nothing: every file is encoded (encodeImages) before anything is written
 * (writeEncodedImages). Answers the keys (`/uploads/<random>.webp`), in the order given.
 */
export async function storeImages(
  dataDir: string,
  files: UploadedImage[],
  options: ImageWorkOptions = {},
): Promise<string[]> {
  return writeEncodedImages(dataDir, await encodeImages(files, options));
}

export async function storeImage(dataDir: string, file: UploadedImage): Promise<string> {
  const [url] = await storeImages(dataDir, [file]);
  return url!;
}
