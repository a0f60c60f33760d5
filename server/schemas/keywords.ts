import type { FastifyServerOptions } from 'fastify';
import { uzPhoneDigits } from '../../lib/format';

/**
 * Our own JSON-schema keywords, registered once with the request validator (buildApp's `ajv.customOptions`) and
 * compiled into every route's validator like the standard ones. Only request schemas use them; answers never do.
 *
 * - `noControlCharacters: 'single-line' | 'multi-line'`: no C0 control (NUL, ESC…), DEL or C1 control. PostgreSQL
 *   cannot store a NUL at all (a 500 before this rule), and the others are invisible garbage in a name or a URL.
 *   'multi-line' text (a description) keeps tab, line feed and carriage return.
 * - `notBlank: true`: at least one visible character. Whitespace and characters that render as nothing (zero-width
 *   space U+200B, joiners U+200C/U+200D, word joiner U+2060, BOM U+FEFF, Hangul filler U+3164…) do not count, so a
 *   name made only of them is refused like an empty one.
 * - `maxDecimals: n`: a number with at most n decimals (so'm and tiyin: 2). Checked by rounding, because the
 *   standard `multipleOf: 0.01` is floating-point-unsafe (0.07 / 0.01 is 7.000000000000001, so 0.07 would be refused).
 * - `uzPhone: 'required' | 'or-empty'`: an Uzbek phone number, its 9 digits alone or after +998 / 998 / 8, spaces,
 *   hyphens and parentheses allowed (the rule of lib/format.ts the panel's forms use too). 'or-empty' also lets a blank text through: an integration restaurant
 *   may have no phone (the route decides who may leave it empty).
 */

type AjvOptions = NonNullable<NonNullable<FastifyServerOptions['ajv']>['customOptions']>;
type KeywordDefinitions = NonNullable<AjvOptions['keywords']>;

export type TextLines = 'single-line' | 'multi-line';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const SINGLE_LINE_CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const MULTI_LINE_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Unicode's White_Space and Default_Ignorable_Code_Point (zero-width characters, joiners, fillers, variation
 * selectors, bidi marks) plus the braille blank U+2800, which fonts draw as nothing.
 */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\u2800]*$/u;

export function hasControlCharacters(text: string, lines: TextLines): boolean {
  return (lines === 'multi-line' ? MULTI_LINE_CONTROL : SINGLE_LINE_CONTROL).test(text);
}

/** Empty, or only whitespace and characters that show nothing. */
export function isBlank(text: string): boolean {
  return INVISIBLE_ONLY.test(text);
}

/** At most `places` decimals; x·10ⁿ stays an exact integer far beyond MAX_PRICE·100 (< 2⁵³). */
export function hasAtMostDecimals(value: number, places: number): boolean {
  const scale = 10 ** places;
  return Math.round(value * scale) / scale === value;
}

export const schemaKeywords: KeywordDefinitions = [
  {
    keyword: 'noControlCharacters',
    type: 'string',
    schemaType: 'string',
    metaSchema: { enum: ['single-line', 'multi-line'] },
    errors: false,
    validate: (lines: TextLines, data: string) => !hasControlCharacters(data, lines),
  },
  {
    keyword: 'notBlank',
    type: 'string',
    schemaType: 'boolean',
    errors: false,
    validate: (required: boolean, data: string) => !required || !isBlank(data),
  },
  {
    keyword: 'uzPhone',
    type: 'string',
    schemaType: 'string',
    metaSchema: { enum: ['required', 'or-empty'] },
    errors: false,
    validate: (mode: 'required' | 'or-empty', data: string) =>
      uzPhoneDigits(data) !== null || (mode === 'or-empty' && isBlank(data)),
  },
  {
    keyword: 'maxDecimals',
    type: 'number',
    schemaType: 'number',
    metaSchema: { type: 'integer', minimum: 0, maximum: 6 },
    validate: validateDecimals,
  },
];

/** Reports the allowed number of decimals as `params.limit`, like ajv's own limits, for the Uzbek message. */
function validateDecimals(places: number, data: number): boolean {
  if (hasAtMostDecimals(data, places)) return true;
  validateDecimals.errors = [{ keyword: 'maxDecimals', params: { limit: places } }];
  return false;
}
validateDecimals.errors = [] as Array<{ keyword: string; params: Record<string, unknown> }>;
