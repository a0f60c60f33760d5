import { type APIRequestContext, type Page, request } from '@playwright/test';
import { DEMO_ADMIN } from '../../server/dev/demo/data';
import { signIn } from './support/session';
import { expect, test } from './support/test';

/**
 * The admin's lists in Chromium against the real server: the admin finds one restaurant among several pages by its
 * slug, filters Nofaol, and pages, on a phone (390 px, 44 px targets) and on a desktop; the managers list pages too. 12
 * restaurants (the 4th and 9th Nofaol) and 12 managers are created through the API under one stamp.
 */

const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const slugOf = (i: number) => `qidiruv-${stamp}-${String(i).padStart(2, '0')}`;
const nameOf = (i: number) => `Qidiruv ${stamp} ${String(i).padStart(2, '0')}`;
let http: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  http = await request.newContext({ baseURL });
  const login = await http.post('/auth/login', { data: DEMO_ADMIN });
  const headers = { authorization: `Bearer ${(await login.json()).data.accessToken}` };
  let managerId = '';
  for (let i = 1; i <= 12; i++) {
    const manager = await http.post('/admin/managers', {
      headers,
      data: { login: `qidiruv.${stamp}.${String(i).padStart(2, '0')}`, password: 'e2e-password-1', is_active: i !== 4 },
    });
    expect(manager.status()).toBe(201);
    managerId ||= (await manager.json()).data._id;
  }
  for (let i = 1; i <= 12; i++) {
    const created = await http.post('/admin/restaurants/create', {
      headers,
      data: {
        name: nameOf(i),
        slug: slugOf(i),
        address: 'Toshkent',
        manager_id: managerId,
        is_active: i !== 4 && i !== 9,
        phone_number: '+998 90 000 00 00',
        work_time: '09:00 - 23:00',
      },
    });
    expect(created.status()).toBe(201);
  }
});
test.afterAll(async () => {
  await http.dispose();
});

/** The admin's restaurant list, logged in (the login screen has its own spec). */
async function logIn(page: Page) {
  await signIn(page, DEMO_ADMIN);
  await page.goto('/admin/restaurants');
}

const rows = (page: Page) => page.getByTestId(/^restaurant-row-/);
const range = (page: Page) => page.getByTestId('list-range');
const search = (page: Page) => page.getByRole('searchbox', { name: 'Qidirish: nomi, slug yoki telefon' });

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`restaurants: search by slug, filter Nofaol, page (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await logIn(page);
    await expect(rows(page)).toHaveCount(10);
    await expect(range(page)).toHaveText(/^1–10 \/ jami \d+$/);

    // One restaurant by its slug.
    await search(page).fill(slugOf(7));
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByTestId(`restaurant-row-${slugOf(7)}`)).toContainText(nameOf(7));
    await expect(range(page)).toHaveText('1–1 / jami 1');

    // The stamp: 12 restaurants, two pages.
    await search(page).fill(stamp);
    await expect(range(page)).toHaveText('1–10 / jami 12');
    await page.getByRole('button', { name: /Keyingi/ }).click();
    await expect(range(page)).toHaveText('11–12 / jami 12');
    await expect(rows(page)).toHaveCount(2);
    // Newest first: the first two created are on page 2.
    await expect(page.getByTestId(`restaurant-row-${slugOf(1)}`)).toBeVisible();
    await expect(page.getByRole('button', { name: /Keyingi/ })).toBeDisabled();

    // Nofaol: back to page 1 with the two inactive ones.
    await page.getByRole('combobox', { name: 'Holati' }).selectOption({ label: 'Nofaol' });
    await expect(range(page)).toHaveText('1–2 / jami 2');
    await expect(rows(page)).toHaveText([new RegExp(nameOf(9)), new RegExp(nameOf(4))]);
    await page.getByRole('combobox', { name: 'Turi' }).selectOption({ label: 'Integratsiya' });
    await expect(page.getByText('Hech narsa topilmadi')).toBeVisible();
    await page.getByRole('combobox', { name: 'Turi' }).selectOption({ label: 'Hammasi' });
    await expect(rows(page)).toHaveCount(2);

    if (viewport.name === 'phone') {
      // A thumb's targets: the search box, both selects and the pager's buttons are at least 44 px high.
      for (const target of [
        search(page),
        page.getByRole('combobox', { name: 'Holati' }),
        page.getByRole('combobox', { name: 'Turi' }),
        page.getByRole('button', { name: /Keyingi/ }),
        page.getByRole('button', { name: /Oldingi/ }),
      ]) {
        const box = (await target.boundingBox())!;
        expect(box.height).toBeGreaterThanOrEqual(44);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      }
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    }
    await page.screenshot({ path: `docs/screenshots/restaurant-search-${viewport.name}.png` });
  });
}

test('managers: pages, search by login, Nofaol', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO_ADMIN);
  await page.goto('/admin/managers');
  const searchBox = page.getByRole('searchbox', { name: 'Qidirish: login' });
  await searchBox.fill(`qidiruv.${stamp}`);
  await expect(range(page)).toHaveText('1–10 / jami 12');
  await page.getByRole('button', { name: /Keyingi/ }).click();
  await expect(range(page)).toHaveText('11–12 / jami 12');
  await page.getByRole('combobox', { name: 'Holati' }).selectOption({ label: 'Nofaol' });
  await expect(page.getByTestId(/^manager-row-/)).toHaveCount(1);
  await expect(page.getByTestId(`manager-row-qidiruv.${stamp}.04`)).toBeVisible();
});
