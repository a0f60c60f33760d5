import type { CategoryView } from '../server/schemas/categories';
import type { ProductView } from '../server/schemas/products';
import { type CallOptions, request } from './client';

/**
 * The stop-list screen's calls (spec 2.11, 4, 7). A whole restaurant loads in two requests made side by side:
 * its categories (`GET /user/category?restaurant_id=`, inactive ones too for the owner) and all its products
 * (`GET /manager/products?restaurant_id=`, in menu order) — not one request per category. A move is one bulk call
 * that applies the spec 4 category cascade in one transaction on the server.
 */

/** The category fields the screen uses (the answer carries more). */
export type StopListCategory = Pick<CategoryView, '_id' | 'title' | 'is_active'>;
/** The product fields the screen uses (the answer carries more). */
export type StopListProduct = Pick<ProductView, '_id' | 'name' | 'category_id' | 'is_active' | 'images'>;

/** What the bulk call changed: products whose is_active changed, categories the cascade changed. */
export interface AvailabilityChange {
  products: string[];
  categories: { _id: string; is_active: boolean }[];
}

/** GET /user/category?restaurant_id= → `{ categories, count }`, in display order. */
export async function restaurantCategories(restaurantId: string, options: CallOptions = {}) {
  const answer = await request<{ categories: StopListCategory[] }>('/user/category', {
    ...options,
    query: { restaurant_id: restaurantId },
  });
  return answer.categories;
}

/** GET /manager/products?restaurant_id= → `{ data }`: every product of the restaurant, in menu order. */
export async function restaurantProducts(restaurantId: string, options: CallOptions = {}) {
  const answer = await request<{ data: StopListProduct[] }>('/manager/products', {
    ...options,
    query: { restaurant_id: restaurantId },
  });
  return answer.data;
}

/** PUT /manager/products/availability `{ ids, is_active }` → `{ data: { products, categories } }`. */
export async function setProductsAvailability(ids: string[], isActive: boolean, options: CallOptions = {}) {
  const answer = await request<{ data: AvailabilityChange }>('/manager/products/availability', {
    ...options,
    method: 'PUT',
    body: { ids, is_active: isActive },
  });
  return answer.data;
}

/** A stored image's thumbnail (`/uploads/<name>.webp` → `/uploads/<name>-thumb.webp`, made beside it on upload). */
export function thumbnailOf(url: string | undefined): string | null {
  if (!url) return null;
  return url.endsWith('.webp') ? url.replace(/\.webp$/, '-thumb.webp') : url;
}
