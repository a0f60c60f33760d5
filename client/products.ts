import type { Allergen, DishTag, Portion } from '../lib/dish-facts';
import type { Schedule } from '../lib/schedule-types';
import type { ProductView, ProductWithOptionsView } from '../server/schemas/products';
import { type CallOptions, request } from './client';
import { savePositions } from './positions';
import type { Counts, TranslationsInput } from './types';
import { postMultipart, uploadError } from './upload';

/** Spec 3: a product; the public reads add its options and rows. */
export type Product = ProductView;
export type ProductWithOptions = ProductWithOptionsView;

const enc = encodeURIComponent;

export interface CategoryProducts {
  products: ProductWithOptions[];
  count: Counts;
}

/** GET /user/products/category/?category_id= → `data.products`, `data.count` (the owner sees inactive ones too). */
export async function listCategoryProducts(categoryId: string, options: CallOptions = {}) {
  const answer = await request<{ data: CategoryProducts }>('/user/products/category/', {
    ...options,
    query: { category_id: categoryId },
  });
  return answer.data;
}

/**
 * GET /manager/products?category_id= → `data`: the category's products for its owner (or an admin) only; another
 * manager's category answers 404. Without a category: every product of the manager's restaurants. The manager's screens read this, so they never show another tenant's menu.
 */
export async function listManagerProducts(categoryId: string | undefined, options: CallOptions = {}) {
  const answer = await request<{ data: Product[] }>('/manager/products', {
    ...options,
    ...(categoryId ? { query: { category_id: categoryId } } : {}),
  });
  return answer.data;
}

/** GET /user/products/{id} → `data`: the product with its options and rows. */
export async function getProduct(id: string, options: CallOptions = {}) {
  const answer = await request<{ data: ProductWithOptions }>(`/user/products/${enc(id)}`, options);
  return answer.data;
}

export interface ProductInput {
  name: string;
  category_id: string;
  description: string;
  price: number;
  is_active: boolean;
  images: Array<{ file: string }>;
  /** Name and description in other languages (only languages with a text). */
  translations?: TranslationsInput;
  /** The Payme receipt's codes: IKPU (MXIK), 17 digits, and the package code (digits); null removes one. */
  ikpu?: string | null;
  package_code?: string | null;
  /** A dish's facts, each optional; an update's null (or []) clears one, and the POS sync then leaves it alone. */
  portion?: Portion | null;
  calories?: number | null;
  spiciness?: number;
  tags?: DishTag[];
  allergens?: Allergen[];
  /** When it is served (the restaurant's time zone); null: always. */
  schedule?: Schedule | null;
}

/** POST /manager/products → 201 `data` (with `data.id`). */
export async function createProduct(input: ProductInput, options: CallOptions = {}) {
  const answer = await request<{ data: Product & { id: string } }>('/manager/products', {
    ...options,
    method: 'POST',
    body: { ...input },
  });
  return answer.data;
}

export type ProductChanges = Partial<ProductInput>;

/**
 * PUT /manager/products/{id} with only the changed fields → `{ data }`. `images` replaces the product's list (the
 * edit form's added, removed and reordered pictures); files no longer used are deleted by the server.
 */
export async function updateProduct(id: string, changes: ProductChanges, options: CallOptions = {}) {
  const answer = await request<{ data: Product }>(`/manager/products/${enc(id)}`, {
    ...options,
    method: 'PUT',
    body: changes,
  });
  return answer.data;
}

/** DELETE /manager/products/{id} (its options, rows and images go with it). */
export async function deleteProduct(id: string, options: CallOptions = {}): Promise<void> {
  await request(`/manager/products/${enc(id)}`, { ...options, method: 'DELETE' });
}

/** PUT /manager/products/order: every product id of the category once, in its new position. */
export const saveProductPositions = (categoryId: string, ids: string[], options: CallOptions = {}) =>
  savePositions<Product>('products', categoryId, ids, options);

export interface ImagesUpload {
  files: Array<Blob & { name?: string }>;
  onProgress?: (progress: { loaded: number; total: number }) => void;
  signal?: AbortSignal;
}

/**
 * POST /manager/upload with `files` only: the server stores the images and answers their URLs (`data`), which the
 * product form then sends as `images: [{ file }]` when it creates the product. Goes through the shared
 * `postMultipart` (XMLHttpRequest for upload progress; bearer token, ApiError, 401 reported to the app).
 */
export async function uploadProductImages(upload: ImagesUpload): Promise<string[]> {
  const body = await postMultipart(
    () => {
      const form = new FormData();
      upload.files.forEach((file, i) => {
        form.append('files', file, file.name ?? `image-${i + 1}.png`);
      });
      return form;
    },
    { onProgress: upload.onProgress, signal: upload.signal },
  );
  // A 2xx without a URL list is a broken answer, not a success: the form would save a product without its images.
  if (Array.isArray(body?.data)) return body.data.filter((url): url is string => typeof url === 'string');
  throw uploadError(502, body);
}
