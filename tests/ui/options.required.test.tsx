import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productOptions } from '../../server/db/schema';
import {
  createCategory,
  createOption,
  createProduct,
  createRestaurant,
  createUser,
  type TestUser,
} from '../support/fixtures';
import { findToast, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { shownDialog } from './support/shownDialog';

/**
 * A manager sets how many of an option's rows a diner chooses in the option dialog: 'Majburiy' (at least one), under
 * it while on 'Kamida nechta tanlash kerak' (min_choices), and 'Ko'pi bilan nechta tanlash mumkin' (max_choices). The
 * card says so ('majburiy', '2–3 ta'), the server keeps it, and a minimum above the maximum is refused in the form.
 */

let ui: UiHarness;
let manager: TestUser;
let productId: string;

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
  const restaurant = await createRestaurant(ui.db, { manager_id: manager._id });
  const category = await createCategory(ui.db, restaurant._id);
  productId = (await createProduct(ui.db, category._id, { name: 'Samarqand oshi' }))._id;
});

const open = () => renderApp(`/ManagerProductOptionRow/${productId}`, { token: manager.token });
const card = (name: string) => screen.getAllByTestId(/^option-/).find((el) => el.dataset.name === name)!;
const dialog = shownDialog;
const requiredSwitch = () => within(dialog()).getByRole('switch', { name: 'Majburiy' });
const minField = () => within(dialog()).queryByLabelText(/^Kamida nechta tanlash kerak/);
const maxField = () => within(dialog()).getByLabelText(/^Ko'pi bilan nechta tanlash mumkin/);
const save = (app: ReturnType<typeof open>) =>
  app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
/** The option as the database keeps it: its choice counts. */
const stored = async (name: string) => {
  const option = (await ui.db.select().from(productOptions).where(eq(productOptions.name, name)))[0];
  return option && { min_choices: option.min_choices, max_choices: option.max_choices };
};
const bodies = (method: 'POST' | 'PUT') =>
  ui.net.callsTo(method, /\/manager\/product-option(\/[^/]+)?$/).map((call) => JSON.parse(call.body ?? 'null'));
const setCount = async (app: ReturnType<typeof open>, field: HTMLElement, value: string) => {
  await app.user.clear(field);
  await app.user.type(field, value);
};

describe('a required option', () => {
  it('is created required with the switch on (one row: at least 1, at most 1), and its card says "majburiy"', async () => {
    const app = open();
    // The add button waits for the list.
    expect(await screen.findByText('Opsiyalar mavjud emas')).toBeVisible();
    await app.user.click(screen.getByRole('button', { name: "+ Option qo'shish" }));
    expect(await screen.findByRole('heading', { name: "Yangi Variant Qo'shish" })).toBeVisible();
    await app.user.type(within(dialog()).getByLabelText(/^Opsiya nomi/), 'Porsiya');
    expect(requiredSwitch()).not.toBeChecked();
    expect(requiredSwitch()).toHaveAccessibleDescription(/kamida bitta qatorini tanlashi shart/);
    // 'Kamida' only while the switch is on; 'Ko'pi bilan' always, at 1 (a portion's one row), said under it.
    expect(minField()).toBeNull();
    expect(maxField()).toHaveValue(1);
    expect(maxField()).toHaveAccessibleDescription(/faqat bittasini tanlaydi \(masalan, porsiya\)/);
    await app.user.click(requiredSwitch());
    expect(minField()).toHaveValue(1);
    await save(app);
    await findToast("Yangi variant qo'shildi");
    await waitFor(() => expect(within(card('Porsiya')).getByText('majburiy')).toBeVisible());
    // One row at most: no count note on the card.
    expect(within(card('Porsiya')).queryByText(/ta$|tagacha$/)).toBeNull();
    expect(bodies('POST')).toEqual([{ product_id: productId, name: 'Porsiya', min_choices: 1, max_choices: 1 }]);
    expect(await stored('Porsiya')).toEqual({ min_choices: 1, max_choices: 1 });
  });

  it('an optional one shows no mark; the edit dialog starts from the setting and sends only the changed count', async () => {
    await createOption(ui.db, productId, { name: 'Porsiya' });
    await createOption(ui.db, productId, { name: 'Sous', min_choices: 1 });
    const app = open();
    await screen.findByRole('button', { name: /^Porsiya/ });
    expect(within(card('Porsiya')).queryByText('majburiy')).toBeNull();
    expect(within(card('Sous')).getByText('majburiy')).toBeVisible();

    await app.user.click(within(card('Porsiya')).getByRole('button', { name: 'Tahrirlash: Porsiya' }));
    expect(requiredSwitch()).not.toBeChecked();
    expect(minField()).toBeNull();
    await app.user.click(requiredSwitch());
    expect(minField()).toHaveValue(1);
    await save(app);
    await findToast('Variant yangilandi');
    await waitFor(() => expect(within(card('Porsiya')).getByText('majburiy')).toBeVisible());
    expect(await stored('Porsiya')).toEqual({ min_choices: 1, max_choices: 1 });
    expect(bodies('PUT').at(-1)).toEqual({ min_choices: 1 });

    await app.user.click(within(card('Sous')).getByRole('button', { name: 'Tahrirlash: Sous' }));
    expect(requiredSwitch()).toBeChecked();
    expect(minField()).toHaveValue(1);
    await app.user.click(requiredSwitch());
    expect(minField()).toBeNull();
    await save(app);
    await waitFor(() => expect(within(card('Sous')).queryByText('majburiy')).toBeNull());
    expect(bodies('PUT').at(-1)).toEqual({ min_choices: 0 });
    expect(await stored('Sous')).toEqual({ min_choices: 0, max_choices: 1 });
  });
});

describe('how many rows a diner chooses', () => {
  it('a manager allows at most 3 and asks at least 2: the server keeps 2 and 3, the card says "2–3 ta"', async () => {
    const app = open();
    expect(await screen.findByText('Opsiyalar mavjud emas')).toBeVisible();
    await app.user.click(screen.getByRole('button', { name: "+ Option qo'shish" }));
    await app.user.type(within(dialog()).getByLabelText(/^Opsiya nomi/), "Qo'shimchalar");
    await setCount(app, maxField(), '3');
    await app.user.click(requiredSwitch());
    await setCount(app, minField()!, '2');
    await save(app);
    await findToast("Yangi variant qo'shildi");
    await waitFor(() => expect(within(card("Qo'shimchalar")).getByText('2–3 ta')).toBeVisible());
    expect(within(card("Qo'shimchalar")).getByText('2–3 ta')).toHaveAttribute(
      'title',
      'Mijoz 2 tadan 3 tagacha qator tanlaydi',
    );
    expect(within(card("Qo'shimchalar")).getByText('majburiy')).toBeVisible();
    expect(bodies('POST')).toEqual([{ product_id: productId, name: "Qo'shimchalar", min_choices: 2, max_choices: 3 }]);
    expect(await stored("Qo'shimchalar")).toEqual({ min_choices: 2, max_choices: 3 });
    // The manager's API answers the same counts (and `required` from them).
    const answer = await ui.testApp.app.inject({
      method: 'GET',
      url: `/manager/product-option/product/${productId}`,
      headers: { authorization: `Bearer ${manager.token}` },
    });
    expect(answer.json()[0]).toMatchObject({ name: "Qo'shimchalar", required: true, min_choices: 2, max_choices: 3 });

    // The edit dialog starts from them.
    await app.user.click(within(card("Qo'shimchalar")).getByRole('button', { name: "Tahrirlash: Qo'shimchalar" }));
    expect(requiredSwitch()).toBeChecked();
    expect(minField()).toHaveValue(2);
    expect(maxField()).toHaveValue(3);
  });

  it('a minimum above the maximum is said at the "Kamida" field and nothing is sent', async () => {
    await createOption(ui.db, productId, { name: 'Souslar', min_choices: 1, max_choices: 3 });
    const app = open();
    await screen.findByRole('button', { name: /^Souslar/ });
    expect(within(card('Souslar')).getByText('1–3 ta')).toBeVisible();
    await app.user.click(within(card('Souslar')).getByRole('button', { name: 'Tahrirlash: Souslar' }));
    await setCount(app, minField()!, '4');
    await save(app);
    expect(await within(dialog()).findByText("Kamida soni ko'pi bilan sonidan katta bo'lmasligi kerak")).toBeVisible();
    expect(minField()).toHaveClass('is-invalid');
    // Out of 1..20 is said too.
    await setCount(app, maxField(), '21');
    await save(app);
    expect(await within(dialog()).findByText('1 dan 20 gacha butun son kiriting')).toBeVisible();
    expect(shownDialog()).toBeVisible();
    expect(bodies('PUT')).toEqual([]);
    expect(await stored('Souslar')).toEqual({ min_choices: 1, max_choices: 3 });

    // Corrected, it saves both counts.
    await setCount(app, maxField(), '5');
    await save(app);
    await findToast('Variant yangilandi');
    expect(bodies('PUT')).toEqual([{ min_choices: 4, max_choices: 5 }]);
    expect(await stored('Souslar')).toEqual({ min_choices: 4, max_choices: 5 });
    await waitFor(() => expect(within(card('Souslar')).getByText('4–5 ta')).toBeVisible());
  });

  it('a "Kamida" count left behind when the switch is turned off again is no change', async () => {
    await createOption(ui.db, productId, { name: 'Non', max_choices: 2 });
    const app = open();
    await screen.findByRole('button', { name: /^Non/ });
    expect(within(card('Non')).getByText('2 tagacha')).toBeVisible();
    await app.user.click(within(card('Non')).getByRole('button', { name: 'Tahrirlash: Non' }));
    await app.user.click(requiredSwitch());
    await setCount(app, minField()!, '2');
    await app.user.click(requiredSwitch());
    await save(app);
    await findToast("Hech qanday o'zgarish yo'q.");
    expect(bodies('PUT')).toEqual([]);
  });
});
