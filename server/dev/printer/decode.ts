import { PRINTER_CODE_PAGE } from '../../integrations/printer/code-page';

/**
 * Reads ESC/POS bytes as a thermal printer would print them, into paper: one entry per ticket (the paper is split at
 * each cut), each a list of printed lines with their style. It knows the commands the ticket encoder sends
 * (server/integrations/printer/escpos.ts): ESC @ (initialize), ESC a (align), ESC E (bold), GS ! (size), ESC t (code
 * page), ESC d (feed), GS V (cut), LF, and text in the selected code page, decoded back to Unicode. The few others the
 * encoder's library sends are read and have no effect on the paper (FS . ends Kanji mode, ESC M picks font A), and so
 * are other common ones with their arguments (ESC ! print mode is applied). Anything else is skipped a byte at a time.
 *
 * Two simplifications: a line takes the style of its first character (the encoder styles whole lines), and the
 * paper's width is not in the bytes, so it is the narrowest usual width (32, 42 or 48 columns of font A) that holds
 * the widest line; the encoder's full-width rule makes that the width it encoded for.
 */

export type PaperAlign = 'left' | 'center' | 'right';

export interface PaperLine {
  text: string;
  bold: boolean;
  align: PaperAlign;
  /** Character width and height multipliers (GS !): 1 normal, 2 double. */
  size: { w: number; h: number };
}

export interface Paper {
  width_columns: number;
  lines: PaperLine[];
  /** False for what was printed after the last cut, still on the printer. */
  cut: boolean;
}

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const LF = 0x0a;

const USUAL_WIDTHS = [32, 42, 48];

/** cp437, the page a printer starts in (after ESC @, before an ESC t): bytes 0x80-0xFF. */
const CP437_UPPER_HALF =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

/** The upper halves of the code pages this printer has, by their ESC t number; others print '?' there. */
const CODE_PAGES = new Map<number, readonly string[]>([
  [0, [...CP437_UPPER_HALF]],
  [PRINTER_CODE_PAGE.escPosTable, [...PRINTER_CODE_PAGE.upperHalf]],
]);

/** Arguments after ESC x / GS x / FS x that have no effect on the paper here, by command byte. */
const ESC_ARGUMENTS: Readonly<Record<number, number>> = {
  32: 1, // ESC SP: character spacing
  45: 1, // ESC -: underline
  50: 0, // ESC 2: default line spacing
  51: 1, // ESC 3: line spacing
  71: 1, // ESC G: double strike
  74: 1, // ESC J: feed dots
  77: 1, // ESC M: font
  82: 1, // ESC R: international character set
  86: 1, // ESC V: rotation
  123: 1, // ESC {: upside down
  112: 3, // ESC p: cash drawer pulse
};
const GS_ARGUMENTS: Readonly<Record<number, number>> = {
  66: 1, // GS B: reverse
  72: 1, // GS H: barcode text
  104: 1, // GS h: barcode height
  119: 1, // GS w: barcode width
};
const FS_ARGUMENTS: Readonly<Record<number, number>> = {
  46: 0, // FS .: Kanji mode off
  38: 0, // FS &: Kanji mode on
};

interface Style {
  bold: boolean;
  align: PaperAlign;
  size: { w: number; h: number };
}

const initialStyle = (): Style => ({ bold: false, align: 'left', size: { w: 1, h: 1 } });

const alignOf = (n: number): PaperAlign => (n % 48 === 1 ? 'center' : n % 48 === 2 ? 'right' : 'left');

export function decodeTickets(bytes: Uint8Array): Paper[] {
  const papers: Paper[] = [];
  let lines: PaperLine[] = [];
  let widest = 0;
  let style = initialStyle();
  let codePage = 0;
  // The line being printed: its text, its width in columns, and the style it took from its first character.
  let text = '';
  let columns = 0;
  let lineStyle: Style | null = null;

  const endLine = () => {
    const taken = lineStyle ?? style;
    lines.push({ text, bold: taken.bold, align: taken.align, size: { ...taken.size } });
    widest = Math.max(widest, columns);
    text = '';
    columns = 0;
    lineStyle = null;
  };
  const endPaper = (cut: boolean) => {
    if (text !== '') endLine();
    const width = USUAL_WIDTHS.find((usual) => usual >= widest) ?? widest;
    papers.push({ width_columns: width, lines, cut });
    lines = [];
    widest = 0;
  };
  const print = (ch: string) => {
    if (lineStyle === null) lineStyle = { ...style, size: { ...style.size } };
    text += ch;
    columns += style.size.w;
  };

  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    const next = (offset = 1) => bytes[i + offset] ?? 0;
    if (byte === LF) {
      endLine();
    } else if (byte === ESC) {
      const command = next();
      if (command === 0x40) {
        // ESC @: the printer's state as at power-on; what was not printed yet is dropped.
        style = initialStyle();
        codePage = 0;
        text = '';
        columns = 0;
        lineStyle = null;
        i += 1;
      } else if (command === 0x61) {
        style.align = alignOf(next(2));
        i += 2;
      } else if (command === 0x45) {
        style.bold = (next(2) & 1) === 1;
        i += 2;
      } else if (command === 0x21) {
        // ESC !: print mode, bold in bit 3, double height in bit 4, double width in bit 5.
        const mode = next(2);
        style.bold = (mode & 0x08) !== 0;
        style.size = { w: mode & 0x20 ? 2 : 1, h: mode & 0x10 ? 2 : 1 };
        i += 2;
      } else if (command === 0x74) {
        codePage = next(2);
        i += 2;
      } else if (command === 0x64) {
        // ESC d n: print the line and feed n lines, as n line feeds.
        for (let n = next(2); n > 0; n--) endLine();
        i += 2;
      } else {
        i += 1 + (ESC_ARGUMENTS[command] ?? 0);
      }
    } else if (byte === GS) {
      const command = next();
      if (command === 0x21) {
        const size = next(2);
        style.size = { w: ((size >> 4) & 7) + 1, h: (size & 7) + 1 };
        i += 2;
      } else if (command === 0x56) {
        // GS V m (0, 1, 48, 49: cut) or GS V m n (65, 66, 97, 98, 103, 104: feed n, then cut).
        const mode = next(2);
        i += mode >= 65 ? 3 : 2;
        endPaper(true);
      } else {
        i += 1 + (GS_ARGUMENTS[command] ?? 0);
      }
    } else if (byte === FS) {
      i += 1 + (FS_ARGUMENTS[next()] ?? 0);
    } else if (byte >= 0x20 && byte < 0x7f) {
      print(String.fromCharCode(byte));
    } else if (byte >= 0x80) {
      print(CODE_PAGES.get(codePage)?.[byte - 0x80] ?? '?');
    }
    // Other control bytes (CR, the rest below 0x20, DEL) print nothing.
  }
  if (text !== '' || lines.some((line) => line.text !== '')) endPaper(false);
  return papers;
}
