import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products } from '../../server/db/schema';
import { createCategory, createProduct, createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { pngImage } from '../support/images';
import { findToast, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { shownDialog } from './support/shownDialog';

/**
 * The product edit dialog adds, removes and reorders the product's pictures (before, they could only be
 * given when the product was created), against the real server.
 */

let ui: UiHarness;
let manager: TestUser;
let categoryId: string;

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
  const restaurant = await createRestaurant(ui.db, { manager_id: manager._id });
  categoryId = (await createCategory(ui.db, restaurant._id, { title: 'Taomlar' }))._id;
});

const FIRST = '/uploads/first-1.webp';
const SECOND = '/uploads/second-2.webp';
const dialog = shownDialog;
/** The form's pictures in their order, by the file each shows. */
const pictures = () =>
  within(dialog())
    .queryAllByRole('img', { name: /^Rasm \d+$/ })
    .map((img) => new URL(img.getAttribute('src') ?? '', 'http://x').pathname);
const stored = async (id: string) =>
  (await ui.db.select().from(products).where(eq(products._id, id)))[0]!.images.map((image) => image.file);

async function openEdit(name: string) {
  const app = renderApp(`/ManagerProductTable/${categoryId}`, { token: manager.token });
  // The screens are lazy routes: a first render on a busy machine may take a few seconds.
  await app.user.click(await screen.findByRole('button', { name: `Tahrirlash: ${name}` }, { timeout: 10_000 }));
  await within(await screen.findByRole('dialog')).findByLabelText(/^Nomi/);
  return app;
}

describe('product edit dialog: pictures', () => {
  it("starts from the product's pictures; one moved first, one removed, one uploaded: saved in that order", async () => {
    const product = await createProduct(ui.db, categoryId, {
      name: 'Osh',
      images: [{ file: FIRST }, { file: SECOND }],
    });
    const app = await openEdit('Osh');
    expect(pictures()).toEqual([FIRST, SECOND]);
    // The first cannot move earlier, the last cannot move later.
    expect(within(dialog()).getByRole('button', { name: 'Oldinga surish: Rasm 1' })).toBeDisabled();
    expect(within(dialog()).getByRole('button', { name: 'Keyinga surish: Rasm 2' })).toBeDisabled();

    await app.user.click(within(dialog()).getByRole('button', { name: 'Oldinga surish: Rasm 2' }));
    expect(pictures()).toEqual([SECOND, FIRST]);
    await app.user.click(within(dialog()).getByRole('button', { name: "O'chirish: Rasm 2" }));
    expect(pictures()).toEqual([SECOND]);

    const png = new File([new Uint8Array(await pngImage())], 'yangi.png', { type: 'image/png' });
    await app.user.upload(within(dialog()).getByLabelText('Rasmlar', { selector: 'input' }), png);
    await waitFor(() => expect(pictures()).toHaveLength(2), { timeout: 10_000 });
    const uploaded = pictures()[1]!;
    expect(uploaded).toMatch(/^\/uploads\/[a-z0-9-]+\.webp$/);

    await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
    await findToast('Mahsulot tahrirlandi');
    const [put] = ui.net.callsTo('PUT', `/manager/products/${product._id}`);
    // Only what changed: the whole list, in its new order.
    expect(JSON.parse(put!.body!)).toEqual({ images: [{ file: SECOND }, { file: uploaded }] });
    expect(await stored(product._id)).toEqual([SECOND, uploaded]);
  });

  it('every picture removed leaves the product without pictures', async () => {
    const product = await createProduct(ui.db, categoryId, { name: 'Manti', images: [{ file: FIRST }] });
    const app = await openEdit('Manti');
    await app.user.click(within(dialog()).getByRole('button', { name: "O'chirish: Rasm 1" }));
    expect(pictures()).toEqual([]);
    await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
    await findToast('Mahsulot tahrirlandi');
    expect(await stored(product._id)).toEqual([]);
  });

  it("the pictures as they were are no change: 'Hech qanday o'zgarish yo'q.' and no call", async () => {
    await createProduct(ui.db, categoryId, { name: 'Somsa', images: [{ file: FIRST }, { file: SECOND }] });
    const app = await openEdit('Somsa');
    // Moved away and back: the same list.
    await app.user.click(within(dialog()).getByRole('button', { name: 'Keyinga surish: Rasm 1' }));
    await app.user.click(within(dialog()).getByRole('button', { name: 'Keyinga surish: Rasm 1' }));
    expect(pictures()).toEqual([FIRST, SECOND]);
    await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
    await findToast("Hech qanday o'zgarish yo'q.");
    expect(ui.net.callsTo('PUT', /^\/manager\/products\//)).toHaveLength(0);
  });
});
