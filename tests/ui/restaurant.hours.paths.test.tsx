import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { WorkingHoursEvent, workingHoursMachine } from '../../machines/restaurants/workingHours.machine';
import { type HoursForm, toHoursChange } from '../../machines/restaurants/workingHours.rules';
import { selectSaveResult } from '../../machines/restaurants/workingHours.selectors';
import { restaurants } from '../../server/db/schema';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { generatePaths, type PathEventType, pathName, runPathOnScreen, type UiFixture } from '../support/paths';
import { type RenderedApp, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { HOURS_RESTAURANT, workingHoursModel } from './models/workingHours.model';
import { HeldCalls } from './support/calls';

/**
 * Every generated path of "Ish vaqti" (the workingHours machine), walked on the manager's restaurant page against the
 * real server: each edit is made on the screen and checked there, each save is held while the page shows it saving,
 * then stored (and read back from the database) or refused.
 */

type Snapshot = SnapshotFrom<typeof workingHoursMachine>;

interface World {
  app?: RenderedApp;
  calls: HeldCalls<'saveHours'>;
  restaurantId: string;
}

let ui: UiHarness;
let manager: TestUser;
const app = (w: World) => w.app!;
const panel = () => within(screen.getByTestId('working-hours'));
const day = (key: string) => within(screen.getByTestId(`working-day-${key}`));
const valuesOf = (snapshot: unknown) => (snapshot as Snapshot).context.values as HoursForm;
const intervalsShown = (key: string) => day(key).queryAllByLabelText(/oraliq: ochiladi$/).length;

const fixtures = {
  'hours.alwaysOpen': {
    exec: async (w, e) => {
      await app(w).user.click(panel().getByRole('checkbox', { name: 'Har doim ochiq' }));
      expect(panel().getByRole('checkbox', { name: 'Har doim ochiq' })).toHaveProperty('checked', e.on);
      expect(screen.queryByTestId('working-day-1') === null).toBe(e.on);
    },
  },
  'hours.dayOpen': {
    exec: async (w, _e, { after }) => {
      await app(w).user.click(panel().getByRole('checkbox', { name: 'Yakshanba: ochiq' }));
      expect(intervalsShown('7')).toBe(valuesOf(after).days['7'].length);
    },
  },
  'hours.add': {
    exec: async (w) => {
      await app(w).user.click(panel().getByRole('button', { name: "Oraliq qo'shish: Dushanba" }));
      expect(day('1').getByLabelText('Dushanba, 2-oraliq: ochiladi')).toHaveValue('22:00');
      expect(day('1').getByLabelText('Dushanba, 2-oraliq: yopiladi')).toHaveValue('');
    },
  },
  'hours.time': {
    exec: async (w, e) => {
      const end = day('1').getByLabelText(`Dushanba, ${Number(e.index) + 1}-oraliq: yopiladi`);
      await app(w).user.clear(end);
      await app(w).user.type(end, String(e.value));
      expect(end).toHaveValue(String(e.value));
    },
  },
  'hours.remove': {
    exec: async (w) => {
      await app(w).user.click(panel().getByRole('button', { name: "Oraliqni o'chirish: Dushanba, 2-oraliq" }));
      expect(intervalsShown('1')).toBe(1);
    },
  },
  'hours.sameEveryDay': {
    exec: async (w, _e, { after }) => {
      await app(w).user.click(panel().getByRole('button', { name: 'Har kuni bir xil' }));
      const monday = valuesOf(after).days['1'].length;
      for (const key of ['1', '2', '3', '4', '5', '6', '7']) expect(intervalsShown(key)).toBe(monday);
    },
  },
  'hours.timeZone': {
    exec: async (w, e) => {
      await app(w).user.selectOptions(panel().getByLabelText('Vaqt mintaqasi'), String(e.zone));
      expect(panel().getByLabelText('Vaqt mintaqasi')).toHaveValue(String(e.zone));
    },
  },
  'hours.save': {
    exec: (w) => app(w).user.click(panel().getByRole('button', { name: 'Ish vaqtini saqlash' })),
  },
  'xstate.done.actor.saveHours': {
    exec: async (w, _e, { before }) => {
      w.calls.take('saveHours').release();
      expect(await panel().findByText('Ish vaqti saqlandi')).toBeVisible();
      // What the page sent is what the restaurant now has.
      const [row] = await ui.db.select().from(restaurants).where(eq(restaurants._id, w.restaurantId));
      const sent = toHoursChange(valuesOf(before));
      expect({ time_zone: row!.time_zone, working_hours: row!.working_hours }).toEqual(sent);
    },
  },
  'xstate.error.actor.saveHours': {
    exec: async (w) => {
      w.calls.take('saveHours').fail(400);
      expect(await panel().findByText('Sinov xatosi')).toBeVisible();
    },
  },
} satisfies Record<PathEventType<WorkingHoursEvent, 'saveHours'>, UiFixture<World>>;

const checks = {
  editing: async (_w: World, snapshot: Snapshot) => {
    await waitFor(() => expect(panel().getByRole('button', { name: 'Ish vaqtini saqlash' })).toBeEnabled());
    // Nothing under the form, or what to correct once a save was asked for.
    expect(screen.getByTestId('working-hours-result')).toHaveTextContent(selectSaveResult(snapshot)?.message ?? '');
  },
  saving: async () => {
    const save = panel().getByRole('button', { name: 'Ish vaqtini saqlash' });
    await waitFor(() => expect(save).toBeDisabled());
    expect(save).toHaveAttribute('aria-busy', 'true');
  },
  saved: () => {
    expect(screen.getByTestId('working-hours-result')).toHaveTextContent('Ish vaqti saqlandi');
    expect(screen.getByTestId('working-hours-result')).toHaveClass('text-success');
  },
  failed: () => {
    expect(screen.getByTestId('working-hours-result')).toHaveTextContent('Sinov xatosi');
    expect(screen.getByTestId('working-hours-result')).toHaveClass('text-danger');
    expect(panel().getByRole('button', { name: 'Ish vaqtini saqlash' })).toBeEnabled();
  },
};

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
});

const paths = generatePaths(workingHoursModel);

describe('working hours machine: generated paths on the restaurant page', () => {
  paths.forEach((path, index) => {
    it(pathName(workingHoursModel, path, index), async () => {
      const restaurant = await createRestaurant(ui.db, {
        manager_id: manager._id,
        time_zone: HOURS_RESTAURANT.time_zone,
        working_hours: structuredClone(HOURS_RESTAURANT.working_hours) as never,
      });
      const world: World = {
        restaurantId: restaurant._id,
        calls: new HeldCalls(ui.net, { saveHours: ['PUT', '/manager/restaurants/update'] }),
      };
      await runPathOnScreen({
        model: workingHoursModel,
        path,
        fixtures,
        checks,
        world,
        start: async (w) => {
          w.app = renderApp(`/viewRestaurant/${restaurant._id}`, {
            token: manager.token,
            storage: { restaurantId: restaurant._id },
          });
          await screen.findByTestId('working-hours', {}, { timeout: 10_000 });
        },
        onInvoke: (w, id) => w.calls.arm(id),
      });
    });
  });
});
