import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { DigestTimeEvent, digestTimeMachine } from '../../machines/restaurants/digestTime.machine';
import { type DigestForm, toDigestChange } from '../../machines/restaurants/digestTime.rules';
import { selectSaveResult } from '../../machines/restaurants/digestTime.selectors';
import { restaurants } from '../../server/db/schema';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { generatePaths, type PathEventType, pathName, runPathOnScreen, type UiFixture } from '../support/paths';
import { type RenderedApp, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { DIGEST_RESTAURANT, digestTimeModel } from './models/digestTime.model';
import { HeldCalls } from './support/calls';

/**
 * Every generated path of "Kunlik hisobot" (the digestTime machine), walked on the manager's restaurant page against
 * the real server: each edit is made on the screen and checked there, each save is held while the page shows it
 * saving, then stored (and read back from the database) or refused.
 */

type Snapshot = SnapshotFrom<typeof digestTimeMachine>;

interface World {
  app?: RenderedApp;
  calls: HeldCalls<'saveDigest'>;
  restaurantId: string;
}

let ui: UiHarness;
let manager: TestUser;
const app = (w: World) => w.app!;
const panel = () => within(screen.getByTestId('digest-time'));
const valuesOf = (snapshot: unknown) => (snapshot as Snapshot).context.values as DigestForm;
const SWITCH = { name: 'Kunlik hisobotni yuborish' };
const SAVE = { name: 'Hisobot vaqtini saqlash' };

const fixtures = {
  'digest.switch': {
    exec: async (w, e) => {
      await app(w).user.click(panel().getByRole('checkbox', SWITCH));
      expect(panel().getByRole('checkbox', SWITCH)).toHaveProperty('checked', e.on);
      expect(panel().getByLabelText('Hisobot vaqti')).toHaveProperty('disabled', !e.on);
    },
  },
  'digest.time': {
    exec: async (w, e) => {
      const time = panel().getByLabelText('Hisobot vaqti');
      await app(w).user.clear(time);
      if (e.value !== '') await app(w).user.type(time, String(e.value));
      expect(time).toHaveValue(String(e.value));
    },
  },
  'digest.save': {
    exec: (w) => app(w).user.click(panel().getByRole('button', SAVE)),
  },
  'xstate.done.actor.saveDigest': {
    exec: async (w, _e, { before }) => {
      w.calls.take('saveDigest').release();
      const sent = toDigestChange(valuesOf(before));
      expect(await panel().findByText(`Saqlandi: hisobot har kuni ${sent.digest_time} da yuboriladi.`)).toBeVisible();
      // What the page sent is what the restaurant now has.
      const [row] = await ui.db.select().from(restaurants).where(eq(restaurants._id, w.restaurantId));
      expect({ digest_time: row!.digest_time }).toEqual(sent);
    },
  },
  'xstate.error.actor.saveDigest': {
    exec: async (w) => {
      w.calls.take('saveDigest').fail(400);
      expect(await panel().findByText('Sinov xatosi')).toBeVisible();
    },
  },
} satisfies Record<PathEventType<DigestTimeEvent, 'saveDigest'>, UiFixture<World>>;

const checks = {
  editing: async (_w: World, snapshot: Snapshot) => {
    await waitFor(() => expect(panel().getByRole('button', SAVE)).toBeEnabled());
    expect(screen.getByTestId('digest-time-result')).toHaveTextContent(selectSaveResult(snapshot)?.message ?? '');
    // A time that is not HH:MM is marked once a save was asked for.
    const marked = snapshot.context.showErrors && valuesOf(snapshot).on && valuesOf(snapshot).time === '';
    expect(panel().getByLabelText('Hisobot vaqti').getAttribute('aria-invalid') === 'true').toBe(marked);
    if (marked) expect(panel().getByText("Vaqtni SS:DD ko'rinishida kiriting (masalan, 23:00)")).toBeVisible();
  },
  saving: async () => {
    const save = panel().getByRole('button', SAVE);
    await waitFor(() => expect(save).toBeDisabled());
    expect(save).toHaveAttribute('aria-busy', 'true');
  },
  saved: () => {
    expect(screen.getByTestId('digest-time-result')).toHaveTextContent(/^Saqlandi/);
    expect(screen.getByTestId('digest-time-result')).toHaveClass('text-success');
  },
  failed: () => {
    expect(screen.getByTestId('digest-time-result')).toHaveTextContent('Sinov xatosi');
    expect(screen.getByTestId('digest-time-result')).toHaveClass('text-danger');
    expect(panel().getByRole('button', SAVE)).toBeEnabled();
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

const paths = generatePaths(digestTimeModel);

describe('digest time machine: generated paths on the restaurant page', () => {
  paths.forEach((path, index) => {
    it(pathName(digestTimeModel, path, index), async () => {
      const restaurant = await createRestaurant(ui.db, {
        manager_id: manager._id,
        digest_time: DIGEST_RESTAURANT.digest_time,
      });
      const world: World = {
        restaurantId: restaurant._id,
        calls: new HeldCalls(ui.net, { saveDigest: ['PUT', '/manager/restaurants/update'] }),
      };
      await runPathOnScreen({
        model: digestTimeModel,
        path,
        fixtures,
        checks,
        world,
        start: async (w) => {
          w.app = renderApp(`/viewRestaurant/${restaurant._id}`, {
            token: manager.token,
            storage: { restaurantId: restaurant._id },
          });
          await screen.findByTestId('digest-time', {}, { timeout: 10_000 });
        },
        onInvoke: (w, id) => w.calls.arm(id),
      });
    });
  });
});
