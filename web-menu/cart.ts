/**
 * The diner's cart: pure functions over plain data (kept in sessionStorage as it is). Money is summed in tiyin
 * (whole hundredths) so a row priced 12 000.50 never leaves a float's remainder in the total; the server computes
 * the real total anyway, this one is what the diner sees before ordering.
 */
export interface CartRow {
  _id: string;
  name: string;
  price: number;
}

export interface CartLine {
  /** The product and its chosen rows: the same dish with the same choice is one line with a quantity. */
  key: string;
  product_id: string;
  name: string;
  price: number;
  rows: CartRow[];
  quantity: number;
}

export interface Cart {
  lines: CartLine[];
  comment: string;
  /**
   * The Idempotency-Key of the submission under way: made at the first "order" tap and sent again on every retry,
   * so a request that reached the server before the network failed is answered with its order, never doubled. Cleared
   * when an order is confirmed (or the cart is emptied): the next order is a new submission.
   */
  idempotencyKey?: string;
}

/** The API's limits: 1-50 of a dish, at most 50 lines, a comment of at most 300 characters. */
export const MAX_QUANTITY = 50;
export const MAX_LINES = 50;
export const MAX_COMMENT = 300;

export const emptyCart = (): Cart => ({ lines: [], comment: '' });

export function lineKey(productId: string, rows: readonly CartRow[]): string {
  return `${productId}:${rows
    .map((r) => r._id)
    .sort()
    .join(',')}`;
}

const tiyin = (value: number) => Math.round(value * 100);

export function lineTotal(line: CartLine): number {
  return (line.quantity * rowsTiyin(line)) / 100;
}

function rowsTiyin(line: CartLine): number {
  return line.rows.reduce((sum, r) => sum + tiyin(r.price), tiyin(line.price));
}

export function cartTotal(cart: Cart): number {
  return cart.lines.reduce((sum, line) => sum + line.quantity * rowsTiyin(line), 0) / 100;
}

export function cartCount(cart: Cart): number {
  return cart.lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** One more of a dish (a new line, or one more on the line with the same choice); false when a limit says no. */
export function addToCart(cart: Cart, item: Omit<CartLine, 'key' | 'quantity'>): boolean {
  const key = lineKey(item.product_id, item.rows);
  const line = cart.lines.find((l) => l.key === key);
  if (line) {
    if (line.quantity >= MAX_QUANTITY) return false;
    line.quantity++;
    return true;
  }
  if (cart.lines.length >= MAX_LINES) return false;
  cart.lines.push({ ...item, key, quantity: 1 });
  return true;
}

/** Sets a line's quantity within 1-50; 0 removes the line. */
export function setQuantity(cart: Cart, key: string, quantity: number): void {
  if (quantity <= 0) {
    removeLine(cart, key);
    return;
  }
  const line = cart.lines.find((l) => l.key === key);
  if (line) line.quantity = Math.min(MAX_QUANTITY, Math.floor(quantity));
}

export function removeLine(cart: Cart, key: string): void {
  cart.lines = cart.lines.filter((l) => l.key !== key);
  if (cart.lines.length === 0) delete cart.idempotencyKey;
}

/** Drops every line of these products (a 409's `unavailable`); answers the names removed, once each. */
export function removeProducts(cart: Cart, productIds: readonly string[]): string[] {
  const names: string[] = [];
  for (const line of cart.lines) {
    if (productIds.includes(line.product_id) && !names.includes(line.name)) names.push(line.name);
  }
  cart.lines = cart.lines.filter((l) => !productIds.includes(l.product_id));
  if (cart.lines.length === 0) delete cart.idempotencyKey;
  return names;
}

/** A cart read back from storage: anything malformed (an older shape, a hand edit) is an empty cart. */
export function validCart(value: unknown): Cart {
  const cart = value as Cart | undefined;
  if (!cart || !Array.isArray(cart.lines) || typeof cart.comment !== 'string') return emptyCart();
  const lines = cart.lines.filter(
    (l) =>
      l &&
      typeof l.key === 'string' &&
      typeof l.product_id === 'string' &&
      typeof l.name === 'string' &&
      typeof l.price === 'number' &&
      Array.isArray(l.rows) &&
      Number.isInteger(l.quantity) &&
      l.quantity >= 1 &&
      l.quantity <= MAX_QUANTITY,
  );
  const out: Cart = { lines: lines.slice(0, MAX_LINES), comment: cart.comment.slice(0, MAX_COMMENT) };
  if (typeof cart.idempotencyKey === 'string' && lines.length > 0) out.idempotencyKey = cart.idempotencyKey;
  return out;
}
