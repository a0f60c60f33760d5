import { DEMO_MANAGERS } from '../../server/dev/demo/data';
import { demoTableToken, ORDERING_SLUG } from './support/demo-table';
import { signIn, tokenFor } from './support/session';
import { expect, test } from './support/test';

/**
 * The kitchen, end to end on the demo: a tablet at 1280×800 pairs with a code the manager made for Samarqand
 * Darvozasi's Oshxona; a diner orders at table 4 on a phone; the card appears on the Oshxona's display and the ticket
 * at the printer (/dev/printer, demo mode's simulator); the cook moves the dish on and marks it ready; the manager's
 * orders screen shows the order ready for the waiter. Table 4 is this spec's only.
 */

test.use({ locale: 'uz-UZ', viewport: { width: 1280, height: 800 } });

const manager = DEMO_MANAGERS[0]!;

interface PrinterState {
  tickets: { paper: { lines: { text: string }[] } }[];
}

test("a diner's order reaches the Oshxona's display and printer, and the cook's 'tayyor' reaches the orders screen", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const headers = { authorization: `Bearer ${await tokenFor(page, manager)}` };
  const mine = (await (await page.request.get('/manager/restaurants/me', { headers })).json()).data as {
    _id: string;
    slug: string;
  }[];
  const restaurant = mine.find((candidate) => candidate.slug === ORDERING_SLUG)!;
  const stations = (
    await (await page.request.get(`/manager/restaurants/${restaurant._id}/stations`, { headers })).json()
  ).data as { _id: string; name: string }[];
  const device = await page.request.post(`/manager/restaurants/${restaurant._id}/kitchen-devices`, {
    headers,
    data: { name: 'Oshxona plansheti', station_id: stations.find((station) => station.name === 'Oshxona')!._id },
  });
  expect(device.status()).toBe(201);
  const { code } = (await device.json()).data as { code: string };

  // The tablet on the kitchen's wall pairs with the code.
  const tablet = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await tablet.goto('/kitchen');
    await tablet.getByLabel('Paneldagi 6 xonali kodni kiriting').fill(code);
    await tablet.getByRole('button', { name: 'Ulash' }).click();
    await expect(tablet.getByTestId('kitchen-live')).toHaveText('Jonli');
    await expect(tablet.locator('header')).toContainText('Oshxona');

    // A diner orders at table 4 on a phone: the first dish that goes straight to the cart (bread: the Oshxona's).
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    let number: number;
    let dishName: string;
    try {
      await phone.goto(`/menu/${ORDERING_SLUG}?table=${await demoTableToken(baseURL!, '4')}`);
      const dish = phone.locator('main article:not(:has(details)):has(.ad)').first();
      dishName = (await dish.locator('h3').first().textContent())!.trim();
      await dish.locator('.ad').click();
      await phone.locator('.cbb').click();
      await phone.getByRole('dialog', { name: 'Savat' }).getByRole('button', { name: 'Buyurtma berish' }).click();
      const heading = phone.locator('#os').getByRole('heading', { level: 2 });
      await expect(heading).toHaveText(/^Buyurtma №\d+$/);
      number = Number((await heading.textContent())!.replace(/\D/g, ''));
    } finally {
      await phone.close();
    }

    // Its card on the display, live, and its ticket at the printer.
    const card = tablet.getByRole('article', { name: new RegExp(`^Buyurtma №${number} · `) });
    await expect(card).toBeVisible({ timeout: 5000 });
    await expect
      .poll(
        async () => {
          const state = (await (await page.request.get('/dev/printer/state')).json()) as PrinterState;
          return state.tickets
            .map((ticket) => ticket.paper.lines.map((line) => line.text.trim()).join(' '))
            .find((text) => text.includes(`№ ${number}`));
        },
        { timeout: 10_000 },
      )
      .toContain(dishName);

    // The cook starts the dish, then marks the card ready: it moves to the waiter's column.
    await card.getByRole('button', { name: new RegExp(`^1 × ${dishName}: yangi`) }).click();
    await expect(card.getByRole('button', { name: new RegExp(`^1 × ${dishName}: tayyorlanmoqda`) })).toBeVisible();
    await card.getByRole('button', { name: 'Hammasi tayyor' }).click();
    await expect(tablet.getByRole('article', { name: new RegExp(`^Tayyor: buyurtma №${number} · `) })).toBeVisible();
    await tablet.screenshot({ path: testInfo.outputPath('kitchen-display-1280.png') });

    // The manager's orders screen: the order is ready for the waiter.
    await signIn(page, manager);
    await page.goto('/orders');
    const staffCard = page.getByRole('article', { name: new RegExp(`^Buyurtma №${number} · `) });
    await expect(staffCard.getByTestId('order-kitchen')).toContainText('Tayyor');
    await staffCard.screenshot({ path: testInfo.outputPath('order-card-ready-1280.png') });
  } finally {
    await tablet.close();
  }
});
