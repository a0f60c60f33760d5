import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { PRINTER_CODE_PAGE } from './code-page';
import { toPrintable, toPrintableLines } from './printable';
import type { KitchenTicket, PaperWidth } from './ticket';
import { ticketWords } from './ticket-words';
import { wrapWithPrefix } from './wrap';

/**
 * A kitchen ticket as the raw ESC/POS bytes a network thermal printer prints (port 9100), in font A:
 *
 *          Samarqand Darvozasi          restaurant, centered
 *               Oshxona                 station, bold, double width and height
 *          QAYTA CHOP ETILDI            only on a reprint, bold, double height
 *     Stol: 5                           bold, double width and height
 *     № 128                             bold, double width and height
 *     Vaqt: 14:05                       when it was placed, Tashkent time
 *     ────────────────────────────────
 *     2 x Qo'y go'shti                  each line bold, double width and height,
 *         shashlik                      wrapped under its name
 *       + Katta                         its option rows
 *     ────────────────────────────────
 *     Izoh: Piyozsiz bo'lsin            the diner's comment, bold
 *
 * then four lines of feed (the cutter sits above the print head) and a partial cut. Every text goes through
 * toPrintable first, so nothing reaches the printer as a '?' that could be written another way.
 */

/** Columns of font A (12 x 24 dots at 203 dpi) on each paper. */
export const PAPER_COLUMNS: Readonly<Record<PaperWidth, number>> = { 58: 32, 80: 48 };

/** Lines fed before the cut, so the last printed line passes the cutter (four on the library's 80 mm printers). */
const FEED_BEFORE_CUT = 4;
const ESC = 0x1b;
const ALIGN = { left: 0, center: 1 } as const;
const LARGE = 2;
const RULE = '─';

/** "14:05": the restaurant's clock in Uzbekistan, whatever the server's zone. */
const CLOCK = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Tashkent',
});

export function ticketTime(at: Date): string {
  const parts = CLOCK.formatToParts(at);
  const part = (type: 'hour' | 'minute') => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('hour')}:${part('minute')}`;
}

/** A quantity as a cook reads it: 2, 1,5. */
const quantityText = (quantity: number) => String(Math.round(quantity * 1000) / 1000).replace('.', ',');

export function encodeTicket(ticket: KitchenTicket, width: PaperWidth): Uint8Array {
  const columns = PAPER_COLUMNS[width];
  const largeColumns = Math.floor(columns / LARGE);
  const encoder = new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns,
    codepageMapping: { [PRINTER_CODE_PAGE.name]: PRINTER_CODE_PAGE.escPosTable },
    newline: '\n',
  });
  encoder.initialize().codepage(PRINTER_CODE_PAGE.name);
  const print = (lines: string[]) => {
    for (const line of lines) encoder.line(line);
  };
  // The printer aligns (ESC a), at the start of a line: the library's own alignment pads with spaces instead.
  const align = (value: keyof typeof ALIGN) => encoder.raw([ESC, 0x61, ALIGN[value]]);
  const large = (lines: string[]) => {
    encoder.bold(true).size(LARGE, LARGE);
    print(lines);
    encoder.size(1, 1).bold(false);
  };
  const rule = () => encoder.line(RULE.repeat(columns));

  align('center');
  const restaurant = toPrintable(ticket.restaurant).trim();
  if (restaurant !== '') print(wrapWithPrefix('', restaurant, columns));
  const station = toPrintable(ticket.station).trim();
  if (station !== '') large(wrapWithPrefix('', station, largeColumns));
  if (ticket.reprint) {
    encoder.bold(true).size(1, LARGE);
    print(wrapWithPrefix('', ticketWords.reprint, columns));
    encoder.size(1, 1).bold(false);
  }
  align('left');
  large(wrapWithPrefix(`${ticketWords.table}: `, toPrintable(ticket.table).trim(), largeColumns));
  large([`№ ${ticket.number}`]);
  encoder.line(`${ticketWords.time}: ${ticketTime(ticket.placedAt)}`);
  rule();
  for (const line of ticket.lines) {
    large(wrapWithPrefix(`${quantityText(line.quantity)} x `, toPrintable(line.name).trim(), largeColumns));
    for (const row of line.rows) print(wrapWithPrefix('  + ', toPrintable(row).trim(), columns));
  }
  const comment = toPrintableLines(ticket.comment)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (comment.length > 0) {
    rule();
    // The diner's own line breaks are kept, each line under the first one's text.
    const prefix = `${ticketWords.comment}: `;
    encoder.bold(true);
    comment.forEach((line, i) => {
      print(wrapWithPrefix(i === 0 ? prefix : ' '.repeat(prefix.length), line, columns));
    });
    encoder.bold(false);
  }
  const bytes = encoder.raw([ESC, 0x64, FEED_BEFORE_CUT]).cut('partial').encode();
  // The library ends the cut with a line feed, which would feed the next ticket's top: the ticket ends at its cut.
  return bytes.at(-1) === 0x0a ? bytes.slice(0, -1) : bytes;
}
