import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { uz } from '../../lib/uz';
import { sourceFiles } from '../../scripts/layers/imports';
import {
  contextNames,
  frameworkMessages,
  keywordReasons,
  messageAreas,
  messages,
  posFailureReasons,
  statusMessages,
  validationFallbacks,
} from '../../server/messages';

/**
 * Every sentence the API answers a user with lives in the catalog (server/messages/): the spec's texts exactly as it
 * gives them, and ours, each under a key that names the situation. Read from the sources, so a sentence written
 * inline again fails here rather than in review.
 */

const root = join(import.meta.dirname, '..', '..');

/**
 * Server code that writes Uzbek of its own on purpose: the catalog; the diner's menu pages in four languages
 * (server/menu); the Telegram messages to the staff's chats (their bodies, not answers of the API) and the kitchen's
 * tickets; demo mode's
 * simulators and data (server/dev); the first admin's seed.
 */
const OWN_TEXTS = [
  'server/messages/',
  'server/menu/',
  'server/dev/',
  'server/seed/',
  'server/telegram/messages.ts',
  'server/telegram/digest-message.ts',
  // The words printed on a kitchen ticket: paper for the cooks, not an answer of the API.
  'server/integrations/printer/ticket-words.ts',
];

/** Uzbek in code that is data, not a sentence to a user. */
const ALLOWED = [
  // The name given to the option that gathers a POS product's loose modifiers: menu data, stored like any option name.
  { file: 'server/integrations/iiko/nomenclature.ts', text: "Qo'shimchalar" },
  // The slug of a restaurant whose name has no Latin letter: part of a URL.
  { file: 'server/integrations/slug.ts', text: 'restoran' },
];

/**
 * Uzbek as the server writes it: oʻ/gʻ with any apostrophe (bo'sh, noto'g'ri; the currency so'm, which English API
 * docs name too, aside), the words its sentences are made of, and the endings of its verbs (topilmadi, qilindi,
 * o'rnatilmadi, qo'shilmoqda, sozlanmagan, kelmaydi). The catalog's own texts all match (tested below).
 */
const UZBEK_APOSTROPHE = /\b\w*[og][ʻ‘’ʼ'][a-z]/i;
const SOM = /\bso[ʻ‘’ʼ']m\b/gi;
const UZBEK_WORD =
  /\b(bu|va|yoki|uchun|bilan|emas|kerak|mumkin|iltimos|allaqachon|hozir|faqat|juda|qayta|sizda|yangi|sinov|soniya\w*|daqiqa\w*|maydon\w*|ruxsat\w*|restoran\w*|mahsulot\w*|kategoriya\w*|opsiya\w*|qator\w*|stol|stoldan|buyurtma\w*|chaqiruv\w*|menedjer\w*|rasm\w*|fayl\w*|xabar\w*|manzil\w*|integratsiya\w*|xatolik\w*)\b/i;
const UZBEK_ENDING = /\b\w{2,}(ildi|indi|madi|moqda|magan|maydi|ngan|lgan)\b/i;

const looksUzbek = (text: string): boolean => {
  const withoutSom = text.replace(SOM, '');
  return UZBEK_APOSTROPHE.test(withoutSom) || UZBEK_WORD.test(withoutSom) || UZBEK_ENDING.test(withoutSom);
};

/** An OpenAPI `description` or `summary`: English for developers, which may quote a label of the panel. */
function isApiDoc(node: ts.Node): boolean {
  let current = node.parent;
  while (
    ts.isBinaryExpression(current) ||
    ts.isParenthesizedExpression(current) ||
    ts.isTemplateSpan(current) ||
    ts.isTemplateExpression(current)
  ) {
    current = current.parent;
  }
  return (
    ts.isPropertyAssignment(current) &&
    ts.isIdentifier(current.name) &&
    ['description', 'summary'].includes(current.name.text)
  );
}

/** The text of every string and template literal of a file (a template's parts joined), with its line. */
function literalsOf(file: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { line: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) {
      text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' … ');
    }
    if (text !== undefined) {
      const inModuleName = ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent);
      if (!inModuleName && !isApiDoc(node)) {
        found.push({ line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, text });
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

type Messages = typeof messages;
type SentenceWithValues = {
  [K in keyof Messages]: Messages[K] extends (...args: never[]) => string ? K : never;
}[keyof Messages];

/** Values for every sentence that takes some: the type makes a new one add its own. */
const SAMPLE_VALUES: { [K in SentenceWithValues]: Parameters<Messages[K]> } = {
  routeNotFound: ['GET', '/x'],
  tooManyAttempts: [90],
  fieldRequired: ['name'],
  fieldNotAccepted: ['name'],
  fieldInvalid: ['price', "0 dan kichik bo'lmasligi kerak"],
  fieldMalformed: ['type'],
  fieldSentTwice: ['type'],
  fieldNotUuid: ['product_id'],
  fieldNotOneOf: ['type', ['image', 'logotype']],
  fieldBlank: ['address'],
  adminOnlyField: ['slug'],
  tooManyImages: [10],
  orderMoveRefused: ['served', 'cancelled'],
  stationNameTaken: ['Bar'],
  tooManyStations: [20],
  stationHasDevices: [2],
  tooManyDevices: [50],
  tooManyPairAttempts: [600],
  lineMoveRefused: ['ready', 'cooking'],
  printerFailedAt: ['Bar', 'Printer javob bermadi'],
  tableNameTaken: ['5'],
  tooManyTables: [100],
  posTableNameSuffix: [2],
  unknownTerminalGroup: ['6f1c2a4e-8d1b-4c3a-9e2f-1a2b3c4d5e6f'],
  tillUnknownDishes: ['Osh, Salat'],
  tillStopListed: ["Lag'mon"],
  rowNotOfProduct: ['items.0.row_ids', 'r1'],
  rowChosenTwice: ['items.0.row_ids', 'r1'],
  tooManyRows: ['items.0.row_ids', 'Osh', 'Salat', 2],
  requiredOptionMissing: ['items.0.row_ids', 'Osh', 'Non'],
  tooFewRows: ['items.0.row_ids', 'Osh', 'Salat', 2],
  tooManyOrders: [30],
  paymentMethodOff: ['Payme'],
  tipTooLarge: ["125 000 so'm"],
  tooManyCalls: [30],
  waiterCalledAlready: [40],
  billAskedAlready: [40],
  tooManyFiles: [10],
  notAnImage: ['menu.pdf'],
  brokenImage: ['osh.jpg'],
  imageDimensionsRefused: [
    'osh.png',
    { width: 1, height: 39_000_000 },
    { maxSide: 8000, maxMegapixels: 40, maxAspectRatio: 10 },
  ],
  imageTooSlow: ['osh.png', 10],
  telegramUnreachable: ['no connection'],
  staffEntryInvalid: ['ali'],
  testFailed: ['bot tokeni noto‘g‘ri'],
  tokenRevoked: ['(Telegram: Unauthorized)'],
  botCannotPost: ['(Telegram: Forbidden)'],
  chatNotFound: ['(Telegram: Bad Request: chat not found)'],
  messageRefused: ['(Telegram: Bad Request)'],
  webhookFailed: ['HTTPS url must be provided'],
  clockTimeInvalid: ['schedule.from'],
  timeWindowEmpty: ['schedule'],
  workingHoursOverlap: [
    { weekday: 3, from: '10:00', to: '15:00' },
    { weekday: 3, from: '14:00', to: '23:00' },
  ],
  unknownTimeZone: ['Asia/Samarqand'],
  insightsDateInvalid: ['from'],
  insightsPeriodTooLong: [366],
  restaurantClosed: [{ weekday: 1, time: '10:00', today: true, tomorrow: false }],
  unknownDishTag: ['sweet', ['halal', 'vegan']],
  unknownAllergen: ['pollen', ['nuts', 'milk']],
};

function catalogText(key: keyof Messages): string {
  const message = messages[key];
  if (typeof message === 'string') return message;
  const values = SAMPLE_VALUES[key as SentenceWithValues];
  return (message as (...args: unknown[]) => string)(...values);
}

/** An ajv error's parameters, every one a keyword reason reads. */
const AJV_PARAMS = {
  limit: 3,
  len: 2,
  type: 'string',
  format: 'uuid',
  multipleOf: 5,
  allowedValue: 'a',
  allowedValues: ['a', 'b'],
  property: 'a',
  missingProperty: 'b',
  propertyName: 'c',
  unevaluatedProperty: 'd',
};

/** Every text of the catalog: its sentences, and the tables keyed by a framework's codes. */
const catalogTexts: { name: string; text: string }[] = [
  ...(Object.keys(messages) as (keyof Messages)[]).map((key) => ({ name: key, text: catalogText(key) })),
  ...Object.entries({ ...frameworkMessages, ...contextNames, ...posFailureReasons, ...validationFallbacks }).map(
    ([name, text]) => ({ name, text }),
  ),
  ...Object.entries(statusMessages).map(([status, text]) => ({ name: `status ${status}`, text })),
  ...Object.entries(keywordReasons).map(([keyword, reason]) => ({
    name: `keyword ${keyword}`,
    text: reason(AJV_PARAMS),
  })),
];

/**
 * The spec's own sentences (sections 2.3, 5 and 8) that the API answers, copied from the spec character for character
 * (its ‘ in the category title's too), with the key that holds each.
 */
const SPEC_TEXTS: [keyof Messages, string][] = [
  ['tokenRequired', 'Token topilmadi! Iltimos, qayta tizimga kiring.'],
  ['loginFailed', 'Login yoki parol xato'],
  ['selectRestaurantAndManager', 'Iltimos, restoran va menedjer tanlang!'],
  ['syncFailed', 'Restoranni yangilashda xatolik yuz berdi!'],
  ['createFailed', "Restoran qo'shishda xatolik yuz berdi!"],
  ['listFailed', "Xatolik yuz berdi! Ma'lumotlarni olib bo'lmadi."],
  ['categoryTitleRequired', 'Kategoriya nomi bo‘sh bo‘lishi mumkin emas!'],
  ['categoryDeleted', "Kategoriya muvaffaqiyatli o'chirildi!"],
  ['productDeleted', "Mahsulot muvaffaqiyatli o'chirildi!"],
  ['optionRequired', 'Avval opsiya tanlang'],
  ['optionDeleted', "Variant o'chirildi"],
  ['rowDeleted', "Qator o'chirildi"],
];

describe('the server message catalog', () => {
  it('holds every sentence once: no key of one area hides another area’s', () => {
    const keys = Object.values(messageAreas).flatMap((area) => Object.keys(area));
    expect(keys.length).toBeGreaterThan(100);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    expect(Object.keys(messages).sort()).toEqual([...keys].sort());
  });

  it('names each sentence by its situation, as an English camelCase key', () => {
    expect(Object.keys(messages).filter((key) => !/^[a-z][a-zA-Z0-9]*$/.test(key))).toEqual([]);
  });

  it('has no empty text, nor an unfilled value', () => {
    expect(catalogTexts.filter(({ text }) => text.trim() === '' || /undefined|NaN|\[object/.test(text))).toEqual([]);
  });

  it.each(SPEC_TEXTS)('answers the spec’s text verbatim under %s', (key, text) => {
    expect(messages[key]).toBe(text);
    // The panel's copy of the spec's texts (lib/uz.ts, reviewed character for character) says the same.
    expect(Object.values(uz)).toContain(text);
  });

  it('fills a sentence’s values in where they belong', () => {
    expect(messages.tooManyAttempts(90)).toBe("Juda ko'p urinish. Iltimos, 2 daqiqadan so'ng qayta urinib ko'ring.");
    expect(messages.tooManyRows('items.0.row_ids', 'Osh', 'Salat', 1)).toBe(
      '"items.0.row_ids" maydoni noto\'g\'ri: "Osh" uchun "Salat" dan faqat bittasini tanlash mumkin.',
    );
    expect(messages.orderMoveRefused('served', 'cancelled')).toBe(
      'Buyurtma hozir "berilgan": uni "bekor qilingan" holatiga o\'tkazib bo\'lmaydi.',
    );
  });
});

describe('Uzbek sentences in server code', () => {
  const files = sourceFiles(root, ['server']).filter((file) => !OWN_TEXTS.some((own) => file.startsWith(own)));

  it('reads the whole server', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('recognises every text of the catalog as Uzbek (so one written inline again is found)', () => {
    expect(catalogTexts.filter(({ text }) => !looksUzbek(text))).toEqual([]);
  });

  it('takes English for English: log lines and API docs are not Uzbek to it', () => {
    expect(looksUzbek('Telegram: answerCallbackQuery failed')).toBe(false);
    expect(looksUzbek("Extra price in so'm, ≥ 0, at most 2 decimals")).toBe(false);
    expect(looksUzbek('Scheduled POS sync failed')).toBe(false);
  });

  it('are written only in the catalog (server/messages)', () => {
    const inline = files.flatMap((file) =>
      literalsOf(file)
        .filter(({ text }) => looksUzbek(text))
        .filter(({ text }) => !ALLOWED.some((allowed) => allowed.file === file && allowed.text === text))
        .map(({ line, text }) => `${file}:${line}: ${text}`),
    );
    expect(inline).toEqual([]);
  });

  it('keeps its allowlist current: each entry is still where it says', () => {
    const stale = ALLOWED.filter(({ file, text }) => !literalsOf(file).some((literal) => literal.text === text));
    expect(stale).toEqual([]);
  });
});
