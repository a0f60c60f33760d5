import type { Locator, Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_MANAGERS } from '../../server/dev/demo/data';
import { signIn } from './support/session';
import { expect, test } from './support/test';
import { workOn } from './support/working-restaurant';

/**
 * Every dialog of the panel, on a phone (390 × 844) and on a desktop (1280 × 800), scrolls inside its own white sheet
 * with its buttons on it; on a phone, what a thumb taps is at least 44 × 44 px. Each dialog is opened once and measured
 * at both widths by resizing the page (one page load per role: CI's time is short). Nothing is saved: every dialog is
 * closed or answered "no", so the demo menus other journeys read stay as they are.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** Sub-pixel rounding of the boxes. */
const EPS = 1;
const manager = DEMO_MANAGERS[0]!;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface SheetMeasure {
  viewport: { width: number; height: number };
  sheet: Box;
  /** The body's last element, after the body was scrolled to its end. */
  lastField: Box | null;
  buttons: { name: string; box: Box; onTop: boolean }[];
}

/** Scrolls everything that scrolls in the open dialog (its body, and the backdrop layer) to the end, then measures. */
async function measureSheet(page: Page): Promise<SheetMeasure> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  return page.evaluate(() => {
    const modal = document.querySelector<HTMLElement>('.modal.show');
    if (!modal) throw new Error('no open dialog');
    const body = modal.querySelector<HTMLElement>('.modal-body');
    for (const scroller of [modal, body]) if (scroller) scroller.scrollTop = scroller.scrollHeight;
    const box = (el: Element): Box => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const sheet = modal.querySelector('.modal-content');
    if (!sheet) throw new Error('no sheet');
    const last = body?.lastElementChild ?? null;
    const buttons = [...modal.querySelectorAll<HTMLElement>('.modal-footer button')].map((button) => {
      const b = box(button);
      // What a tap in the middle of the button reaches: the button itself, or something painted over it.
      const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
      return { name: button.textContent?.trim() ?? '', box: b, onTop: !!hit && button.contains(hit) };
    });
    return {
      viewport: { width: window.innerWidth, height: window.innerHeight },
      sheet: box(sheet),
      lastField: last ? box(last) : null,
      buttons,
    };
  });
}

function inside(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x - EPS &&
    inner.y >= outer.y - EPS &&
    inner.x + inner.width <= outer.x + outer.width + EPS &&
    inner.y + inner.height <= outer.y + outer.height + EPS
  );
}

/** The open dialog fits at both widths: its sheet in the viewport, its last field and its footer buttons on the sheet. */
async function expectDialogFits(page: Page, what: string, home: { width: number; height: number }) {
  await expect(page.getByRole('dialog')).toBeVisible();
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    const m = await measureSheet(page);
    const where = `${what} at ${size.width} × ${size.height}`;
    const viewport = { x: 0, y: 0, ...m.viewport };
    expect
      .soft(inside(m.sheet, viewport), `${where}: the sheet ${JSON.stringify(m.sheet)} is inside the viewport`)
      .toBe(true);
    if (m.lastField)
      expect
        .soft(inside(m.lastField, m.sheet), `${where}: the last field ${JSON.stringify(m.lastField)} is on the sheet`)
        .toBe(true);
    expect.soft(m.buttons.length, `${where}: footer buttons`).toBeGreaterThan(0);
    for (const button of m.buttons) {
      expect
        .soft(inside(button.box, m.sheet), `${where}: "${button.name}" ${JSON.stringify(button.box)} is on the sheet`)
        .toBe(true);
      expect.soft(button.onTop, `${where}: "${button.name}" is visible (nothing painted over it)`).toBe(true);
    }
  }
  await page.setViewportSize(home);
}

/** Opens the dialog behind `opener`, checks it at both widths, and leaves it without saving. */
async function checkDialog(page: Page, opener: Locator, what: string, home: { width: number; height: number }) {
  await opener.click();
  await expectDialogFits(page, what, home);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** A tap target on a phone: at least 44 × 44 px. */
async function expectTapTarget(target: Locator, what: string) {
  const box = await target.boundingBox();
  expect.soft(box, `${what} is on screen`).not.toBeNull();
  if (!box) return;
  expect.soft(Math.round(box.width), `${what}: width`).toBeGreaterThanOrEqual(44);
  expect.soft(Math.round(box.height), `${what}: height`).toBeGreaterThanOrEqual(44);
}

test.describe('the admin', () => {
  test.use({ viewport: DESKTOP });

  test("every admin dialog fits its sheet at 390 and 1280 px, and the long ones' screenshots", async ({ page }) => {
    await signIn(page, DEMO_ADMIN);
    await page.goto('/admin/restaurants');
    await expect(page.getByRole('table')).toBeVisible();

    await page.getByRole('button', { name: "Restoran qo'shish" }).click();
    await expectDialogFits(page, 'restaurant (create)', DESKTOP);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The edit dialog is the longest (its picture uploads too).
    await page
      .getByRole('button', { name: /^Tahrirlash: / })
      .first()
      .click();
    await expectDialogFits(page, 'restaurant (edit)', DESKTOP);
    await page.setViewportSize(PHONE);
    await measureSheet(page);
    await page.screenshot({ path: 'docs/screenshots/restaurant-dialog-phone.png' });
    await page.setViewportSize(DESKTOP);
    await measureSheet(page);
    await page.screenshot({ path: 'docs/screenshots/restaurant-dialog-desktop.png' });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await checkDialog(page, page.getByRole('button', { name: /^O'chirish: / }).first(), 'restaurant delete', DESKTOP);
    await checkDialog(page, page.getByRole('button', { name: "Integratsiyadan qo'shish" }), 'integration', DESKTOP);

    await page.getByRole('link', { name: /^Menedjerlar$/ }).click();
    await expect(page.getByRole('table')).toBeVisible();
    await checkDialog(page, page.getByRole('button', { name: "Menedjer qo'shish" }), 'manager (create)', DESKTOP);
    await checkDialog(page, page.getByRole('button', { name: /^Tahrirlash: / }).first(), 'manager (edit)', DESKTOP);
    await checkDialog(page, page.getByRole('button', { name: /^O'chirish: / }).first(), 'manager delete', DESKTOP);

    await page.getByRole('link', { name: /^Profil$/ }).click();
    await checkDialog(page, page.getByRole('button', { name: "Parolni o'zgartirish" }), 'password', DESKTOP);
    await checkDialog(page, page.getByRole('button', { name: 'Hisobdan chiqish' }), 'logout', DESKTOP);
  });
});

test.describe('a manager on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('every manager dialog fits its sheet at 390 and 1280 px; tap targets are 44 × 44 px', async ({ page }) => {
    await signIn(page, manager);
    await page.goto('/manager');
    await expect(page.getByText('Tanlangan restoran', { exact: true })).toBeVisible();
    await checkDialog(page, page.getByRole('button', { name: "O'zgartirish" }).first(), "manager's restaurant", PHONE);
    await checkDialog(page, page.getByRole('button', { name: "Parolni o'zgartirish" }), 'password', PHONE);
    await checkDialog(page, page.getByRole('button', { name: 'Hisobdan chiqish' }), 'logout', PHONE);

    // The categories below are Rayhon's.
    await workOn(page, 'Rayhon Milliy Taomlari');
    await page.getByRole('link', { name: 'Kategoriyalar' }).click();
    await expect(page.getByTestId(/^category-row-/).first()).toBeVisible();
    await expectTapTarget(
      page.getByRole('button', { name: /^Tartibni o'zgartirish: / }).first(),
      'category drag handle',
    );
    await checkDialog(page, page.getByRole('button', { name: "Kategoriya qo'shish" }), 'category', PHONE);
    await checkDialog(page, page.getByRole('button', { name: /^O'chirish: / }).first(), 'category delete', PHONE);

    await page.getByRole('link', { name: "Ko'rish: Ikkinchi taomlar" }).click();
    await expect(page.getByTestId(/^product-row-/).first()).toBeVisible();
    await expectTapTarget(page.getByLabel('Orqaga', { exact: true }), 'product list back button');
    await expectTapTarget(
      page.getByRole('button', { name: /^Tartibni o'zgartirish: / }).first(),
      'product drag handle',
    );
    await page.getByRole('button', { name: "Mahsulot qo'shish" }).click();
    await expectDialogFits(page, 'product', PHONE);
    await measureSheet(page);
    await page.screenshot({ path: 'docs/screenshots/product-dialog-phone.png' });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await checkDialog(page, page.getByRole('button', { name: /^O'chirish: / }).first(), 'product delete', PHONE);

    await page.getByRole('link', { name: /^Opsiyalar: Osh/ }).click();
    await expect(page).toHaveURL(/\/ManagerProductOptionRow\//);
    const card = page.locator('.option-card').first();
    await expect(card).toBeVisible();
    await expectTapTarget(page.getByLabel('Orqaga', { exact: true }), 'options back button');
    await expectTapTarget(card.getByRole('button', { name: /^Tahrirlash: / }), 'option ✎');
    await expectTapTarget(card.getByRole('button', { name: /^O'chirish: / }), 'option 🗑');
    // A collapsed card shows that it opens: a chevron, painted and pointing down.
    const toggle = card.locator('.option-toggle');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const chevron = await toggle.evaluate((el) => {
      const after = getComputedStyle(el, '::after');
      return { content: after.content, width: Number.parseFloat(after.width), transform: after.transform };
    });
    expect.soft(chevron.content, 'collapsed option card: a chevron').not.toBe('none');
    expect.soft(chevron.width, 'collapsed option card: the chevron has a size').toBeGreaterThan(0);
    await checkDialog(page, page.getByRole('button', { name: /Option qo'shish/ }), 'option', PHONE);
    await checkDialog(page, card.getByRole('button', { name: /^O'chirish: / }), 'option delete', PHONE);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const opened = await toggle.evaluate((el) => getComputedStyle(el, '::after').transform);
    expect.soft(opened, 'an open card turns its chevron').not.toBe(chevron.transform);
    await checkDialog(page, card.getByRole('button', { name: /^Qator qo'shish/ }), 'row', PHONE);
    await expectTapTarget(card.locator('.option-row').first().getByRole('button').first(), 'row ✎');
    await checkDialog(
      page,
      card
        .locator('.option-row')
        .first()
        .getByRole('button', { name: /^O'chirish: / }),
      'row delete',
      PHONE,
    );

    await page.getByRole('link', { name: 'Menyu', exact: true }).click();
    await expect(page.getByRole('tab', { name: /^Mavjud/ })).toBeVisible();
    const group = page.locator('.stop-group').first();
    const selectAll = group.getByRole('checkbox', { name: /hammasini tanlash$/ });
    await expectTapTarget(group.locator('.stop-check-target'), 'stop-list "select all" box');
    // Tapping the box's 44 px area off the 22 px square, then the category title, each toggles the whole category.
    const target = await group.locator('.stop-check-target').boundingBox();
    expect(target).not.toBeNull();
    if (target) await page.touchscreen.tap(target.x + 3, target.y + 3);
    await expect(selectAll).toBeChecked();
    await group.locator('.stop-group-title').tap();
    await expect(selectAll).not.toBeChecked();
  });
});
