import { type MenuApi as Api, MANAGER_PASSWORD, MenuApi, type MenuManager } from './support/menu-fixtures';
import { signIn, startWithToken } from './support/session';
import { expect, test } from './support/test';

/**
 * A manager changes their password on one phone; the session on their other phone ends at its next step, and only
 * the new password logs in.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

let api: Api;
let manager: MenuManager;
const NEW_PASSWORD = 'yangi-parol-2026';

test.beforeAll(async () => {
  api = await MenuApi.start(process.env.E2E_BASE_URL!);
  manager = await api.manager('parol');
});
test.afterAll(async () => {
  await api.close();
});

test('a password change ends the other sessions; the new password logs in', async ({ page, browser }) => {
  const otherPhone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const other = await otherPhone.newPage();
  // The other phone's session is the one made with the manager, before the change.
  await startWithToken(other, manager.token);
  await other.goto('/manager');
  await expect(other.getByRole('link', { name: 'Kategoriyalar' })).toBeVisible();

  await signIn(page, { login: manager.login, password: MANAGER_PASSWORD });
  await page.goto('/manager');
  await page.getByRole('button', { name: "Parolni o'zgartirish" }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Joriy parol/).fill(MANAGER_PASSWORD);
  await dialog.getByLabel(/^Yangi parol\s*\*?$/).fill(NEW_PASSWORD);
  await dialog.getByLabel(/^Yangi parolni takrorlang/).fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.locator('.toast-body', { hasText: "Parol o'zgartirildi." })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // This phone goes on working.
  await page.getByRole('link', { name: 'Kategoriyalar' }).click();
  await expect(page.getByRole('button', { name: "Kategoriya qo'shish" })).toBeVisible();
  await expect(page).toHaveURL(/\/managerCategoryList$/);

  // The other phone is sent to the login at its next step.
  await other.getByRole('link', { name: 'Kategoriyalar' }).click();
  await expect(other).toHaveURL(/\/login$/);
  await expect(other.getByText('Token topilmadi! Iltimos, qayta tizimga kiring.')).toBeVisible();
  await other.getByLabel('Login').fill(manager.login);
  await other.getByLabel('Parol').fill(MANAGER_PASSWORD);
  await other.getByRole('button', { name: 'Kirish' }).click();
  await expect(other.getByText('Login yoki parol xato')).toBeVisible();
  await other.getByLabel('Parol').fill(NEW_PASSWORD);
  await other.getByRole('button', { name: 'Kirish' }).click();
  await expect(other).toHaveURL(/\/manager$/);
  await otherPhone.close();
});
