import type { Page } from '@playwright/test';
import { expect } from './test';

/**
 * The demo manager `rayhon` runs two restaurants, and the server remembers the one they chose last (a journey that
 * opened the orders screen works on Samarqand Darvozasi afterwards): a journey that needs one of them chooses it in the
 * header's switch first, as the manager would.
 */
export async function workOn(page: Page, restaurantName: string): Promise<void> {
  const header = page.getByRole('combobox', { name: 'Restoran:' });
  await header.selectOption({ label: restaurantName });
  await expect(header.locator('option:checked')).toHaveText(restaurantName);
}
