import sharp from 'sharp';
import { badRequest } from '../errors';
import { messages } from '../messages';
import { shown, type UploadedImage } from './uploaded-image';

/**
 * Dimensions no menu photo needs, refused from the image's header before a pixel is decoded: the cost of re-encoding
 * follows the declared size, not the file size (a 76 KB PNG can declare 1 × 39,000,000 pixels: ~23 s of work).
 * A menu shows an image at most 1200 px wide, so:
 * - 8000 px a side: a 40 MP camera photo (8000 × 5000) fits; it also bounds the rows a decoder walks one by one;
 * - 40 megapixels in all: any phone's normal photo (12–24 MP; 48/50 MP sensors save 12 MP unless told otherwise);
 *   the slowest such image we know of (8000 × 5000, 16-bit, interlaced PNG) takes ~2 s here;
 * - a long side at most 10 times the short one: at 1:10 a picture is already a 1200 × 120 strip.
 */
export const MAX_SIDE = 8000;
export const MAX_PIXELS = 40_000_000;
export const MAX_ASPECT_RATIO = 10;

export interface Dimensions {
  width: number;
  height: number;
}

export function withinLimits({ width, height }: Dimensions): boolean {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  return short > 0 && long <= MAX_SIDE && width * height <= MAX_PIXELS && long <= short * MAX_ASPECT_RATIO;
}

const LIMITS = { maxSide: MAX_SIDE, maxMegapixels: MAX_PIXELS / 1_000_000, maxAspectRatio: MAX_ASPECT_RATIO };

/** Width and height as the header declares them (sharp reads only the header here), or undefined if unreadable. */
export async function declaredDimensions(data: Buffer): Promise<Dimensions | undefined> {
  try {
    const { width, height } = await sharp(data).metadata();
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * 400 naming the first file whose header declares dimensions beyond the limits. A header that cannot be read is left
 * to the decoder, which refuses the file as broken.
 */
export async function assertDimensions(files: UploadedImage[]): Promise<void> {
  for (const file of files) {
    const dimensions = await declaredDimensions(file.data);
    if (dimensions && !withinLimits(dimensions))
      throw badRequest(messages.imageDimensionsRefused(shown(file.filename), dimensions, LIMITS));
  }
}
