import { describe, expect, it } from 'vitest';
import { ORDER_LIMITS } from '../../server/routes/menu/table-limits';
import { setupTenants } from '../support/tenants';
import { freshAddress, manyTables, postCall, postOrder } from './orders-fixtures';

/**
 * A whole hall behind one guest Wi-Fi address orders freely: the per-address window (in memory per process) is
 * generous enough for 300 tables ordering twice. Its subject is that counter, not how orders are stored (the
 * per-table count in the database has its own tests in order-limits.test.ts), so CI's PostgreSQL pass leaves it
 * out (vitest.config.ts).
 */

const t = setupTenants();

let devices = 0;
const freshDevice = () => `hall-device-${String(++devices).padStart(6, '0')}`;

describe('orders per client address', () => {
  it('takes a full hall behind one address twice over (300 tables, 600 orders), then refuses that address alone', async () => {
    expect(ORDER_LIMITS.perAddress).toBe(600);
    // 300 tables on one guest Wi-Fi, each phone its own device, each table ordering two rounds within 10 minutes.
    const s = await manyTables(t, 300);
    const address = freshAddress();
    for (let i = 0; i < ORDER_LIMITS.perAddress; i++) {
      const res = await postOrder(t, s.restaurant.slug, s.body(), { remoteAddress: address, device: freshDevice() });
      if (res.statusCode !== 201) expect.fail(`order ${i + 1}: ${res.statusCode}`);
      // Two orders of a table are far from its threshold: none waits for the staff's confirmation.
      if (res.json().data.needs_confirmation !== false) expect.fail(`order ${i + 1} was flagged`);
    }
    const refused = await postOrder(t, s.restaurant.slug, s.body(), { remoteAddress: address, device: freshDevice() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Juda ko'p buyurtma yuborildi\. Iltimos, \d+ daqiqadan so'ng qayta urinib ko'ring\.$/,
    );
    // The calls' window is apart from the orders'.
    expect((await postCall(t, s.restaurant.slug, { table_id: s.table.token, type: 'bill' }, address)).statusCode).toBe(
      201,
    );
    expect((await postOrder(t, s.restaurant.slug, s.body())).statusCode).toBe(201);
  }, 120_000);
});
