import { thumbnailUrl, UPLOADS_URL_PREFIX } from '../uploads/storage';

/**
 * Nominal widths of the upload pipeline's two WebP files (server/uploads: display fits 1200 px, thumbnail 320 px).
 * They are `w` hints for the browser's choice in `srcset`; a portrait image is narrower, which only makes the browser
 * pick the thumbnail a little more often.
 */
const THUMB_WIDTH = 320;
const DISPLAY_WIDTH = 1200;

export interface ImageSource {
  src: string;
  srcset?: string;
}

/**
 * The sources of a stored image: our own uploads get the thumbnail + display pair; an absolute http(s) URL (a POS
 * picture) is used as is; anything else (a relative path we did not write, `javascript:`…) is not shown.
 */
export function imageSource(url: string | null | undefined, prefer: 'thumb' | 'display'): ImageSource | undefined {
  if (!url) return undefined;
  if (url.startsWith(UPLOADS_URL_PREFIX) && url.endsWith('.webp') && !url.includes('..')) {
    const thumb = thumbnailUrl(url);
    return { src: prefer === 'thumb' ? thumb : url, srcset: `${thumb} ${THUMB_WIDTH}w, ${url} ${DISPLAY_WIDTH}w` };
  }
  if (/^https?:\/\/[^\s"'<>]+$/i.test(url)) return { src: url };
  return undefined;
}
