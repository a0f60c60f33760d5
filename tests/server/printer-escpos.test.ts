import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { describe, expect, it } from 'vitest';
import { decodeTickets, type Paper } from '../../server/dev/printer/decode';
import { PRINTER_CODE_PAGE } from '../../server/integrations/printer/code-page';
import { encodeTicket, PAPER_COLUMNS, ticketTime } from '../../server/integrations/printer/escpos';
import { toPrintable } from '../../server/integrations/printer/printable';
import type { KitchenTicket, PaperWidth } from '../../server/integrations/printer/ticket';

/**
 * The kitchen ticket's ESC/POS bytes, against golden files a person reviewed once by eye: for each ticket and paper,
 * `<name>-<mm>.hex` holds the bytes (what the test compares) and `<name>-<mm>.txt` the paper the simulator's decoder
 * reads from them. `UPDATE_GOLDEN=1 npx vitest run tests/server/printer-escpos.test.ts` writes them anew: review the
 * .txt diff before committing it.
 */

const GOLDEN = join(import.meta.dirname, 'golden', 'printer');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const WIDTHS: PaperWidth[] = [58, 80];

/** Uzbek Latin with oʻ/gʻ written each way phones write them: U+02BB, U+2018, U+2019 and U+02BC. */
const latin: KitchenTicket = {
  restaurant: 'Samarqand Darvozasi',
  station: 'Oshxona',
  table: '5',
  number: 128,
  placedAt: new Date('2025-03-14T09:05:00Z'),
  lines: [
    { name: 'Qoʻy goʻshti shashlik', quantity: 2, rows: ['Katta', 'Achchiq'] },
    { name: 'G‘ijduvon kabobi', quantity: 1, rows: ['Piyoz bilan'] },
    { name: 'Toʼy oshi', quantity: 3, rows: [] },
    { name: 'Ko’k choy (choynak)', quantity: 1, rows: [] },
  ],
  comment: 'Piyozsiz boʻlsin, bolalar uchun achchiq emas',
  reprint: false,
};

/** Uzbek Cyrillic with every letter cp866 lacks (Қ Ғ Ҳ) and Ў, which it has; a reprint. */
const cyrillic: KitchenTicket = {
  restaurant: 'Самарқанд Дарвозаси',
  station: 'Ошхона',
  table: 'Айвон 7',
  number: 129,
  placedAt: new Date('2025-03-14T18:47:00Z'),
  lines: [
    { name: 'Қўй гўшти шашлик', quantity: 2, rows: ['Катта', 'Аччиқ'] },
    { name: 'Ғиждувон кабоби', quantity: 1, rows: [] },
    { name: 'Ҳасип', quantity: 1, rows: ['Қовурилган'] },
    { name: 'Кўк чой', quantity: 2, rows: [] },
  ],
  comment: 'Тезроқ бўлсин, илтимос',
  reprint: true,
};

/** Russian with ё, guillemets and a dash; placed at 00:30 in Tashkent, still the day before in UTC. */
const russian: KitchenTicket = {
  restaurant: 'Ресторан «Бахор»',
  station: 'Кухня',
  table: '12',
  number: 1042,
  placedAt: new Date('2025-12-31T19:30:00Z'),
  lines: [
    { name: 'Плов по-ташкентски', quantity: 2, rows: ['Большая порция', 'Без лука'] },
    { name: 'Шурпа из баранины', quantity: 1, rows: [] },
    { name: 'Салат «Ачичук»', quantity: 1, rows: ['Острый'] },
    { name: 'Чай зелёный', quantity: 1, rows: [] },
  ],
  comment: 'Побыстрее, пожалуйста! Аллергия на орехи — без орехов.',
  reprint: false,
};

/** What each ticket must read on paper after the documented transliteration, written out by hand. */
const FIXTURES = [
  {
    name: 'uz-latin',
    ticket: latin,
    reads: [
      "Qo'y go'shti",
      "G'ijduvon kabobi",
      "3 x To'y oshi",
      "Ko'k choy (choynak)",
      "Izoh: Piyozsiz bo'lsin",
      '14:05',
    ],
  },
  {
    name: 'uz-cyrillic',
    ticket: cyrillic,
    reads: ['Самарканд Дарвозаси', 'Кўй гўшти', 'Гиждувон кабоби', 'Хасип', '+ Ковурилган', '+ Аччик', 'Тезрок бўлсин'],
  },
  {
    name: 'ru',
    ticket: russian,
    reads: ['Ресторан "Бахор"', 'Салат "Ачичук"', 'Чай зелёный', 'на орехи - без орехов.', '00:30'],
  },
] as const;

// --- Golden files: the bytes as a hex dump, and the paper as text ---

const upperHalf = [...PRINTER_CODE_PAGE.upperHalf];
const dumpChar = (byte: number) =>
  byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : byte >= 0x80 ? upperHalf[byte - 0x80]! : '.';

/** 16 bytes a row: offset, the bytes in hex, and what they print in cp866 ('.' for a control byte). */
function hexDump(bytes: Uint8Array): string {
  const rows: string[] = [];
  for (let offset = 0; offset < bytes.length; offset += 16) {
    const row = [...bytes.subarray(offset, offset + 16)];
    const hex = row.map((byte) => byte.toString(16).padStart(2, '0'));
    const halves = `${hex.slice(0, 8).join(' ')}  ${hex.slice(8).join(' ')}`.padEnd(48);
    rows.push(`${offset.toString(16).padStart(4, '0')}  ${halves}  |${row.map(dumpChar).join('')}|`);
  }
  return `${rows.join('\n')}\n`;
}

/**
 * The paper drawn in a box of its columns: a double-width character takes two cells ("O s h"), centered lines are
 * centered as the printer centers them, and each line's style stands after the box.
 */
function paperText(papers: Paper[]): string {
  return papers
    .map((paper) => {
      const width = paper.width_columns;
      const rows = paper.lines.map((line) => {
        const cells = [...line.text].map((ch) => ch + ' '.repeat(line.size.w - 1)).join('');
        const room = Math.max(0, width - cells.length);
        const left = line.align === 'center' ? room >> 1 : line.align === 'right' ? room : 0;
        const body = (' '.repeat(left) + cells).padEnd(width);
        const style = [
          line.bold ? 'bold' : '',
          line.size.w > 1 || line.size.h > 1 ? `${line.size.w}x${line.size.h}` : '',
        ]
          .filter(Boolean)
          .join(' ');
        return `│${body}│${style ? ` ${style}` : ''}`;
      });
      const bottom = paper.cut ? `└✂${'─'.repeat(width - 1)}┘ cut` : `└${'─'.repeat(width)}┘`;
      return [`${width} columns`, `┌${'─'.repeat(width)}┐`, ...rows, bottom].join('\n');
    })
    .join('\n\n')
    .concat('\n');
}

function golden(file: string, actual: string): string {
  const path = join(GOLDEN, file);
  if (UPDATE) {
    mkdirSync(GOLDEN, { recursive: true });
    writeFileSync(path, actual);
  }
  if (!existsSync(path)) throw new Error(`No golden file ${file}: run with UPDATE_GOLDEN=1 and review it`);
  return readFileSync(path, 'utf8');
}

/** Every word of the paper, rules left out: what a cook reads, whatever the wrapping ("по-" / "ташкентски" as one). */
const paperWords = (paper: Paper) =>
  paper.lines
    .map((line) => line.text.trim())
    .filter((text) => !/^─+$/.test(text))
    .reduce((read, text) => (/\p{L}-$/u.test(read) ? read + text : `${read} ${text}`), '')
    .split(/\s+/)
    .filter(Boolean);

/** The ticket's texts in the order the layout prints them, through the documented transliteration. */
function ticketWords(ticket: KitchenTicket): string[] {
  const texts = [
    ticket.restaurant,
    ticket.station,
    ...(ticket.reprint ? ['QAYTA CHOP ETILDI'] : []),
    `Stol: ${ticket.table}`,
    `№ ${ticket.number}`,
    `Vaqt: ${ticketTime(ticket.placedAt)}`,
    ...ticket.lines.flatMap((line) => [`${line.quantity} x ${line.name}`, ...line.rows.map((row) => `+ ${row}`)]),
    `Izoh: ${ticket.comment}`,
  ];
  return texts.map(toPrintable).join(' ').split(/\s+/).filter(Boolean);
}

describe('a kitchen ticket on paper', () => {
  for (const { name, ticket, reads } of FIXTURES) {
    for (const width of WIDTHS) {
      describe(`${name}, ${width} mm`, () => {
        const bytes = encodeTicket(ticket, width);
        const papers = decodeTickets(bytes);

        it('is the reviewed golden ticket, byte for byte', () => {
          expect(hexDump(bytes)).toBe(golden(`${name}-${width}.hex`, hexDump(bytes)));
          expect(paperText(papers)).toBe(golden(`${name}-${width}.txt`, paperText(papers)));
        });

        it('prints every text, none of it as "?"', () => {
          expect([...bytes]).not.toContain('?'.charCodeAt(0));
          expect(papers).toHaveLength(1);
          const paper = papers[0]!;
          expect(paper.lines.map((line) => line.text).join('\n')).not.toContain('?');
          expect(paperWords(paper)).toEqual(ticketWords(ticket));
          const text = paper.lines.map((line) => line.text.trim()).join(' ');
          for (const expected of reads) expect(text).toContain(expected);
        });

        it('fits the paper: header centered, table, number and dishes large, ends fed and cut', () => {
          const paper = papers[0]!;
          expect(paper.width_columns).toBe(PAPER_COLUMNS[width]);
          for (const line of paper.lines) {
            expect(line.text.length * line.size.w, line.text).toBeLessThanOrEqual(paper.width_columns);
          }
          const lineOf = (start: string) => paper.lines.find((line) => line.text.startsWith(start))!;
          expect(paper.lines[0]).toMatchObject({ align: 'center', bold: false, size: { w: 1, h: 1 } });
          expect(lineOf(toPrintable(ticket.station))).toMatchObject({
            align: 'center',
            bold: true,
            size: { w: 2, h: 2 },
          });
          expect(lineOf('Stol: ')).toMatchObject({ align: 'left', size: { w: 2, h: 2 } });
          expect(lineOf('№ ')).toMatchObject({ text: `№ ${ticket.number}`, size: { w: 2, h: 2 } });
          expect(lineOf(`${ticket.lines[0]!.quantity} x `)).toMatchObject({ bold: true, size: { w: 2, h: 2 } });
          expect(lineOf('  + ')).toMatchObject({ bold: false, size: { w: 1, h: 1 } });
          expect(lineOf('Izoh: ')).toMatchObject({ bold: true });
          expect(paper.lines.some((line) => line.text === 'QAYTA CHOP ETILDI')).toBe(ticket.reprint);
          expect(paper.cut).toBe(true);
          // Fed four lines (ESC d 4) past the cutter, then a partial cut (GS V 1), and nothing after it.
          expect([...bytes.slice(-6)]).toEqual([0x1b, 0x64, 4, 0x1d, 0x56, 1]);
          // Initialized, then the code page chosen before the first text.
          expect([...bytes.slice(0, 2)]).toEqual([0x1b, 0x40]);
          const select = [...bytes].findIndex((_, i) => bytes[i] === 0x1b && bytes[i + 1] === 0x74);
          expect(bytes[select + 2]).toBe(PRINTER_CODE_PAGE.escPosTable);
          expect([...bytes.slice(0, select)].some((byte) => byte >= 0x80)).toBe(false);
        });
      });
    }
  }

  it('wraps a long dish under its name on 58 mm paper, where double width leaves 16 columns', () => {
    const ticket = { ...latin, lines: [{ name: 'Qoʻy goʻshtidan tayyorlangan tandir kabob', quantity: 2, rows: [] }] };
    const paper = decodeTickets(encodeTicket(ticket, 58))[0]!;
    const dish = paper.lines.filter((line) => line.size.w === 2 && line.bold && !line.text.startsWith('Stol'));
    expect(dish.map((line) => line.text).slice(-4)).toEqual([
      "2 x Qo'y",
      "    go'shtidan",
      '    tayyorlangan',
      '    tandir kabob',
    ]);
    // A word longer than the indented width starts at the left edge; a hyphen is a place to break.
    const long = { ...latin, lines: [{ name: 'Qozonkabob-dimlama sabzavotlisomsa', quantity: 10, rows: [] }] };
    const texts = decodeTickets(encodeTicket(long, 58))[0]!.lines.map((line) => line.text);
    const first = texts.indexOf('10 x Qozonkabob-');
    expect(texts.slice(first, first + 3)).toEqual(['10 x Qozonkabob-', '     dimlama', 'sabzavotlisomsa']);
  });

  it('prints no comment line for an empty comment, and the diner’s own line breaks as lines', () => {
    const none = decodeTickets(encodeTicket({ ...latin, comment: '  ' }, 80))[0]!;
    expect(none.lines.some((line) => line.text.startsWith('Izoh'))).toBe(false);
    const two = decodeTickets(encodeTicket({ ...latin, comment: 'Tuzsiz\nIssiq bo‘lsin' }, 80))[0]!;
    const comment = two.lines.filter((line) => line.bold && line.size.w === 1).map((line) => line.text);
    expect(comment).toEqual(['Izoh: Tuzsiz', "      Issiq bo'lsin"]);
  });
});

describe('the time on a ticket', () => {
  it('is HH:MM on the Tashkent clock (UTC+5), 24-hour', () => {
    expect(ticketTime(new Date('2025-03-14T09:05:00Z'))).toBe('14:05');
    expect(ticketTime(new Date('2025-12-31T19:30:00Z'))).toBe('00:30');
    expect(ticketTime(new Date('2025-06-01T18:59:00Z'))).toBe('23:59');
  });
});

describe('the code page (PRINTER_CODE_PAGE)', () => {
  it('is cp866 as the encoder library writes it: its upper half is bytes 0x80 to 0xFF in order', () => {
    const bytes = new ReceiptPrinterEncoder({ columns: 48, codepageMapping: { cp866: 17 }, newline: '\n' })
      .codepage('cp866')
      .text(PRINTER_CODE_PAGE.upperHalf)
      .encode();
    expect([...bytes.slice(0, 3)]).toEqual([0x1b, 0x74, 17]);
    expect([...bytes.slice(3)].filter((byte) => byte !== 0x0a)).toEqual(
      Array.from({ length: 128 }, (_, i) => 0x80 + i),
    );
  });

  it('is table 17 (ESC t 17) on Epson, Xprinter and the POS-5890 / POS-8360 clones alike', () => {
    for (const printerModel of [
      'epson-tm-t20iii',
      'epson-tm-t88vi',
      'xprinter-xp-n160ii',
      'pos-5890',
      'pos-8360',
    ] as const) {
      const bytes = new ReceiptPrinterEncoder({ printerModel }).codepage('cp866').text('Ж').encode();
      expect([...bytes.slice(0, 4)], printerModel).toEqual([0x1b, 0x74, PRINTER_CODE_PAGE.escPosTable, 0x86]);
    }
  });
});

describe('text made printable (toPrintable)', () => {
  it("writes Uzbek Latin's oʻ and gʻ, however typed, with the ASCII apostrophe", () => {
    expect(toPrintable('oʻ gʻ Oʻ Gʻ o‘ g’ oʼ')).toBe("o' g' O' G' o' g' o'");
  });

  it('prints Uzbek Cyrillic: Ў ў as they are, Қ Ғ Ҳ as the nearest Russian letters', () => {
    expect(toPrintable('Ўзбек ўт Қ қ Ғ ғ Ҳ ҳ')).toBe('Ўзбек ўт К к Г г Х х');
    expect(toPrintable('ҚОВУРМА ЛАҒМОН')).toBe('КОВУРМА ЛАГМОН');
  });

  it('keeps the whole Russian alphabet and №', () => {
    const russianLetters = 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя №';
    expect(toPrintable(russianLetters)).toBe(russianLetters);
    // Й and ё typed as a letter and a combining mark.
    expect(toPrintable('чаи\u0306 е\u0308ж')).toBe('чай ёж');
  });

  it('writes other letters without their accents, and typographic signs in ASCII', () => {
    expect(toPrintable('Café crème brûlée, Şiş kebap, Straße')).toBe('Cafe creme brulee, Sis kebap, Strasse');
    expect(toPrintable('Қазақ Ңң Өө Үү Ҷҷ Ӯӯ')).toBe('Казак Нн Оо Уу Чч Уу');
    expect(toPrintable('«Бахор» — 1…2 “osh” ½')).toBe('"Бахор" - 1...2 "osh" 1/2');
  });

  it('drops what prints nothing, and sends no control byte to the printer', () => {
    expect(toPrintable('\u200bOsh\u00ad \u2060choy\ufeff')).toBe('Osh choy');
    expect(toPrintable('Osh\tva\nchoy\r\n')).toBe('Osh va choy  ');
    expect(toPrintable('Osh\u001b@\u0007\u001dV')).toBe('Osh@V');
    expect(toPrintable('a\u00a0b')).toBe('a b');
  });

  it('prints one visible "?" for each emoji or letter of a script the page lacks, as a last resort', () => {
    expect(toPrintable('Choy 🍵 va 👨‍👩‍👧 oila 👍🏽 ⚠️')).toBe('Choy ? va ? oila ? ?');
    expect(toPrintable('中文 ελ')).toBe('?? ??');
  });

  it('answers only characters of the code page, whatever it is given', () => {
    const printable = new Set([
      ...Array.from({ length: 0x5f }, (_, i) => String.fromCharCode(0x20 + i)),
      ...PRINTER_CODE_PAGE.upperHalf,
    ]);
    const everything = Array.from({ length: 0x3000 }, (_, i) => String.fromCodePoint(i)).join('');
    const unprintable = [...toPrintable(everything)].filter((ch) => !printable.has(ch));
    expect(unprintable.map((ch) => `U+${ch.codePointAt(0)!.toString(16)}`)).toEqual([]);
  });
});
