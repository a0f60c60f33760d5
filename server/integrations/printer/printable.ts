import { PRINTER_CODE_PAGE } from './code-page';

/**
 * Text made printable in the printer's code page (code-page.ts), without losing what it says: a letter the page lacks
 * is written as the nearest letter it has, and only what has no such letter (an emoji, a script the page does not
 * hold) becomes one visible '?' per character as a person sees it. Invisible characters (zero-width spaces, variation
 * selectors, control characters) are dropped: they print nothing on any paper.
 *
 * The substitutions, and why:
 * - Uzbek Latin's oʻ and gʻ are written with U+02BB, or with ‘ ’ ʼ where a keyboard lacks it: all become the ASCII
 *   apostrophe, as Uzbek is commonly typed (o' g'), and which every printer has.
 * - Uzbek Cyrillic's Қ Ғ Ҳ are not in cp866 and are printed as К Г Х: they are the same letters without the descender
 *   or the hook, a cook reads "Ковурма" as "Қовурма", and the word stays in the script it was written in (spelling it
 *   in Latin would mix two scripts inside one word). Ў ў are in cp866 and print as themselves.
 * - The letters of the neighbours' Cyrillic (Kazakh, Kyrgyz, Tajik, Ukrainian) go the same way (Ң→Н, Ө→О, Ү→У, Ҷ→Ч,
 *   І→I); Latin letters with accents lose the accent (é→e, ş→s), or are spelled out (ß→ss).
 * - Typographic quotes, dashes, the ellipsis and unusual spaces become their ASCII forms.
 */

const PRINTABLE = new Set<string>([
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)),
  ...PRINTER_CODE_PAGE.upperHalf,
]);
// A no-break space is printable (0xFF) but a plain space is what a printer wraps at.
PRINTABLE.delete('\u00a0');

const SUBSTITUTES: Readonly<Record<string, string>> = {
  // Uzbek Latin's apostrophes (oʻ gʻ and the tutuq belgisi ʼ).
  '\u02bb': "'",
  '\u2018': "'",
  '\u2019': "'",
  '\u02bc': "'",
  '\u00b4': "'",
  '\u2032': "'",
  '\u201a': "'",
  '\u2039': "'",
  '\u203a': "'",
  // Uzbek Cyrillic letters cp866 lacks.
  Қ: 'К',
  қ: 'к',
  Ғ: 'Г',
  ғ: 'г',
  Ҳ: 'Х',
  ҳ: 'х',
  // The neighbours' Cyrillic.
  Ң: 'Н',
  ң: 'н',
  Ө: 'О',
  ө: 'о',
  Ү: 'У',
  ү: 'у',
  Ұ: 'У',
  ұ: 'у',
  Ә: 'А',
  ә: 'а',
  Һ: 'Х',
  һ: 'х',
  Ҷ: 'Ч',
  ҷ: 'ч',
  Ґ: 'Г',
  ґ: 'г',
  І: 'I',
  і: 'i',
  // Latin letters without a decomposition.
  ß: 'ss',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Ø: 'O',
  ø: 'o',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
  Ə: 'E',
  ə: 'e',
  // Punctuation and signs.
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
  '«': '"',
  '»': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '…': '...',
  '•': '*',
  '×': 'x',
  '⁄': '/',
  '€': 'EUR',
};

const SPACES = new Set(['\t', '\u00a0', '\u1680', '\u202f', '\u205f', '\u3000']);
const LINE_BREAKS = new Set(['\n', '\r', '\u0085', '\u2028', '\u2029']);
const isSpace = (ch: string) => SPACES.has(ch) || (ch >= '\u2000' && ch <= '\u200a');
/** Prints nothing anywhere: control and format characters, variation selectors, combining marks on their own. */
const INVISIBLE = /^[\p{Cc}\p{Cf}\p{M}]$/u;

const graphemes = new Intl.Segmenter('uz', { granularity: 'grapheme' });

/** One character as printable text, or undefined when the page has nothing near it. */
function printableChar(ch: string): string | undefined {
  if (PRINTABLE.has(ch)) return ch;
  const substitute = SUBSTITUTES[ch];
  if (substitute !== undefined) return substitute;
  if (isSpace(ch) || LINE_BREAKS.has(ch)) return ' ';
  if (INVISIBLE.test(ch)) return '';
  // A letter with an accent (é, ş, Ӣ) or a compatibility form (ﬁ, Ａ, ²) is its base letters without the marks.
  const decomposed = ch.normalize('NFKD');
  if (decomposed === ch) return undefined;
  let out = '';
  for (const part of decomposed) {
    if (/^\p{M}$/u.test(part)) continue;
    const printable = PRINTABLE.has(part) ? part : SUBSTITUTES[part];
    if (printable === undefined) return undefined;
    out += printable;
  }
  return out;
}

/**
 * `text` on one line, every character printable in PRINTER_CODE_PAGE: what a ticket prints for a name, a table or an
 * option row. Line breaks become spaces; nothing is trimmed.
 */
export function toPrintable(text: string): string {
  let out = '';
  for (const { segment } of graphemes.segment(text.normalize('NFC'))) {
    let printed = '';
    for (const ch of segment) {
      const printable = printableChar(ch);
      if (printable === undefined) {
        printed = '?';
        break;
      }
      printed += printable;
    }
    out += printed;
  }
  return out;
}

/** `text` as printable lines, split where it had line breaks (the diner's comment keeps its lines). */
export function toPrintableLines(text: string): string[] {
  return text.split(/\r\n|[\n\r\u0085\u2028\u2029]/).map(toPrintable);
}
