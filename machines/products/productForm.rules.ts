import type { ProductChanges, ProductInput } from '../../client/products';
import type { Role } from '../../client/types';
import { uz } from '../../lib/uz';
import { uzCatalog } from '../../lib/uz-catalog';
import { uzPayments } from '../../lib/uz-payments';
import { isBlank } from '../dialog/dialog.rules';
import type { DialogConfig, FieldErrors, FormValue, FormValues } from '../dialog/dialog.types';
import { scheduleToCreate, scheduleToUpdate, withSchedule } from '../shared/schedule.rules';
import {
  TRANSLATED_FIELDS,
  translationsToCreate,
  translationsToUpdate,
  withTranslations,
} from '../shared/translations.rules';
import { factsToCreate, factsToUpdate, withDishFacts } from './dishFacts.rules';

/**
 * The product form (spec 5): name, category and price are required, description optional; images are uploaded in
 * the create form (spec 5) and in the edit form too (added, removed, reordered). Their URLs ride in the
 * form as `images`, a JSON list (compared as text, so an unchanged list is not sent), while `imagesUploading` holds
 * the form until the upload ends. The fiscal codes of a Payme receipt (IKPU, package code) are optional.
 */

/** A price as typed: a number ≥ 0 (spaces as thousands separators allowed), else null. */
export function parsePrice(value: unknown): number | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const number = Number(value.replace(/\s/g, '').replace(',', '.'));
  return Number.isFinite(number) && number >= 0 ? number : null;
}

/**
 * The panel's forms take whole so'm: a fraction (11500.5) is an error rather than a price the menu would show as
 * 11 500 so'm (every place rounds down). The API still accepts up to 2 decimals, as a POS may send them. An empty
 * price is an error too, never a silent 0 (`whenEmpty`: the row form says a free row is typed 0).
 */
export function priceError(value: FormValue | undefined, whenEmpty: string = uz.required): string | null {
  if (isBlank(value)) return whenEmpty;
  const price = parsePrice(value);
  if (price === null) return uzCatalog.priceInvalid;
  return Number.isInteger(price) ? null : uzCatalog.priceWhole;
}

/**
 * A stored price as the form shows it: whole so'm rounded down, the figure every place shows (formatPrice). The
 * form's starting value is this too, so a price the API stored with tiyin (a POS's 11500.5) is not sent, and kept,
 * unless the manager types a new one.
 */
export function formPrice(price: unknown): string {
  return typeof price === 'number' && Number.isFinite(price) ? String(Math.floor(price)) : '';
}

/** A code as typed, without the spaces people group digits with ('10202 00100 1000000'); '' when not typed. */
export function fiscalCode(value: FormValue | undefined): string {
  return typeof value === 'string' ? value.replace(/\s/g, '') : '';
}

/** The server's limits (server/schemas/products.ts): IKPU exactly 17 digits, the package code 1-20 digits. */
const IKPU = /^\d{17}$/;
const PACKAGE_CODE = /^\d{1,20}$/;

export function ikpuError(value: FormValue | undefined): string | null {
  const code = fiscalCode(value);
  return code === '' || IKPU.test(code) ? null : uzPayments.ikpuInvalid;
}

export function packageCodeError(value: FormValue | undefined): string | null {
  const code = fiscalCode(value);
  return code === '' || PACKAGE_CODE.test(code) ? null : uzPayments.packageCodeInvalid;
}

export function validateProduct(values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (isBlank(values.name)) errors.name = uz.required;
  if (isBlank(values.category_id)) errors.category_id = uz.required;
  const price = priceError(values.price);
  if (price) errors.price = price;
  const ikpu = ikpuError(values.ikpu);
  if (ikpu) errors.ikpu = ikpu;
  const packageCode = packageCodeError(values.package_code);
  if (packageCode) errors.package_code = packageCode;
  if (values.imagesUploading === true) errors.images = uzCatalog.imagesUploading;
  return errors;
}

/** The form of a category's product list: a new product belongs to that category unless the admin picks another. */
export function productFormConfig(categoryId: string): DialogConfig {
  return withTranslations(withSchedule(withDishFacts(productFields(categoryId))), TRANSLATED_FIELDS.product);
}

function productFields(categoryId: string): DialogConfig {
  return {
    empty: {
      name: '',
      category_id: categoryId,
      price: '',
      description: '',
      // Spec 9: default is_active true.
      is_active: true,
      images: '',
      imagesUploading: false,
      ikpu: '',
      package_code: '',
    },
    fromItem: (item) => ({
      name: typeof item.name === 'string' ? item.name : '',
      category_id: typeof item.category_id === 'string' ? item.category_id : categoryId,
      price: formPrice(item.price),
      description: typeof item.description === 'string' ? item.description : '',
      is_active: item.is_active !== false,
      images: imagesValue(itemImageUrls(item.images)),
      imagesUploading: false,
      ikpu: typeof item.ikpu === 'string' ? item.ikpu : '',
      package_code: typeof item.package_code === 'string' ? item.package_code : '',
    }),
    validate: (values) => validateProduct(values),
    messages: {
      created: uzCatalog.productCreated,
      updated: uzCatalog.productUpdated,
      createFailed: uz.productCreateFailed,
      updateFailed: uz.productSaveFailed,
    },
  };
}

/** The uploaded image URLs the form holds. */
export function imageUrls(values: FormValues): string[] {
  if (typeof values.images !== 'string' || values.images === '') return [];
  try {
    const urls: unknown = JSON.parse(values.images);
    return Array.isArray(urls) ? urls.filter((url): url is string => typeof url === 'string') : [];
  } catch {
    return [];
  }
}

export const imagesValue = (urls: string[]) => (urls.length > 0 ? JSON.stringify(urls) : '');

/** A product's `images` (`[{ file }]`) as the URLs the form holds. */
export function itemImageUrls(images: unknown): string[] {
  if (!Array.isArray(images)) return [];
  return images
    .map((image: unknown) => (image && typeof image === 'object' ? (image as { file?: unknown }).file : undefined))
    .filter((file): file is string => typeof file === 'string');
}

export function toProductInput(values: FormValues): ProductInput {
  const translations = translationsToCreate(values, TRANSLATED_FIELDS.product);
  return {
    ...(translations ? { translations } : {}),
    name: String(values.name ?? ''),
    category_id: String(values.category_id ?? ''),
    description: String(values.description ?? ''),
    price: parsePrice(values.price) ?? 0,
    is_active: values.is_active !== false,
    images: imageUrls(values).map((file) => ({ file })),
    // Only when typed: a product without them is the usual case.
    ...(fiscalCode(values.ikpu) ? { ikpu: fiscalCode(values.ikpu) } : {}),
    ...(fiscalCode(values.package_code) ? { package_code: fiscalCode(values.package_code) } : {}),
    ...factsToCreate(values),
    ...scheduleToCreate(values),
  };
}

/** Changed values → the update body. Spec 6: a manager's form has no category, and none is ever sent. */
export function toProductChanges(changes: FormValues, role: Role): ProductChanges {
  const body: ProductChanges = {};
  if (typeof changes.name === 'string') body.name = changes.name;
  if (typeof changes.description === 'string') body.description = changes.description;
  if (typeof changes.price === 'string') body.price = parsePrice(changes.price) ?? 0;
  if (typeof changes.is_active === 'boolean') body.is_active = changes.is_active;
  if (typeof changes.category_id === 'string' && role === 'admin') body.category_id = changes.category_id;
  // The whole list in its new order (the API replaces it): '' when every image was removed.
  if (typeof changes.images === 'string') body.images = imageUrls(changes).map((file) => ({ file }));
  // A code emptied is removed (null); the server keeps what the body does not name.
  if (typeof changes.ikpu === 'string') body.ikpu = fiscalCode(changes.ikpu) || null;
  if (typeof changes.package_code === 'string') body.package_code = fiscalCode(changes.package_code) || null;
  Object.assign(body, factsToUpdate(changes), scheduleToUpdate(changes));
  const translations = translationsToUpdate(changes, TRANSLATED_FIELDS.product);
  if (translations) body.translations = translations;
  return body;
}
