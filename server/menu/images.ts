import { isOwnPublicImageUrl, publicImageUrl, thumbnailUrl, UPLOADS_URL_PREFIX } from '../uploads/storage';
import { imageStoreOfDatabase } from '../uploads/stores';

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
 * How the menu turns a stored image's key into the address browsers fetch it from: the bucket's public address when
 * the app on this database keeps its images in one (uploads/stores.ts), the key itself (`/uploads/…`, served by this
 * server) otherwise. Applied as the menu is loaded, so the page and the JSON both carry the public address.
 */
export function menuImageUrls(db: object): (url: string) => string {
  const store = imageStoreOfDatabase(db);
  return store ? (url) => publicImageUrl(store, url) : (url) => url;
}

/**
 * The sources of a stored image: our own uploads (served here, or from the bucket's public address) get the thumbnail
 * + display pair; another absolute http(s) URL (a POS picture) is used as is; anything else (a relative path we did not
 * write, `javascript:`…) is not shown.
 */
export function imageSource(url: string | null | undefined, prefer: 'thumb' | 'display'): ImageSource | undefined {
  if (!url) return undefined;
  const ours =
    (url.startsWith(UPLOADS_URL_PREFIX) && url.endsWith('.webp') && !url.includes('..')) || isOwnPublicImageUrl(url);
  if (ours) {
    const thumb = thumbnailUrl(url);
    return { src: prefer === 'thumb' ? thumb : url, srcset: `${thumb} ${THUMB_WIDTH}w, ${url} ${DISPLAY_WIDTH}w` };
  }
  if (/^https?:\/\/[^\s"'<>]+$/i.test(url)) return { src: url };
  return undefined;
}
