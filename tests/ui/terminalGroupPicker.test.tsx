import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restaurants } from '../../server/db/schema';
import { type PosSimulator, startPosSimulator } from '../../server/dev/pos/server';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { findToast, renderApp, screen, startUi, type UiHarness } from '../support/ui';
import { shownDialog } from './support/shownDialog';

/**
 * The manager's Update Restaurant modal of an integration restaurant, against the real server and the local POS
 * simulator: the select of the POS terminal group that receives the orders, what it saves, and a POS that cannot
 * list its groups.
 */

const LABEL = 'Buyurtmalar boradigan kassa guruhi';

let sim: PosSimulator;
let ui: UiHarness;
let admin: TestUser;
let manager: TestUser;

beforeAll(async () => {
  sim = await startPosSimulator();
  ui = await startUi({ IIKO_API_URL: sim.url, IIKO_API_LOGIN: sim.apiLogin });
});
afterAll(async () => {
  await ui.close();
  await sim.close();
});
beforeEach(async () => {
  sim.control.reset();
  await ui.reset();
  admin = await createUser(ui.testApp.app, ui.db, 'admin');
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
});

/** The POS's first organization made a restaurant of `manager`, as the admin's "Integratsiyadan qo'shish" does. */
async function fromPos(): Promise<{ _id: string; name: string; orgId: string }> {
  const org = sim.control.organizations()[0]!;
  const res = await ui.testApp.app.inject({
    method: 'POST',
    url: '/admin/integration/restaurants/create',
    headers: admin.headers,
    payload: { id: org.id, manager_id: manager._id },
  });
  expect(res.statusCode).toBe(201);
  const { _id, name } = res.json().data;
  return { _id, name, orgId: org.id };
}

async function openModal() {
  const app = renderApp('/manager', { token: manager.token });
  await app.user.click(await screen.findByRole('button', { name: "O'zgartirish" }, { timeout: 10_000 }));
  return app;
}

describe("the Update Restaurant modal's POS terminal group", () => {
  it("lists the POS's groups after the first group, and saves the chosen one", async () => {
    const restaurant = await fromPos();
    const groups = sim.control.terminals.terminalGroups(restaurant.orgId);
    expect(groups.length).toBeGreaterThan(0);
    const { user } = await openModal();

    const select = await within(shownDialog()).findByLabelText(LABEL);
    const options = within(select).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Birinchi guruh (standart)', ...groups.map((g) => g.name)]);
    // null (the default after an import): the first option.
    expect(select).toHaveValue('');

    const chosen = groups.at(-1)!;
    await user.selectOptions(select, chosen.id);
    await user.click(within(shownDialog()).getByRole('button', { name: 'Update' }));
    await findToast('Restaurant updated successfully!');
    const [row] = await ui.db.select().from(restaurants).where(eq(restaurants._id, restaurant._id));
    expect(row?.pos_terminal_group_id).toBe(chosen.id);
  });

  it('a POS that cannot list its groups: a short note instead of the select, and the rest of the form saves', async () => {
    const restaurant = await fromPos();
    sim.control.fail('/api/1/terminal_groups', { status: 500 });
    const { user } = await openModal();

    expect(
      await within(shownDialog()).findByText("Kassa guruhlarini yuklab bo'lmadi: guruhni keyinroq tanlang."),
    ).toBeVisible();
    expect(within(shownDialog()).queryByLabelText(LABEL)).toBeNull();
    const name = within(shownDialog()).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Yangi nom');
    await user.click(within(shownDialog()).getByRole('button', { name: 'Update' }));
    await findToast('Restaurant updated successfully!');
    const [row] = await ui.db.select().from(restaurants).where(eq(restaurants._id, restaurant._id));
    expect(row).toMatchObject({ name: 'Yangi nom', pos_terminal_group_id: null });
  });

  it('a manual restaurant has no group select and asks the POS nothing', async () => {
    await createRestaurant(ui.db, { name: "Qo'lda restoran", manager_id: manager._id });
    await openModal();
    expect(await within(shownDialog()).findByLabelText(/^Name/)).toBeVisible();
    expect(within(shownDialog()).queryByLabelText(LABEL)).toBeNull();
    expect(ui.net.callsTo('GET', '/manager/restaurants/terminal-groups')).toHaveLength(0);
  });
});
