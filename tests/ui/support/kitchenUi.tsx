import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { expect } from 'vitest';
import { setApiBaseUrl } from '../../../client/client';
import { KITCHEN_TOKEN_KEY } from '../../../client/kitchen';
import { kitchenTexts } from '../../../src/features/kitchen/kitchenTexts';
import { appRoutes } from '../../../src/router/routes';
import { FakeKitchenServer } from './fakeKitchen';

/**
 * The kitchen screen's UI harness: the fake kitchen API (fakeKitchen.ts) on a random port as the page's origin, and the
 * panel's real route table at /kitchen in a memory router. No panel session is stored: the kitchen needs none.
 */

declare global {
  var jsdom: { reconfigure(options: { url?: string }): void; window: object } | undefined;
}

export async function startKitchenUi(): Promise<FakeKitchenServer> {
  const kitchen = await FakeKitchenServer.start();
  if (!globalThis.jsdom) throw new Error('UI tests need the jsdom environment');
  globalThis.jsdom.reconfigure({ url: `${kitchen.origin}/` });
  (globalThis.jsdom.window as unknown as { _origin: string })._origin = kitchen.origin;
  setApiBaseUrl(kitchen.origin);
  return kitchen;
}

/**
 * Renders /kitchen (`token`: the device was paired before, its token is in localStorage) and waits until the screen's
 * effects have run: its machines start in an effect, and keys typed before that would reach a machine not yet running
 * (the tab's title is set by the effect after theirs).
 */
export async function renderKitchen(options: { token?: string } = {}) {
  if (options.token) localStorage.setItem(KITCHEN_TOKEN_KEY, options.token);
  const router = createMemoryRouter(appRoutes, { initialEntries: ['/kitchen'] });
  const user = userEvent.setup({ delay: null });
  const result = render(<RouterProvider router={router} />);
  await waitFor(() => expect(document.title).toBe(kitchenTexts.documentTitle));
  return { ...result, router, user };
}

/** A card of the kitchen's column by its order number. */
export const cookingCard = (number: number) =>
  within(screen.getByRole('region', { name: /^Tayyorlanmoqda/ })).getByRole('article', {
    name: new RegExp(`^Buyurtma №${number} ·`),
  });
/** A card of the waiter's column ("Tayyor") by its order number. */
export const readyCard = (number: number) =>
  screen.getByRole('article', { name: new RegExp(`^Tayyor: buyurtma №${number} ·`) });
export const queryReadyCard = (number: number) =>
  screen.queryByRole('article', { name: new RegExp(`^Tayyor: buyurtma №${number} ·`) });
/** A line's button by its quantity and name (its accessible name also says its state and what a tap does). */
export const lineButton = (card: HTMLElement, quantity: number, name: string) =>
  within(card).getByRole('button', { name: new RegExp(`^${quantity} × ${name}:`) });
