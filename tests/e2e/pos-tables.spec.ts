import { DEMO_ADMIN, DEMO_MANAGERS } from '../../server/dev/demo/data';
import { signIn, tokenFor } from './support/session';
import { expect, test } from './support/test';

/**
 * A restaurant imported from the demo POS (the built-in iiko simulator) on the manager's Stollar screen, on a phone
 * (390 x 844): its six iiko tables are there with the Kassa badge, their QR codes and cards, and without rename or
 * delete; its Update Restaurant modal offers the till's terminal groups. The restaurant is deleted at the end, so
 * the other journeys find the demo data as it was.
 */

const manager = DEMO_MANAGERS[1]!;

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

test("a POS restaurant's tables show as the till's on a phone", async ({ page }, testInfo) => {
  const admin = { authorization: `Bearer ${await tokenFor(page, DEMO_ADMIN)}` };
  const managerToken = await tokenFor(page, manager);
  const own = await page.request.get('/manager/restaurants/me', {
    headers: { authorization: `Bearer ${managerToken}` },
  });
  const managerId = ((await own.json()) as { data: { manager_id: string }[] }).data[0]!.manager_id;
  const unlinked = await page.request.get('/admin/integration/restaurants', { headers: admin });
  expect(unlinked.status()).toBe(200);
  const organization = ((await unlinked.json()) as { data: { id: string; name: string }[] }).data[0]!;
  const created = await page.request.post('/admin/integration/restaurants/create', {
    headers: admin,
    data: { id: organization.id, manager_id: managerId },
  });
  expect(created.status()).toBe(201);
  const restaurant = ((await created.json()) as { data: { _id: string; name: string; slug: string } }).data;

  try {
    await signIn(page, manager);
    await page.goto('/tables');
    await page.getByRole('combobox', { name: 'Restoran', exact: true }).selectOption({ label: restaurant.name });
    const card = page.getByTestId('table-1');
    await expect(card.getByText('Kassa', { exact: true })).toBeVisible();
    await expect(page.getByText('Kassa', { exact: true })).toHaveCount(6);
    await expect(card.getByRole('button', { name: "Nomini o'zgartirish: stol 1" })).toHaveCount(0);
    await expect(card.getByRole('button', { name: "O'chirish: stol 1" })).toHaveCount(0);
    await expect(card.getByRole('link', { name: /Kartani chop etish/ })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('pos-tables-390.png'), fullPage: false });

    // The Update Restaurant modal chooses the POS terminal group that receives the orders.
    await page.goto('/manager');
    await page
      .getByTestId(`manager-restaurant-${restaurant.slug}`)
      .getByRole('button', { name: "O'zgartirish" })
      .click();
    const group = page.getByRole('dialog').getByLabel('Buyurtmalar boradigan kassa guruhi');
    await expect(group).toBeVisible();
    await expect(group.locator('option').first()).toHaveText('Birinchi guruh (standart)');
    await group.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('pos-terminal-group-390.png'), fullPage: false });
  } finally {
    await page.request.delete(`/manager/restaurants/delete?restaurantId=${restaurant._id}`, { headers: admin });
  }
});
