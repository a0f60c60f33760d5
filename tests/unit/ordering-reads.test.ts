import { describe, expect, it } from 'vitest';
import { OrderingReads } from '../../server/domain/orders/ordering-reads';
import type { OrderReadRequest, OrderReads, PricedProduct, PricedRow } from '../../server/repositories/order-placing';

/**
 * The dishes orders named, remembered by restaurant (domain/orders/ordering-reads.ts): what the database is asked
 * for an order, and what the order is priced with. The reads here are the database's answers as a test writes them.
 */

const product = (id: string, price = '25000.00'): PricedProduct => ({
  _id: id,
  name: `Taom ${id}`,
  price,
  available: true,
  schedule: null,
  category_schedule: null,
  station_id: null,
  option_rules: [],
});
const row = (id: string, productId: string): PricedRow => ({
  _id: id,
  name: `Qator ${id}`,
  price: '3000.00',
  option_id: `option of ${productId}`,
  product_id: productId,
});

const request = (
  restaurantId: string,
  productIds: string[],
  rowIds: string[] = [],
  token = 'token',
): OrderReadRequest => ({
  restaurantId,
  token,
  deviceId: 'phone',
  key: 'key',
  productIds,
  rowIds,
});

/**
 * A database of these dishes and of the table of token `token`: every read's request is recorded; `hold` keeps the
 * next answer until released.
 */
function database(products: PricedProduct[], rows: PricedRow[] = []) {
  const asked: Array<{ productIds: string[]; rowIds: string[] }> = [];
  let held: Promise<void> | undefined;
  const readFrom = async (narrowed: OrderReadRequest): Promise<OrderReads> => {
    asked.push({ productIds: narrowed.productIds, rowIds: narrowed.rowIds });
    const answer: OrderReads = {
      table: narrowed.token === 'token' ? { _id: 'table', name: '5', is_active: true, keyUsed: false } : null,
      products: new Map(products.filter((p) => narrowed.productIds.includes(p._id)).map((p) => [p._id, p])),
      rows: new Map(rows.filter((r) => narrowed.rowIds.includes(r._id)).map((r) => [r._id, r])),
    };
    await held;
    return answer;
  };
  const hold = () => {
    let release = () => {};
    held = new Promise<void>((resolve) => {
      release = () => {
        held = undefined;
        resolve();
      };
    });
    return release;
  };
  return { asked, readFrom, hold, products, rows };
}

const ids = (reads: OrderReads) => ({ products: [...reads.products.keys()], rows: [...reads.rows.keys()] });

describe('the tables and dishes orders named', () => {
  it('reads nothing once the table and every dish and row were read, the key then not looked for', async () => {
    const db = database([product('osh'), product('choy')], [row('katta', 'osh')]);
    const remembered = new OrderingReads();
    const first = await remembered.read(request('r1', ['osh', 'choy'], ['katta']), db.readFrom);
    expect(first.table?.keyUsed).toBe(false);
    const again = await remembered.read(request('r1', ['choy', 'osh'], ['katta']), db.readFrom);
    expect(db.asked).toHaveLength(1);
    expect(again.table).toEqual({ _id: 'table', name: '5', is_active: true, keyUsed: null });
    expect(ids(again)).toEqual({ products: ['choy', 'osh'], rows: ['katta'] });
    // Another table's token, a dish not read yet: read, with the key looked for.
    await remembered.read(request('r1', ['osh'], [], 'other'), db.readFrom);
    expect((await remembered.read(request('r1', ['osh', 'somsa']), db.readFrom)).table?.keyUsed).toBe(false);
    expect(db.asked).toEqual([
      { productIds: ['osh', 'choy'], rowIds: ['katta'] },
      { productIds: [], rowIds: [] },
      { productIds: ['somsa'], rowIds: [] },
    ]);
  });

  it('does not remember a token no table has: a guess is read again each time', async () => {
    const db = database([product('osh')]);
    const remembered = new OrderingReads();
    await remembered.read(request('r1', ['osh'], [], 'guess'), db.readFrom);
    const again = await remembered.read(request('r1', ['osh'], [], 'guess'), db.readFrom);
    expect(again.table).toBeNull();
    expect(db.asked).toHaveLength(2);
  });

  it('asks the database only for the dishes and rows no order of the restaurant named before, and prices with all', async () => {
    const db = database([product('osh'), product('choy')], [row('katta', 'osh')]);
    const remembered = new OrderingReads();
    await remembered.read(request('r1', ['osh'], ['katta']), db.readFrom);
    const second = await remembered.read(request('r1', ['osh', 'choy'], ['katta']), db.readFrom);
    expect(db.asked).toEqual([
      { productIds: ['osh'], rowIds: ['katta'] },
      { productIds: ['choy'], rowIds: [] },
    ]);
    expect(ids(second)).toEqual({ products: ['osh', 'choy'], rows: ['katta'] });
    expect(second.table?._id).toBe('table');
  });

  it('keeps each restaurant’s dishes apart', async () => {
    const db = database([product('osh')]);
    const remembered = new OrderingReads();
    await remembered.read(request('r1', ['osh']), db.readFrom);
    await remembered.read(request('r2', ['osh']), db.readFrom);
    await remembered.read(request('r2', ['osh']), db.readFrom);
    expect(db.asked.map((asked) => asked.productIds)).toEqual([['osh'], ['osh']]);
  });

  it('reads a restaurant’s dishes again after a write to it, and only to it; `null` drops every restaurant’s', async () => {
    const db = database([product('osh')]);
    const remembered = new OrderingReads();
    await remembered.read(request('r1', ['osh']), db.readFrom);
    await remembered.read(request('r2', ['osh']), db.readFrom);
    remembered.invalidate('r1');
    db.products[0] = product('osh', '27000.00');
    const after = await remembered.read(request('r1', ['osh']), db.readFrom);
    expect(after.products.get('osh')?.price).toBe('27000.00');
    await remembered.read(request('r2', ['osh']), db.readFrom);
    remembered.invalidate(null);
    await remembered.read(request('r2', ['osh']), db.readFrom);
    expect(db.asked.map((asked) => asked.productIds)).toEqual([['osh'], ['osh'], ['osh'], ['osh']]);
  });

  it('does not keep a read that was running while the restaurant was written: it may be from before the write', async () => {
    const db = database([product('osh')]);
    const remembered = new OrderingReads();
    const release = db.hold();
    const reading = remembered.read(request('r1', ['osh']), db.readFrom);
    remembered.invalidate('r1');
    release();
    expect(ids(await reading).products).toEqual(['osh']);
    await remembered.read(request('r1', ['osh']), db.readFrom);
    await remembered.read(request('r1', ['osh']), db.readFrom);
    expect(db.asked.map((asked) => asked.productIds)).toEqual([['osh'], ['osh']]);
  });

  it('does not keep what the read did not find, nor a row of a product that is not the restaurant’s', async () => {
    // The other restaurant's product is not found for r1; its row is (rows are found by id alone), and pricing
    // refuses it as not of the ordered dish: it must not outlive that restaurant's writes here.
    const db = database([product('osh')], [row('begona', 'other restaurant’s dish')]);
    const remembered = new OrderingReads();
    await remembered.read(request('r1', ['osh', 'yoq'], ['begona']), db.readFrom);
    const again = await remembered.read(request('r1', ['osh', 'yoq'], ['begona']), db.readFrom);
    expect(db.asked[1]).toEqual({ productIds: ['yoq'], rowIds: ['begona'] });
    expect(ids(again)).toEqual({ products: ['osh'], rows: ['begona'] });
  });

  it('forgets the restaurants remembered first once it holds more than its entries, all restaurants together', async () => {
    const db = database([product('osh'), product('choy')]);
    const remembered = new OrderingReads(4);
    await remembered.read(request('r1', ['osh', 'choy']), db.readFrom);
    expect(remembered.size).toBe(3);
    await remembered.read(request('r2', ['osh']), db.readFrom);
    expect(remembered.size).toBe(2);
    await remembered.read(request('r2', ['osh']), db.readFrom);
    await remembered.read(request('r1', ['osh', 'choy']), db.readFrom);
    expect(db.asked.map((asked) => asked.productIds)).toEqual([['osh', 'choy'], ['osh'], ['osh', 'choy']]);
    remembered.invalidate('r1');
    expect(remembered.size).toBe(0);
  });
});
