import type { Page } from '@playwright/test';
import { axeViolations, WCAG_21_AA } from './support/axe';
import { MenuApi, type MenuApi as MenuApiType } from './support/menu-fixtures';
import { expect, test } from './support/test';

/**
 * On a 390 px phone: the public menu in the diner's language and searched across scripts. A restaurant of
 * its own, made through the API in Uzbek, Cyrillic Uzbek, Russian and English (the demo menus other specs read stay
 * Uzbek-only), with Russian and English names given by hand and the Cyrillic ones left to the transliteration.
 */

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

let api: MenuApiType;
let slug: string;

test.beforeAll(async ({ baseURL }) => {
  api = await MenuApi.start(baseURL!);
  const manager = await api.manager('til');
  const mine = await api.call<{ data: { slug: string }[] }>('GET', '/manager/restaurants/me', manager.token);
  slug = mine.data[0]!.slug;
  await api.call('PUT', `/manager/restaurants/update?slug=${slug}`, manager.token, {
    name: 'Rayhon Milliy Taomlar',
    work_time: 'Har kuni 09:00 - 23:00',
    languages: ['uz', 'uz-Cyrl', 'ru', 'en'],
    translations: {
      ru: {
        name: 'Райхон Национальные блюда',
        address: 'Ташкент, улица Амира Темура 1',
        work_time: 'Ежедневно 09:00 - 23:00',
      },
      en: {
        name: 'Rayhon National Cuisine',
        address: 'Tashkent, 1 Amir Temur street',
        work_time: 'Daily 09:00 - 23:00',
      },
    },
  });
  const menu = [
    {
      title: 'Suyuq taomlar',
      ru: 'Супы',
      en: 'Soups',
      products: [
        {
          name: "Sho'rva",
          description: "Qo'y go'shti va sabzavotlar bilan",
          price: 32000,
          ru: ['Шурпа', 'С бараниной и овощами'],
          en: ['Shurpa', 'Lamb and vegetable soup'],
        },
        {
          name: 'Mastava',
          description: "Guruch va mol go'shti bilan",
          price: 28000,
          ru: ['Мастава', 'С рисом и говядиной'],
          en: ['Mastava', 'Rice and beef soup'],
        },
      ],
    },
    {
      title: 'Quyuq taomlar',
      ru: 'Вторые блюда',
      en: 'Main dishes',
      products: [
        {
          name: "Lag'mon",
          description: "Qo'lda cho'zilgan xamir",
          price: 35000,
          ru: ['Лагман', 'Тянутая вручную лапша'],
          en: ['Lagman', 'Hand-pulled noodles'],
        },
        {
          name: 'Toshkent oshi',
          description: 'Qazi va bedana tuxumi bilan',
          price: 45000,
          ru: ['Ташкентский плов', 'С казы и перепелиными яйцами'],
          en: ['Tashkent plov', 'With horse sausage and quail eggs'],
        },
        {
          name: 'Manti',
          description: "Qovoqli yoki go'shtli",
          price: 30000,
          ru: ['Манты', 'С тыквой или с мясом'],
          en: ['Manti', 'Pumpkin or meat dumplings'],
          stopped: true,
        },
      ],
    },
  ];
  for (const category of menu) {
    const created = await api.call<{ data: { _id: string } }>('POST', '/manager/category/create', manager.token, {
      title: category.title,
      restaurant_id: manager.restaurantId,
      is_active: true,
      translations: { ru: { title: category.ru }, en: { title: category.en } },
    });
    for (const p of category.products) {
      await api.call('POST', '/manager/products', manager.token, {
        name: p.name,
        description: p.description,
        category_id: created.data._id,
        price: p.price,
        is_active: !('stopped' in p),
        images: [],
        translations: {
          ru: { name: p.ru[0], description: p.ru[1] },
          en: { name: p.en[0], description: p.en[1] },
        },
      });
    }
  }
});

test.afterAll(async () => {
  await api?.close();
});

/** The product cards the diner can see, by their names. */
async function visibleProducts(page: Page): Promise<string[]> {
  return page.locator('main article:visible h3').allTextContents();
}

test.describe('a diner whose phone reads Russian', () => {
  test.use({ locale: 'ru-RU' });

  test('gets the Russian menu, switches to English, and the menu remembers it', async ({ page }) => {
    await page.goto(`/menu/${slug}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1, name: 'Райхон Национальные блюда' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Супы' })).toBeVisible();
    const shurpa = page.locator('article', { has: page.getByRole('heading', { level: 3, name: 'Шурпа' }) });
    await expect(shurpa.getByText('32 000 сум', { exact: true })).toBeVisible();
    await expect(page.getByText('Цены указаны в сумах.')).toBeVisible();
    const stopped = page.locator('article', { has: page.getByRole('heading', { level: 3, name: 'Манты' }) });
    await expect(stopped.getByText('Временно нет в наличии')).toBeVisible();
    const languages = page.getByRole('navigation', { name: 'Язык' });
    await expect(languages.getByRole('link', { name: 'Русский' })).toHaveAttribute('aria-current', 'true');

    await languages.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/[?&]lang=en$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 2, name: 'Soups' })).toBeVisible();
    await expect(page.getByText('32 000 UZS', { exact: true })).toBeVisible();

    // The QR code's own URL again (no ?lang=): the pick wins over the phone's Russian.
    await page.goto(`/menu?slug=${slug}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Rayhon National Cuisine' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'English' }),
    ).toHaveAttribute('aria-current', 'true');
  });
});

test('a Cyrillic query finds a Latin name and the reverse, as typed on either keyboard', async ({ page }) => {
  await page.goto(`/menu/${slug}?lang=uz`);
  const search = page.getByRole('searchbox', { name: 'Menyudan qidirish' });
  await expect(search).toBeVisible();
  expect(await visibleProducts(page)).toHaveLength(5);
  for (const query of ['шурва', 'шўрва', 'shurva', "sho'rva", 'SHO‘RVA']) {
    await search.fill(query);
    await expect.poll(() => visibleProducts(page), { message: query }).toEqual(["Sho'rva"]);
  }
  // A category with nothing left hides with its jump link.
  await expect(page.getByRole('heading', { level: 2, name: 'Quyuq taomlar' })).toBeHidden();
  await expect(page.locator('nav.ct').getByRole('link', { name: 'Quyuq taomlar' })).toBeHidden();
  await search.fill('лагмон');
  await expect.poll(() => visibleProducts(page)).toEqual(["Lag'mon"]);
  await search.fill('pitsa');
  await expect.poll(() => visibleProducts(page)).toEqual([]);
  await expect(page.getByText('Hech narsa topilmadi.')).toBeVisible();
  await search.fill('');
  await expect.poll(() => visibleProducts(page)).toHaveLength(5);
  await expect(page.getByText('Hech narsa topilmadi.')).toBeHidden();
});

test('on the Russian page a Latin or Cyrillic query finds a dish by its Uzbek name too', async ({ page }) => {
  await page.goto(`/menu/${slug}?lang=ru`);
  const search = page.getByRole('searchbox', { name: 'Поиск по меню' });
  await search.fill('shurva');
  await expect.poll(() => visibleProducts(page)).toEqual(['Шурпа']);
  await search.fill('плов');
  await expect.poll(() => visibleProducts(page)).toEqual(['Ташкентский плов']);
  await search.fill('ош');
  await expect.poll(() => visibleProducts(page)).toEqual(['Ташкентский плов']);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every product is shown, the search box that could not work is not, the switcher still works', async ({
    page,
  }) => {
    await page.goto(`/menu/${slug}?lang=uz`);
    expect(await visibleProducts(page)).toHaveLength(5);
    await expect(page.getByRole('searchbox')).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Til' }).getByRole('link', { name: 'Ўзбекча' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'uz-Cyrl');
    await expect(page.getByRole('heading', { level: 3, name: 'Шўрва' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Лағмон' })).toBeVisible();
  });
});

test('each language passes axe and is photographed at 390 px', async ({ page }) => {
  for (const lang of ['uz', 'uz-Cyrl', 'ru', 'en']) {
    await page.goto(`/menu/${slug}?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const violations = await axeViolations(page, { tags: WCAG_21_AA });
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      lang,
    ).toEqual([]);
    await page.screenshot({ path: `docs/screenshots/menu-${lang}.png`, fullPage: true });
  }
});
