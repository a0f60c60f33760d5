import { describe, expect, it } from 'vitest';
import { uz } from '../../lib/uz';
import { uzCatalog } from '../../lib/uz-catalog';
import { uzDishFacts } from '../../lib/uz-dish-facts';
import { uzInsights } from '../../lib/uz-insights';
import { LINE_STATUS_NAMES, uzKitchen } from '../../lib/uz-kitchen';
import { uzOrdering } from '../../lib/uz-ordering';
import { uzTelegram } from '../../lib/uz-telegram';
import { UNKNOWN_MANAGER } from '../../server/repositories/users';
import { MANAGER_DELETED, MANAGER_HAS_RESTAURANTS, MANAGER_NOT_FOUND } from '../../server/routes/admin/managers';
import { PRODUCT_NAME_REQUIRED } from '../../server/routes/manager/products';
import { OPTION_NAME_REQUIRED, ROW_NAME_REQUIRED } from '../../server/schemas/options';

/**
 * One word for one thing in the texts we write. lib/uz.ts's first block is the spec's, kept as given (its
 * top comment lists where the spec differs); from `appName` on the texts are ours, and so are the server's own
 * messages a manager reads.
 */

/**
 * Every text of lib/uz.ts, lib/uz-catalog.ts, lib/uz-ordering.ts and lib/uz-telegram.ts, a function's with sample
 * arguments, a list's items joined.
 */
function text(value: unknown): string {
  if (Array.isArray(value)) return value.map(text).join('\n');
  return typeof value === 'function' ? String(value('X', 2, 3)) : String(value);
}

const keys = Object.keys(uz) as (keyof typeof uz)[];
const ours = [
  ...keys.slice(keys.indexOf('appName')).map((key) => [key, text(uz[key])] as const),
  // The editors', ordering's and Telegram's panel texts, apart from lib/uz.ts for the login page's size: ours too.
  ...Object.entries(uzCatalog).map(([key, value]) => [key, text(value)] as const),
  ...Object.entries(uzOrdering).map(([key, value]) => [key, text(value)] as const),
  ...Object.entries(uzTelegram).map(([key, value]) => [key, text(value)] as const),
  ...Object.entries(uzKitchen).map(([key, value]) => [key, text(value)] as const),
  ...Object.entries(uzDishFacts).map(([key, value]) => [key, text(value)] as const),
  ...Object.entries(uzInsights).map(([key, value]) => [key, text(value)] as const),
  ...Object.entries(LINE_STATUS_NAMES).map(([key, value]) => [key, value] as const),
];
const serverMessages = [
  UNKNOWN_MANAGER,
  MANAGER_DELETED,
  MANAGER_HAS_RESTAURANTS,
  MANAGER_NOT_FOUND,
  PRODUCT_NAME_REQUIRED,
  OPTION_NAME_REQUIRED,
  ROW_NAME_REQUIRED,
].map((message, i) => [`server message ${i + 1}`, message] as const);
const written = [...ours, ...serverMessages];

describe('the words of the texts we write', () => {
  it('starts our block where the spec block ends', () => {
    expect(ours.length).toBeGreaterThan(100);
  });

  it.each([
    ['a manager is "Menedjer"', /menejer/i],
    ['a price is "Narxi"', /narh/i],
    ['a category is "Kategoriya"', /toifa/i],
    ['inactive is "Nofaol"', /no faol|faol emas|faolsiz/i],
    ['an option is "Opsiya"', /parametr|variant|\boption/i],
    ['the apostrophe is the plain one', /[‘’ʻʼ`]/],
  ])('%s', (_, wrong) => {
    expect(written.filter(([, value]) => wrong.test(value))).toEqual([]);
  });

  it("the row form's price is 'Narxi' (the spec's 'Narhi' misspelt it)", () => {
    expect(uz.rowPrice).toBe('Narxi');
    expect(uz.price).toBe('Narxi');
  });
});
