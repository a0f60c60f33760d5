import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { products, restaurants, users } from '../../server/db/schema';
import { uploadImages } from '../../server/domain/catalog/images';
import { deleteProduct, updateProduct } from '../../server/domain/catalog/products';
import type { DomainDeps } from '../../server/domain/deps';
import { type RunWork, unitOfWork, type Work } from '../../server/domain/unit-of-work';
import { IMAGE_TIMEOUT_SECONDS } from '../../server/uploads/image-work';
import { storeImages } from '../../server/uploads/images';
import type { Viewer } from '../../server/viewer';
import { freshDatabase } from '../support/database';
import { createCategory, createProduct, createRestaurant } from '../support/fixtures';
import { pngImage, storedFiles, storedPath } from '../support/images';

/**
 * The catalog's use cases that store or remove image files, on their unit of work: a file a write stops showing goes
 * only once the write committed, a file stored for a write that rolled back does not stay behind, and a file a
 * committed write shows stays even when a later after-commit effect fails.
 */
let database: Database;
let dataDir: string;
/** Where uploadImages stores, with the server's time limit per image. */
const images = () => ({ dataDir, imageTimeoutSeconds: IMAGE_TIMEOUT_SECONDS });
let owner: Viewer;
let other: Viewer;
let announced: string[];

async function manager(login: string): Promise<Viewer> {
  const [row] = await database.db
    .insert(users)
    .values({ login, password_hash: 'unused', role: 'manager' })
    .returning({ _id: users._id });
  return { _id: row!._id, role: 'manager', login };
}

beforeAll(async () => {
  database = await freshDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'menyu-catalog-files-'));
  owner = await manager('catalog-files-owner');
  other = await manager('catalog-files-other');
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The use cases' dependencies, with a step run inside the transaction before the use case's work (`before`: what a
 * concurrent request would have changed) and one after it (`after`: a failure once the work is done).
 */
function deps(around: { before?: (w: Work) => Promise<void>; after?: (w: Work) => Promise<void> } = {}): DomainDeps {
  announced = [];
  const run = unitOfWork(database.db, { menuChanged: (id) => announced.push(id), outboxWritten: () => {} });
  const work: RunWork = (useCase) =>
    run(async (w) => {
      await around.before?.(w);
      const answer = await useCase(w);
      await around.after?.(w);
      return answer;
    });
  return { db: database.db, work };
}

const refused = () => {
  throw new Error('refused after the work');
};

async function storedImage(): Promise<string> {
  const [url] = await storeImages(dataDir, [{ filename: 'a.png', data: await pngImage() }]);
  return url!;
}

async function ownedProduct(images: { file: string }[] = []) {
  const restaurant = await createRestaurant(database.db, { manager_id: owner._id });
  const category = await createCategory(database.db, restaurant._id);
  return { restaurant, product: await createProduct(database.db, category._id, { images }) };
}

async function restaurantRow(id: string) {
  return (await database.db.select().from(restaurants).where(eq(restaurants._id, id)))[0]!;
}
async function productRow(id: string) {
  return (await database.db.select().from(products).where(eq(products._id, id)))[0]!;
}

describe('uploadImages', () => {
  it('removes the files it stored when the restaurant changed hands during the image work (404, nothing announced)', async () => {
    const r = await createRestaurant(database.db, { manager_id: owner._id });
    const before = storedFiles(dataDir);
    const reassigned = deps({
      before: async (w) => {
        await w.tx.update(restaurants).set({ manager_id: other._id }).where(eq(restaurants._id, r._id));
      },
    });
    const files = [{ filename: 'a.png', data: await pngImage() }];
    await expect(
      uploadImages(reassigned, images(), owner, { kind: 'restaurant', restaurantId: r._id, picture: 'image' }, files),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(storedFiles(dataDir)).toEqual(before);
    expect(announced).toEqual([]);
    expect((await restaurantRow(r._id)).image).toBe(r.image);
  });

  it('removes the replaced picture only after the commit, and announces the restaurant', async () => {
    const old = await storedImage();
    const r = await createRestaurant(database.db, { manager_id: owner._id, logotype: old });
    const files = [{ filename: 'b.png', data: await pngImage() }];
    const [url] = await uploadImages(
      deps(),
      images(),
      owner,
      { kind: 'restaurant', restaurantId: r._id, picture: 'logotype' },
      files,
    );
    expect((await restaurantRow(r._id)).logotype).toBe(url);
    expect(existsSync(storedPath(dataDir, url!))).toBe(true);
    expect(existsSync(storedPath(dataDir, old))).toBe(false);
    expect(announced).toEqual([r._id]);
  });

  it('keeps the files a committed write shows when a later after-commit effect fails', async () => {
    const { product } = await ownedProduct();
    const failingLater = deps({
      after: async (w) => {
        w.afterCommit(refused);
      },
    });
    const files = [{ filename: 'c.png', data: await pngImage() }];
    await expect(
      uploadImages(failingLater, images(), owner, { kind: 'product', productId: product._id }, files),
    ).rejects.toThrow('refused after the work');
    const [image] = (await productRow(product._id)).images;
    expect(image).toBeDefined();
    expect(existsSync(storedPath(dataDir, image!.file))).toBe(true);
    expect(existsSync(storedPath(dataDir, image!.file, true))).toBe(true);
  });

  it('removes the files it stored when the product write rolls back', async () => {
    const { product } = await ownedProduct();
    const before = storedFiles(dataDir);
    const rolledBack = deps({ after: async () => refused() });
    const files = [{ filename: 'd.png', data: await pngImage() }];
    await expect(
      uploadImages(rolledBack, images(), owner, { kind: 'product', productId: product._id }, files),
    ).rejects.toThrow('refused after the work');
    expect(storedFiles(dataDir)).toEqual(before);
    expect((await productRow(product._id)).images).toEqual([]);
    expect(announced).toEqual([]);
  });
});

describe('updateProduct and deleteProduct', () => {
  it('keep the images a rolled-back write would have orphaned, announcing nothing', async () => {
    const old = await storedImage();
    const { product } = await ownedProduct([{ file: old }]);
    await expect(
      updateProduct(deps({ after: async () => refused() }), dataDir, owner, product._id, { images: [] }),
    ).rejects.toThrow('refused after the work');
    await expect(deleteProduct(deps({ after: async () => refused() }), dataDir, owner, product._id)).rejects.toThrow(
      'refused after the work',
    );
    expect(existsSync(storedPath(dataDir, old))).toBe(true);
    expect((await productRow(product._id)).images).toEqual([{ file: old }]);
    expect(announced).toEqual([]);
  });

  it('remove the images nothing shows any more once the write committed', async () => {
    const kept = await storedImage();
    const dropped = await storedImage();
    const { restaurant, product } = await ownedProduct([{ file: kept }, { file: dropped }]);
    const updated = await updateProduct(deps(), dataDir, owner, product._id, { images: [{ file: kept }] });
    expect(updated.images).toEqual([{ file: kept }]);
    expect(existsSync(storedPath(dataDir, dropped))).toBe(false);
    expect(existsSync(storedPath(dataDir, kept))).toBe(true);
    expect(announced).toEqual([restaurant._id]);

    await deleteProduct(deps(), dataDir, owner, product._id);
    expect(existsSync(storedPath(dataDir, kept))).toBe(false);
    expect(announced).toEqual([restaurant._id]);
  });
});
