import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../server/db/schema';
import { setupTenants } from '../support/tenants';
import { order, payingRestaurant, postPayment } from './payments-fixtures';

// PostgreSQL only (vitest.config.ts includes this file when DATABASE_URL is set): PGlite has one connection, so two
// requests never overlap there. Here a diner's double tap sends one Idempotency-Key twice at once.

const t = setupTenants();

const ROUNDS = 5;

describe('one Idempotency-Key sent at once, on PostgreSQL', () => {
  it('makes one payment: one request creates it, the others answer it again', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const s = await payingRestaurant(t);
      await order(t, s);
      const body = { table_id: s.table.token, provider: 'payme', tip: 1000 };
      const tap = () => postPayment(t, s.restaurant.slug, body, { key: `tap-${round}`, device: 'device-race-1' });
      const answers = await Promise.all([tap(), tap(), tap()]);
      const codes = answers.map((res) => res.statusCode).sort();
      expect(codes, answers.map((res) => res.body).join('\n')).toEqual([200, 200, 201]);
      expect(new Set(answers.map((res) => res.json().data._id)).size).toBe(1);
      const stored = await t.db.select().from(payments).where(eq(payments.restaurant_id, s.restaurant._id));
      expect(stored).toHaveLength(1);
    }
  });
});
