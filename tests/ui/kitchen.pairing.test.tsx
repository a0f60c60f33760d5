import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { KITCHEN_TOKEN_KEY } from '../../client/kitchen';
import { ACCESS_TOKEN_KEY } from '../../client/storage';
import { kitchenMessages } from '../../server/messages/kitchen';
import { DEVICE, LOADED, ORDER_1, ORDER_2 } from './models/kitchen.model';
import { FakeEventSource, type FakeKitchenServer } from './support/fakeKitchen';
import { cookingCard, lineButton, renderKitchen, startKitchenUi } from './support/kitchenUi';

/**
 * The kitchen tablet at /kitchen, unpaired and paired: the six-digit code, the server's refusals in Uzbek, the device
 * token kept across a reload, and a device removed in the panel sending the tablet back to pairing. No panel session
 * is involved: the kitchen's calls carry the device token and nothing else.
 */

let kitchen: FakeKitchenServer;
beforeAll(async () => {
  kitchen = await startKitchenUi();
});
afterAll(() => kitchen.close());
beforeEach(() => {
  kitchen.reset(DEVICE, LOADED.data);
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const codeField = () => screen.getByLabelText('Paneldagi 6 xonali kodni kiriting');
const pairButton = () => screen.getByRole('button', { name: 'Ulash' });

describe('kitchen pairing screen', () => {
  it('pairs with the six digits from the panel and shows the station, without any panel session', async () => {
    const { user } = await renderKitchen();
    expect(await screen.findByRole('heading', { name: 'Oshxona ekranini ulash' })).toBeVisible();
    expect(pairButton()).toBeDisabled();
    await user.type(codeField(), '48a29');
    expect(codeField()).toHaveValue('4829');
    expect(pairButton()).toBeDisabled();
    await user.type(codeField(), '13');
    expect(pairButton()).toBeEnabled();
    await user.click(pairButton());

    expect(await screen.findByRole('heading', { level: 1, name: 'Oshxona' })).toBeVisible();
    expect(screen.getByText('Samarqand Darvozasi')).toBeVisible();
    expect(lineButton(cookingCard(1), 2, 'Osh')).toBeVisible();
    expect(localStorage.getItem(KITCHEN_TOKEN_KEY)).toBe(kitchen.token);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    const [pair] = kitchen.callsTo('POST', /^\/kitchen\/pair$/);
    expect(pair).toEqual({ method: 'POST', path: '/kitchen/pair', body: { code: '482913' } });
    expect(kitchen.callsTo('GET', /^\/kitchen\/orders$/)[0]!.authorization).toBe(`Bearer ${kitchen.token}`);
  });

  it("a wrong code shows the server's words; typing again clears them; Enter pairs", async () => {
    const { user } = await renderKitchen();
    await user.type(await screen.findByLabelText('Paneldagi 6 xonali kodni kiriting'), '111111');
    await user.click(pairButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(kitchenMessages.pairCodeInvalid);
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(localStorage.getItem(KITCHEN_TOKEN_KEY)).toBeNull();

    await user.clear(codeField());
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(codeField(), '482913{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oshxona' })).toBeVisible();
  });

  it('too many tries: the wait the server names', async () => {
    const message = kitchenMessages.tooManyPairAttempts(120);
    kitchen.fail('POST', /^\/kitchen\/pair$/, 429, message);
    const { user } = await renderKitchen();
    await user.type(await screen.findByLabelText('Paneldagi 6 xonali kodni kiriting'), '482913');
    await user.click(pairButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('while pairing, the button says so and takes no second tap', async () => {
    const held = kitchen.hold('POST', /^\/kitchen\/pair$/);
    const { user } = await renderKitchen();
    await user.type(await screen.findByLabelText('Paneldagi 6 xonali kodni kiriting'), '482913');
    await user.click(pairButton());
    await held.arrived;
    const waiting = screen.getByRole('button', { name: /Ulanmoqda/ });
    expect(waiting).toBeDisabled();
    held.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Oshxona' })).toBeVisible();
    expect(kitchen.callsTo('POST', /^\/kitchen\/pair$/)).toHaveLength(1);
  });

  it('a paired tablet reloaded stays paired: the display at once, with its stored token', async () => {
    await renderKitchen({ token: kitchen.token });
    expect(await screen.findByRole('heading', { level: 1, name: 'Oshxona' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Oshxona ekranini ulash' })).toBeNull();
    expect(kitchen.callsTo('POST', /^\/kitchen\/pair$/)).toEqual([]);
  });

  it('a device of every station: "Barcha bo\'limlar"', async () => {
    kitchen.reset({ ...DEVICE, station: null }, [ORDER_1, ORDER_2]);
    await renderKitchen({ token: kitchen.token });
    expect(await screen.findByRole('heading', { level: 1, name: "Barcha bo'limlar" })).toBeVisible();
  });

  it('the device removed in the panel (401): back to pairing with the message, the token forgotten', async () => {
    const { user } = await renderKitchen({ token: kitchen.token });
    const card = await screen.findByRole('article', { name: /^Buyurtma №1 ·/ });
    kitchen.deviceExists = false;
    await user.click(lineButton(card, 2, 'Osh'));
    expect(await screen.findByRole('heading', { name: 'Oshxona ekranini ulash' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(kitchenMessages.kitchenSessionInvalid);
    expect(localStorage.getItem(KITCHEN_TOKEN_KEY)).toBeNull();
    // Its stream is closed with it.
    await waitFor(() => expect(FakeEventSource.opened.every((source) => source.closed)).toBe(true));
  });

  it('the device removed while only the stream notices: its next ticket is refused and the tablet pairs again', async () => {
    await renderKitchen({ token: kitchen.token });
    await screen.findByRole('article', { name: /^Buyurtma №1 ·/ });
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    kitchen.deviceExists = false;
    act(() => FakeEventSource.current()!.fail());
    // The reconnect (a second later) asks for a ticket with the removed device's token: 401.
    expect(await screen.findByRole('heading', { name: 'Oshxona ekranini ulash' }, { timeout: 4000 })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(kitchenMessages.kitchenSessionInvalid);
    expect(localStorage.getItem(KITCHEN_TOKEN_KEY)).toBeNull();
    expect(kitchen.callsTo('POST', /^\/kitchen\/events\/ticket$/).at(-1)!.authorization).toBe(
      `Bearer ${kitchen.token}`,
    );
  });

  it('a stored token the server no longer knows: pairing again, with the message', async () => {
    kitchen.deviceExists = false;
    await renderKitchen({ token: 'kd_removed' });
    expect(await screen.findByRole('heading', { name: 'Oshxona ekranini ulash' })).toBeVisible();
    expect(within(screen.getByRole('alert')).getByText(kitchenMessages.kitchenSessionInvalid)).toBeVisible();
    expect(localStorage.getItem(KITCHEN_TOKEN_KEY)).toBeNull();
  });
});
