import { type Page, request } from '@playwright/test';
import { DEMO_ADMIN, DEMO_MANAGERS } from '../../server/dev/demo/data';
import { axeViolations, WCAG_21_AA } from './support/axe';
import { signIn } from './support/session';
import { expect, test } from './support/test';

/**
 * Accessibility of the screens people use most, checked by axe-core against WCAG 2.1 A and AA (labels, names,
 * contrast, landmarks…): the diner's menu, the login, and the manager's screens on a phone; the admin's list on a
 * desktop. It changes none of the demo data other journeys read: the admin list's pages are checked on 11 restaurants
 * of its own (under a stamp), since the demo's few leave the pager's buttons disabled, which axe does not measure.
 */

const manager = DEMO_MANAGERS[0]!;

async function expectNoViolations(page: Page, what: string) {
  // Colours are measured as painted: a dialog still fading in would read as low contrast. Wait for every CSS
  // transition and animation to finish first.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const violations = await axeViolations(page, { tags: WCAG_21_AA });
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`).join('; ')}`,
  );
  expect.soft(found, `${what}: accessibility violations`).toEqual([]);
}

/** Opens the dialog behind `button`, checks it, and closes it again without saving anything. */
async function expectDialogAccessible(page: Page, button: string, what: string) {
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoViolations(page, what);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the public menu and the login screen', async ({ page }) => {
    await page.goto('/menu?slug=rayhon');
    await expectNoViolations(page, 'public menu');
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Kirish' })).toBeVisible();
    await expectNoViolations(page, 'login');
  });

  test("the manager's screens", async ({ page }) => {
    await signIn(page, manager);
    await page.goto('/manager');
    await expect(page.getByRole('heading', { name: 'Mening restoranlarim' })).toBeVisible();
    await expect(page.getByText('Tanlangan restoran', { exact: true })).toBeVisible();
    await expectNoViolations(page, 'manager restaurants');
    await expectDialogAccessible(page, "Parolni o'zgartirish", 'password dialog');

    await page.getByRole('link', { name: 'Kategoriyalar' }).click();
    await expect(page.getByTestId(/^category-row-/).first()).toBeVisible();
    await expectNoViolations(page, 'manager categories');
    await expectDialogAccessible(page, "Kategoriya qo'shish", 'category modal');

    await page
      .getByRole('link', { name: /^Ko'rish: / })
      .first()
      .click();
    await expect(page.getByTestId(/^product-row-/).first()).toBeVisible();
    await expectNoViolations(page, 'manager products');
    await expectDialogAccessible(page, "Mahsulot qo'shish", 'product form');

    const productsUrl = page.url();
    await page
      .getByRole('link', { name: /^Opsiyalar: / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/ManagerProductOptionRow\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page, 'product options');
    await page.goto(productsUrl);
    await page
      .getByRole('link', { name: /^Ko'rish: / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/product-detail\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page, 'product detail');

    await page.getByRole('link', { name: 'Menyu', exact: true }).click();
    await expect(page.getByRole('tab', { name: /^Mavjud/ })).toBeVisible();
    await expectNoViolations(page, 'stop-list');
    // With something selected: the floating button (nothing is moved).
    await page.getByRole('checkbox').nth(1).check();
    await expect(page.getByRole('button', { name: /Stop-listga o'tkazish/ })).toBeVisible();
    await expectNoViolations(page, 'stop-list with a selection');
  });
});

/** 11 restaurants (one Nofaol) under `stamp`, made through the API: a search for the stamp shows a full page and more. */
async function createPagedRestaurants(baseURL: string, stamp: string) {
  const http = await request.newContext({ baseURL });
  try {
    const login = await http.post('/auth/login', { data: DEMO_ADMIN });
    const headers = { authorization: `Bearer ${(await login.json()).data.accessToken}` };
    const manager = await http.post('/admin/managers', {
      headers,
      data: { login: `a11y.${stamp}`, password: 'e2e-password-1', is_active: true },
    });
    expect(manager.status()).toBe(201);
    const managerId = (await manager.json()).data._id;
    for (let i = 1; i <= 11; i++) {
      const created = await http.post('/admin/restaurants/create', {
        headers,
        data: {
          name: `A11y ${stamp} ${String(i).padStart(2, '0')}`,
          slug: `a11y-${stamp}-${String(i).padStart(2, '0')}`,
          address: 'Toshkent',
          manager_id: managerId,
          is_active: i !== 2,
          phone_number: '+998 90 000 00 00',
          work_time: '09:00 - 23:00',
        },
      });
      expect(created.status()).toBe(201);
    }
  } finally {
    await http.dispose();
  }
}

test('the admin restaurant list on a desktop', async ({ page, baseURL }) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  await createPagedRestaurants(baseURL!, stamp);
  await signIn(page, DEMO_ADMIN);
  await page.goto('/admin/restaurants');
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoViolations(page, 'admin restaurants');
  // A list of more than one page: the pager's enabled 'Keyingi ›' (outline grey on the grey page) and a Nofaol badge.
  await page.getByRole('searchbox', { name: 'Qidirish: nomi, slug yoki telefon' }).fill(stamp);
  await expect(page.getByTestId('list-range')).toHaveText('1–10 / jami 11');
  await expect(page.getByRole('button', { name: /Keyingi/ })).toBeEnabled();
  await expect(page.getByTestId(`restaurant-row-a11y-${stamp}-02`)).toContainText('Nofaol');
  await expectNoViolations(page, 'admin restaurants, first of two pages');
  await expectDialogAccessible(page, "Restoran qo'shish", 'restaurant dialog');

  await page
    .getByRole('link', { name: /^Ko'rish: / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/viewRestaurant\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoViolations(page, 'restaurant view (with its QR code)');

  await page.getByRole('link', { name: 'Menedjerlar' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoViolations(page, 'managers');
});
