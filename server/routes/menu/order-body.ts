import { createHash } from 'node:crypto';

interface OrderBodyItem {
  product_id: string;
  quantity: number;
  row_ids?: string[];
}

/**
 * What an order's Idempotency-Key promises to repeat: sha256 of its lines (product, quantity, the chosen rows in any
 * order) and its trimmed comment. The table is the key's scope, not part of the hash. A replay with the same key and
 * another hash is a different order under a reused key: 422, never the first order in its place.
 */
export function orderBodyHash(body: { items: readonly OrderBodyItem[]; comment?: string }): string {
  const canonical = {
    items: body.items.map((item) => ({
      product_id: item.product_id,
      quantity: item.quantity,
      row_ids: [...(item.row_ids ?? [])].sort(),
    })),
    comment: (body.comment ?? '').trim(),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}
