import { demoTableToken, ORDERING_MANAGER, ORDERING_SLUG } from './support/demo-table';
import { signIn } from './support/session';
import { expect, test } from './support/test';

/**
 * Telegram's loop on the demo data: a diner on a phone orders from Samarqand Darvozasi's table 2; the order appears in
 * the demo Telegram channel (/dev/telegram, the local Bot API simulator of demo mode) with its buttons; a staff member
 * presses "Qabul qilish" there; Telegram's toast answers, the message is edited to say who accepted it, and the
 * manager's orders screen shows the order accepted.
 */
// The test's own page is the diner's phone.
test.use({ locale: 'uz-UZ', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('an order reaches the demo Telegram channel; accepting it there edits the message and reaches the panel', async ({
  browser,
  baseURL,
  page: phone,
}) => {
  test.setTimeout(120_000);
  const table = await demoTableToken(baseURL!, '2');
  await phone.goto(`/menu/${ORDERING_SLUG}?table=${table}`);
  await phone.locator('main article:not(:has(details)) .ad').first().click();
  await phone.locator('.cbb').click();
  const cart = phone.getByRole('dialog', { name: 'Savat' });
  await cart.getByLabel('Izoh').fill('<b>Achchiq</b> & issiq');
  await cart.getByRole('button', { name: 'Buyurtma berish' }).click();
  const title = (await phone.locator('#os').getByRole('heading', { level: 2 }).textContent())!;
  expect(title).toMatch(/^Buyurtma №\d+$/);
  await phone.close();

  const channel = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await channel.newPage();
  await page.goto('/dev/telegram');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Telegram simulyatori');
  const message = page.locator('article.msg', { hasText: `${title} · 2-stol` });
  await expect(message).toBeVisible({ timeout: 5_000 });
  // The diner's comment is shown as they wrote it, never as markup.
  await expect(message).toContainText('<b>Achchiq</b> & issiq');
  await expect(message.locator('.text b', { hasText: 'Achchiq' })).toHaveCount(0);
  await message.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'docs/screenshots/telegram-desktop.png' });

  await message.getByRole('button', { name: 'Qabul qilish' }).click();
  await expect(page.locator('#toast')).toHaveText('Qabul qilindi');
  await expect(message).toContainText('✅ Qabul qilindi — Demo ofitsiant (@demo_ofitsiant) · Telegram', {
    timeout: 5_000,
  });
  await expect(message.getByRole('button')).toHaveText(['Berildi', 'Bekor qilish']);
  await expect(message).toContainText('tahrirlangan');
  await channel.close();

  // The panel: the same order, accepted from Telegram.
  const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const panel = await staff.newPage();
  await signIn(panel, ORDERING_MANAGER);
  await panel.goto('/manager');
  await panel
    .getByRole('navigation', { name: 'bottom navigation' })
    .getByRole('link', { name: /^Buyurtmalar/ })
    .click();
  const card = panel.getByRole('article', { name: new RegExp(`^${title} · Stol 2`) });
  await expect(card.getByTestId('order-status')).toHaveText('Qabul qilingan');
  await staff.close();

  // The channel on a phone.
  const small = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phonePage = await small.newPage();
  await phonePage.goto('/dev/telegram');
  await expect(phonePage.locator('article.msg', { hasText: `${title} · 2-stol` })).toBeVisible();
  await phonePage.screenshot({ path: 'docs/screenshots/telegram-phone.png', fullPage: true });
  await small.close();
});
