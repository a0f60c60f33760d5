import { ORDERING_MANAGER } from './support/demo-table';
import { signIn } from './support/session';
import { expect, test } from './support/test';

/**
 * A manager's panel tab holds one live events connection, however many parts listen: the bottom bar's "Buyurtmalar"
 * badge and the orders screen share it (client/shared-staff-events.ts). Two used to be open, which doubled the server's
 * connections and spent two of the browser's six per-host HTTP/1.1 slots. Leaving the screen and coming back reuses it.
 */
test('the badge and the orders screen share one events connection, kept across visits to the screen', async ({
  page,
}) => {
  const streams: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/manager/events') streams.push(request.url());
  });
  await signIn(page, ORDERING_MANAGER);
  await page.goto('/manager');

  const tab = page.getByRole('navigation', { name: 'bottom navigation' }).getByRole('link', { name: /^Buyurtmalar/ });
  await tab.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Buyurtmalar' })).toBeVisible();
  await expect(page.getByTestId('live')).toContainText('Jonli');
  expect(streams).toHaveLength(1);
  // The stream of all the manager's restaurants: the screen keeps its restaurant's events from it.
  expect(new URL(streams[0]!).searchParams.has('restaurant_id')).toBe(false);

  await page.goBack();
  await expect(page).toHaveURL(/\/manager$/);
  await tab.click();
  await expect(page.getByTestId('live')).toContainText('Jonli');
  expect(streams).toHaveLength(1);
});
