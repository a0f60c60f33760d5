import type { Executor } from '../db/client';
import { slugsLike } from '../repositories/restaurants';

/**
 * A URL-safe slug from a POS restaurant name (`Choyxona Navroʻz — Chilonzor` → `choyxona-navroz-chilonzor`):
 * Uzbek apostrophes (oʻ, gʻ, ʼ in any of their spellings) are dropped, Cyrillic is transliterated, anything else
 * that is not a-z or 0-9 becomes one hyphen. Same pattern as the admin form's slugs (server/schemas/restaurants.ts).
 */

const MAX_SLUG_LENGTH = 64;
/** Every character used as the Uzbek apostrophe (oʻ/gʻ and the tutuq belgisi ʼ). */
const APOSTROPHES = /['`ʻʼ‘’´]/g;

const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'j',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'x',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sh',
  ъ: '',
  ы: 'i',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  ў: 'o',
  қ: 'q',
  ғ: 'g',
  ҳ: 'h',
};

export function slugify(name: string): string {
  const latin = name
    .toLowerCase()
    .replace(APOSTROPHES, '')
    .replace(/[\u0400-\u04ff]/g, (char) => CYRILLIC[char] ?? '')
    // Decompose (é → e + accent, № → No), drop the accents, lowercase what decomposing produced.
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const slug = latin
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH - 4)
    .replace(/-+$/g, '');
  return slug || 'restoran';
}

/** The slug itself when free, else the first free of `slug-2`, `slug-3`, … (checked in the caller's transaction). */
export async function uniqueSlug(db: Executor, name: string): Promise<string> {
  const base = slugify(name);
  const taken = await slugsLike(db, base);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
