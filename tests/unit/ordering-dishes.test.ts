import { describe, expect, it } from 'vitest';
import { OrderingDishes } from '../../server/domain/orders/ordering-dishes';
import type { OrderReadRequest, OrderReads, PricedProduct, PricedRow } from '../../server/repositories/order-placing';

/**
 * The dishes orders named, remembered by restaurant (domain/orders/ordering-dishes.ts): what the database is asked
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

const request = (restaurantId: string, productIds: string[], rowIds: string[] = []): OrderReadRequest => ({
  restaurantId,
  token: 'token',
  deviceId: 'phone',
  key: 'key',
  productIds,
  rowIds,
});

/** A database of these dishes: every read's request is recorded; `hold` keeps the next answer until released. */
function database(products: PricedProduct[], rows: PricedRow[] = []) {
  const asked: Array<{ productIds: string[]; rowIds: string[] }> = [];
  let held: Promise<void> | undefined;
  const readFrom = async (narrowed: OrderReadRequest): Promise<OrderReads> => {
    asked.push({ productIds: narrowed.productIds, rowIds: narrowed.rowIds });
    const answer: OrderReads = {
      table: { _id: 'table', name: '5', is_active: true, keyUsed: false },
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

describe('the dishes orders named', () => {
  it('asks the database only for the dishes and rows no order of the restaurant named before, and prices with all', async () => {
    const db = database([product('osh'), product('choy')], [row('katta', 'osh')]);
    const dishes = new OrderingDishes();
    await dishes.read(request('r1', ['osh'], ['katta']), db.readFrom);
    const second = await dishes.read(request('r1', ['osh', 'choy'], ['katta']), db.readFrom);
    expect(db.asked).toEqual([
      { productIds: ['osh'], rowIds: ['katta'] },
      { productIds: ['choy'], rowIds: [] },
    ]);
    expect(ids(second)).toEqual({ products: ['osh', 'choy'], rows: ['katta'] });
    expect(second.table?._id).toBe('table');
  });

  it('keeps each restaurant’s dishes apart', async () => {
    const db = database([product('osh')]);
    const dishes = new OrderingDishes();
    await dishes.read(request('r1', ['osh']), db.readFrom);
    await dishes.read(request('r2', ['osh']), db.readFrom);
    await dishes.read(request('r2', ['osh']), db.readFrom);
    expect(db.asked.map((asked) => asked.productIds)).toEqual([['osh'], ['osh'], []]);
  });

  it('reads a restaurant’s dishes again after a write to it, and only to it; `null` drops every restaurant’s', async () => {
    const db = database([product('osh')]);
    const dishes = new OrderingDishes();
    await dishes.read(request('r1', ['osh']), db.readFrom);
    await dishes.read(request('r2', ['osh']), db.readFrom);
    dishes.invalidate('r1');
    db.products[0] = product('osh', '27000.00');
    const after = await dishes.read(request('r1', ['osh']), db.readFrom);
    expect(after.products.get('osh')?.price).toBe('27000.00');
    await dishes.read(request('r2', ['osh']), db.readFrom);
    dishes.invalidate(null);
    await dishes.read(request('r2', ['osh']), db.readFrom);
    // Every order reads its table; the dishes only when not remembered.
    expect(db.asked.map((asked) => asked.productIds)).toEqual([['osh'], ['osh'], ['osh'], [], ['osh']]);
  });

  it('does not keep a read that was running while the restaurant was written: it may be from before the write', async () => {
    const db = database([product('osh')]);
    const dishes = new OrderingDishes();
    const release = db.hold();
    const reading = dishes.read(request('r1', ['osh']), db.readFrom);
    dishes.invalidate('r1');
    release();
    expect(ids(await reading).products).toEqual(['osh']);
    await dishes.read(request('r1', ['osh']), db.readFrom);
    await dishes.read(request('r1', ['osh']), db.readFrom);
    expect(db.asked.map((asked) => asked.productIds)).toEqual([['osh'], ['osh'], []]);
  });

  it('does not keep what the read did not find, nor a row of a product that is not the restaurant’s', async () => {
    // The other restaurant's product is not found for r1; its row is (rows are found by id alone), and pricing
    // refuses it as not of the ordered dish: it must not outlive that restaurant's writes here.
    const db = database([product('osh')], [row('begona', 'other restaurant’s dish')]);
    const dishes = new OrderingDishes();
    await dishes.read(request('r1', ['osh', 'yoq'], ['begona']), db.readFrom);
    const again = await dishes.read(request('r1', ['osh', 'yoq'], ['begona']), db.readFrom);
    expect(db.asked[1]).toEqual({ productIds: ['yoq'], rowIds: ['begona'] });
    expect(ids(again)).toEqual({ products: ['osh'], rows: ['begona'] });
  });
});
