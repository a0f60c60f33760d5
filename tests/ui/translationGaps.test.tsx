import { within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createCategory,
  createOption,
  createProduct,
  createRestaurant,
  createRow,
  createUser,
  type TestUser,
} from '../support/fixtures';
import { renderApp, screen, startUi, type UiHarness } from '../support/ui';

/**
 * The admin's restaurant list says what a restaurant lacks in its menu's languages, piece by piece (its own fields,
 * then how many categories, products and options of its menu), against the real server's page of the list: a
 * restaurant whose every dish is translated is flagged for its address alone, as "Manzil: ru yo'q".
 */

let ui: UiHarness;
let admin: TestUser;
let manager: TestUser;

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  admin = await createUser(ui.testApp.app, ui.db, 'admin');
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
});

const row = (slug: string) => screen.findByTestId(`restaurant-row-${slug}`, {}, { timeout: 10_000 });
const badgesOf = (element: HTMLElement) =>
  [...element.querySelectorAll('.translation-gaps .badge')].map((badge) => badge.textContent);

/** A menu of one category, two products (one with a description) and an option with two rows. */
async function menuOf(restaurantId: string, translated: { ru?: boolean; en?: boolean } = {}) {
  const t = (fields: Record<string, string>) => ({
    ...(translated.ru ? { ru: fields } : {}),
    ...(translated.en ? { en: fields } : {}),
  });
  const category = await createCategory(ui.db, restaurantId, { title: 'Taomlar', translations: t({ title: 'Блюда' }) });
  const osh = await createProduct(ui.db, category._id, {
    name: 'Osh',
    description: "Qo'y go'shti bilan",
    translations: t({ name: 'Плов', description: 'С бараниной' }),
  });
  await createProduct(ui.db, category._id, { name: 'Choy', translations: t({ name: 'Чай' }) });
  const option = await createOption(ui.db, osh._id, { name: 'Porsiya', translations: t({ name: 'Порция' }) });
  await createRow(ui.db, option._id, { name: 'Katta', translations: t({ name: 'Большая' }) });
  await createRow(ui.db, option._id, { name: 'Kichik', translations: t({ name: 'Маленькая' }) });
}

describe('the restaurant list names what is left to translate', () => {
  it('every dish translated, the address and hours not: only they are named', async () => {
    const r = await createRestaurant(ui.db, {
      manager_id: manager._id,
      name: 'Rayhon',
      languages: ['uz', 'uz-Cyrl', 'ru'],
      translations: { ru: { name: 'Райхон' } },
    });
    await menuOf(r._id, { ru: true });
    renderApp('/admin/restaurants', { token: admin.token });
    const shown = await row(r.slug);
    await within(shown).findByText("Manzil, Ish vaqti: ru yo'q");
    expect(badgesOf(shown)).toEqual(["Manzil, Ish vaqti: ru yo'q"]);
    expect(shown.querySelector('.translation-gaps')).toHaveAttribute(
      'title',
      "Tarjima yo'q: Manzil, Ish vaqti: Русский",
    );
  });

  it("the restaurant's own texts translated, its menu not: the menu's items are counted", async () => {
    const r = await createRestaurant(ui.db, {
      manager_id: manager._id,
      name: 'Bahor',
      languages: ['uz', 'ru', 'en'],
      translations: {
        ru: { name: 'Бахор', address: 'Ташкент', work_time: 'Ежедневно' },
        en: { name: 'Bahor', address: 'Tashkent', work_time: 'Daily' },
      },
    });
    await menuOf(r._id, { ru: true });
    renderApp('/admin/restaurants', { token: admin.token });
    const shown = await row(r.slug);
    await within(shown).findByText("1 ta kategoriya: en yo'q");
    expect(badgesOf(shown)).toEqual(["1 ta kategoriya: en yo'q", "2 ta mahsulot: en yo'q", "1 ta opsiya: en yo'q"]);
  });

  it('several languages, each with its own count in the title; nothing at all when all is translated', async () => {
    const partly = await createRestaurant(ui.db, {
      manager_id: manager._id,
      name: 'Navro‘z',
      languages: ['uz', 'ru', 'en'],
      translations: { ru: { name: 'Навруз', address: 'Ташкент', work_time: 'Ежедневно' } },
    });
    await menuOf(partly._id);
    const category = await createCategory(ui.db, partly._id, {
      title: 'Ichimliklar',
      translations: { ru: { title: 'Напитки' } },
    });
    await createProduct(ui.db, category._id, { name: 'Kompot', translations: { ru: { name: 'Компот' } } });
    const done = await createRestaurant(ui.db, {
      manager_id: manager._id,
      name: 'Tayyor',
      languages: ['uz', 'ru'],
      translations: { ru: { name: 'Готово', address: 'Ташкент', work_time: 'Ежедневно' } },
    });
    await menuOf(done._id, { ru: true });
    renderApp('/admin/restaurants', { token: admin.token });
    const shown = await row(partly.slug);
    await within(shown).findByText("Nomi, Manzil, Ish vaqti: en yo'q");
    expect(badgesOf(shown)).toEqual([
      "Nomi, Manzil, Ish vaqti: en yo'q",
      "2 ta kategoriya: ru, en yo'q",
      "3 ta mahsulot: ru, en yo'q",
      "1 ta opsiya: ru, en yo'q",
    ]);
    expect(shown.querySelector('.translation-gaps')).toHaveAttribute(
      'title',
      "Tarjima yo'q: Nomi, Manzil, Ish vaqti: English; kategoriya: Русский 1 ta, English 2 ta; " +
        'mahsulot: Русский 2 ta, English 3 ta; opsiya: Русский 1 ta, English 1 ta',
    );
    expect(badgesOf(await row(done.slug))).toEqual([]);
  });
});
