import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { restaurants } from '../../server/db/schema';
import { unitOfWork } from '../../server/domain/unit-of-work';
import { freshDatabase } from '../support/database';
import { createRestaurant } from '../support/fixtures';

/** The unit of work: a use case's effects run after its commit, each once, and none after a rollback. */
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

function recording() {
  const seen: string[] = [];
  const nameNow = async (id: string) =>
    (await database.db.select({ name: restaurants.name }).from(restaurants).where(eq(restaurants._id, id)))[0]?.name;
  return { seen, nameNow };
}

describe('unitOfWork', () => {
  it('runs the effects after the commit, each restaurant once, with the change visible outside the transaction', async () => {
    const r = await createRestaurant(database.db, { name: 'Eski' });
    const { seen, nameNow } = recording();
    const run = unitOfWork(database.db, {
      menuChanged: (id) => seen.push(`menu ${id}`),
      outboxWritten: () => seen.push('outbox'),
    });
    const answer = await run(async (w) => {
      await w.tx.update(restaurants).set({ name: 'Yangi' }).where(eq(restaurants._id, r._id));
      w.menuChanged(r._id);
      w.menuChanged(r._id);
      w.outboxWritten();
      w.afterCommit(async () => {
        seen.push(`after: ${await nameNow(r._id)}`);
      });
      expect(seen).toEqual([]);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(seen).toEqual([`menu ${r._id}`, 'outbox', 'after: Yangi']);
  });

  it('wakes no sender and drops no menu that the work did not name', async () => {
    const r = await createRestaurant(database.db, { name: 'Jim' });
    const { seen } = recording();
    const run = unitOfWork(database.db, {
      menuChanged: (id) => seen.push(`menu ${id}`),
      outboxWritten: () => seen.push('outbox'),
    });
    await run(async (w) => {
      await w.tx.update(restaurants).set({ name: 'Jimjit' }).where(eq(restaurants._id, r._id));
    });
    expect(seen).toEqual([]);
  });

  it('runs no effect when the transaction rolls back, and the error reaches the caller', async () => {
    const r = await createRestaurant(database.db, { name: 'Qoladi' });
    const { seen, nameNow } = recording();
    const run = unitOfWork(database.db, {
      menuChanged: (id) => seen.push(`menu ${id}`),
      outboxWritten: () => seen.push('outbox'),
    });
    await expect(
      run(async (w) => {
        await w.tx.update(restaurants).set({ name: 'Bekor' }).where(eq(restaurants._id, r._id));
        w.menuChanged(r._id);
        w.outboxWritten();
        w.afterCommit(() => {
          seen.push('after');
        });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(seen).toEqual([]);
    expect(await nameNow(r._id)).toBe('Qoladi');
  });
});
