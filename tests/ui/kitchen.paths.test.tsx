import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../client/client';
import type { kitchenPairingMachine } from '../../machines/kitchen/kitchenPairing.machine';
import { kitchenMessages } from '../../server/messages/kitchen';
import { generatePaths, type PathModel, pathName, runPathOnScreen, type UiFixture } from '../support/paths';
import {
  DEVICE,
  kitchenPairingModel,
  kitchenPairingStoredModel,
  LOADED,
  type PairingPathEvent,
} from './models/kitchen.model';
import { FakeEventSource, type FakeKitchenServer, type HeldCall } from './support/fakeKitchen';
import { renderKitchen, startKitchenUi } from './support/kitchenUi';

/**
 * The pairing machine's generated paths walked on the rendered /kitchen screen against the fake kitchen API: typing
 * the code, "Ulash", the pairing call answering or refusing, and the display ending because the device was removed
 * (its first read answers 401). A display that breaks (a fault of the screen, not an answer of the server) cannot be
 * made from the screen: those paths are the machine test's (tests/machines/kitchenPairing.machine.test.ts).
 */

interface World {
  user?: ReturnType<typeof userEvent.setup>;
  pair?: HeldCall;
  load?: HeldCall;
}

const screenModel = (model: PathModel<typeof kitchenPairingMachine>): PathModel<typeof kitchenPairingMachine> => ({
  ...model,
  name: `${model.name} on screen`,
  filterEvents: (_s, e) => e.type !== 'xstate.error.actor.display',
});

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
const notOnScreen = (what: string) => () => {
  throw new Error(`${what} cannot be made from the screen`);
};

const fixtures = {
  'kitchen.code': {
    exec: async (w, e) => {
      await w.user!.clear(codeField());
      await w.user!.type(codeField(), e.value as string);
      expect(codeField()).toHaveValue(e.value as string);
    },
  },
  'kitchen.pair': { exec: (w) => w.user!.click(screen.getByRole('button', { name: 'Ulash' })) },
  'xstate.done.actor.pair': {
    arrange: (w) => {
      w.pair = kitchen.hold('POST', /^\/kitchen\/pair$/);
    },
    exec: async (w) => {
      await w.pair!.arrived;
      w.pair!.release();
      await screen.findByText('Buyurtmalar yuklanmoqda…');
    },
  },
  'xstate.error.actor.pair': {
    arrange: (w) => {
      w.pair = kitchen.hold('POST', /^\/kitchen\/pair$/);
    },
    exec: async (w, e) => {
      const error = e.error as ApiError;
      await w.pair!.arrived;
      w.pair!.fail(error.status, error.message);
      expect(await screen.findByRole('alert')).toHaveTextContent(error.message);
    },
  },
  'xstate.done.actor.display': {
    exec: async (w, e) => {
      await w.load!.arrived;
      w.load!.fail(401, (e.output as { message: string }).message);
      expect(await screen.findByRole('alert')).toHaveTextContent(kitchenMessages.kitchenSessionInvalid);
    },
  },
  'xstate.error.actor.display': { exec: notOnScreen('A broken display') },
  'kitchen.retry': { exec: notOnScreen('"Qayta urinish" after a broken display') },
} satisfies Record<PairingPathEvent, UiFixture<World>>;

const checks = {
  unpaired: async () => {
    expect(await screen.findByRole('heading', { name: 'Oshxona ekranini ulash' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Ulash' })).toBeInTheDocument();
  },
  pairing: () => {
    expect(screen.getByRole('button', { name: /Ulanmoqda/ })).toBeDisabled();
  },
  paired: async () => {
    expect(await screen.findByText('Buyurtmalar yuklanmoqda…')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Oshxona ekranini ulash' })).toBeNull();
  },
  displayFailed: () => {
    expect(screen.getByText('Oshxona ekranida xatolik yuz berdi.')).toBeVisible();
  },
};

describe.each([kitchenPairingModel, kitchenPairingStoredModel])('kitchen pairing paths on screen ($name)', (model) => {
  const walked = screenModel(model);
  const paths = generatePaths(walked);

  it.each(paths.map((path, i) => [pathName(walked, path, i), path] as const))('%s', async (_name, path) => {
    const world: World = {};
    await runPathOnScreen({
      model: walked,
      path,
      fixtures,
      checks,
      world,
      start: async (w) => {
        const stored = walked.input?.token;
        w.user = (await renderKitchen(stored ? { token: kitchen.token } : {})).user;
      },
      // The display's first read is held: the paired state is checked while it loads, and its 401 ends the display.
      onInvoke: (w, id) => {
        if (id === 'display') w.load = kitchen.hold('GET', /^\/kitchen\/orders$/);
      },
    });
  });
});
