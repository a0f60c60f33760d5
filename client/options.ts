import type { OptionRowView, OptionView } from '../server/schemas/options';
import { type CallOptions, request } from './client';
import type { TranslationsInput } from './types';

/** Spec 3: a product option with its rows, and an option row. */
export type ProductOption = OptionView;
export type OptionRow = OptionRowView;

const enc = encodeURIComponent;

/** GET /manager/product-option/product/{productId} → an array of options, each with its rows (not wrapped). */
export function listOptions(productId: string, options: CallOptions = {}) {
  return request<ProductOption[]>(`/manager/product-option/product/${enc(productId)}`, options);
}

/**
 * How many of an option's rows a diner chooses: `min_choices` 0..20 (0: optional), `max_choices` 1..20 (1: its rows
 * are alternatives, as a portion is; more: several rows, each once), min ≤ max. `required` is min_choices > 0: a body
 * that sends both must agree (the panel sends the counts alone).
 */
export type OptionChoices = { required?: boolean; min_choices?: number; max_choices?: number };

/** POST /manager/product-option body (counts not sent: 0 and 1). */
export type OptionInput = { product_id: string; name: string; translations?: TranslationsInput } & OptionChoices;
/** PUT /manager/product-option/{id} body: the changed fields (counts not sent stay). */
export type OptionChanges = { name?: string; translations?: TranslationsInput } & OptionChoices;

/** POST /manager/product-option → 201 the option itself (`_id` at the top). */
export function createOption(input: OptionInput, options: CallOptions = {}) {
  return request<ProductOption>('/manager/product-option', { ...options, method: 'POST', body: { ...input } });
}

/**
 * PUT /manager/product-option/{id} `{ name?, translations?, required?, min_choices?, max_choices? }` (the changed ones)
 * → the option with its rows. A 400 when the minimum would exceed the maximum.
 */
export function renameOption(id: string, changes: OptionChanges, options: CallOptions = {}) {
  return request<ProductOption>(`/manager/product-option/${enc(id)}`, { ...options, method: 'PUT', body: changes });
}

/** DELETE /manager/product-option/{id} (its rows go with it). */
export async function deleteOption(id: string, options: CallOptions = {}): Promise<void> {
  await request(`/manager/product-option/${enc(id)}`, { ...options, method: 'DELETE' });
}

/** GET /manager/product-option-row/{optionId} → `{ data }`: the option's rows in creation order. */
export async function listRows(optionId: string, options: CallOptions = {}) {
  const answer = await request<{ data: OptionRow[] }>(`/manager/product-option-row/${enc(optionId)}`, options);
  return answer.data;
}

export interface RowInput {
  product_option_id: string;
  name: string;
  price: number;
  /** The name in other languages (only languages with a text). */
  translations?: TranslationsInput;
}

/** POST /manager/product-option-row → 201 `{ data }`. */
export async function createRow(input: RowInput, options: CallOptions = {}) {
  const answer = await request<{ data: OptionRow }>('/manager/product-option-row', {
    ...options,
    method: 'POST',
    body: { ...input },
  });
  return answer.data;
}

/** PUT /manager/product-option-row/{id} with only the changed fields → `{ data }`. */
export async function updateRow(
  id: string,
  changes: Partial<Pick<RowInput, 'name' | 'price' | 'translations'>>,
  options: CallOptions = {},
) {
  const answer = await request<{ data: OptionRow }>(`/manager/product-option-row/${enc(id)}`, {
    ...options,
    method: 'PUT',
    body: changes,
  });
  return answer.data;
}

/** DELETE /manager/product-option-row/{id}. */
export async function deleteRow(id: string, options: CallOptions = {}): Promise<void> {
  await request(`/manager/product-option-row/${enc(id)}`, { ...options, method: 'DELETE' });
}
