import { within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { ProductImagesEvent, productImagesMachine } from '../../machines/products/productImages.machine';
import { createCategory, createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { pngImage } from '../support/images';
import { generatePaths, type PathEventType, pathName, runPathOnScreen, type UiFixture } from '../support/paths';
import { type RenderedApp, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { productImagesModel } from './models/product.model';
import { HeldCalls } from './support/calls';
import { shownDialog } from './support/shownDialog';

/** Every generated path of the product images machine, walked in the product form against the real server. */

type Snapshot = SnapshotFrom<typeof productImagesMachine>;

interface World {
  app?: RenderedApp;
  calls: HeldCalls<'upload'>;
}

let ui: UiHarness;
let manager: TestUser;
let categoryId: string;
let png: File;

const app = (w: World) => w.app!;
const dialog = shownDialog;
const thumbnails = () => within(dialog()).queryAllByRole('img', { name: /^Rasm \d+$/ });

const fixtures = {
  'images.pick': {
    exec: async (w) => app(w).user.upload(within(dialog()).getByLabelText('Rasmlar', { selector: 'input' }), png),
  },
  'images.progress': { exec: () => Promise.reject(new Error('comes from XMLHttpRequest, not walked')) },
  'images.cancel': {
    exec: async (w) => app(w).user.click(within(dialog()).getByRole('button', { name: 'Bekor qilish' })),
  },
  'images.remove': {
    exec: async (w) => app(w).user.click(within(dialog()).getByRole('button', { name: "O'chirish: Rasm 1" })),
  },
  // The model starts with no picture and picks one at most, so a move (which needs two) is never on its paths; the
  // edit form's moves are walked in products.images.edit.test.tsx.
  'images.move': {
    exec: async (w) => app(w).user.click(within(dialog()).getByRole('button', { name: 'Keyinga surish: Rasm 1' })),
  },
  'xstate.done.actor.upload': {
    exec: async (w) => {
      w.calls.take('upload').release();
      await waitFor(() => expect(thumbnails()).toHaveLength(1));
    },
  },
  'xstate.error.actor.upload': {
    exec: async (w) => {
      w.calls.take('upload').fail(400);
      await within(dialog()).findByText('Sinov xatosi');
    },
  },
} satisfies Record<PathEventType<ProductImagesEvent, 'upload'>, UiFixture<World>>;

const checks = {
  idle: async (_: World, s: Snapshot) => {
    await waitFor(() => expect(within(dialog()).queryByRole('progressbar')).toBeNull());
    expect(thumbnails()).toHaveLength(s.context.urls.length);
    expect(within(dialog()).getByLabelText('Rasmlar', { selector: 'input' })).toBeEnabled();
  },
  uploading: async () => {
    expect(await within(dialog()).findByRole('progressbar')).toBeInTheDocument();
    expect(within(dialog()).getByLabelText('Rasmlar', { selector: 'input' })).toBeDisabled();
  },
  failed: async () => {
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Sinov xatosi');
  },
};

beforeAll(async () => {
  ui = await startUi();
  png = new File([new Uint8Array(await pngImage())], 'osh.png', { type: 'image/png' });
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
  const restaurant = await createRestaurant(ui.db, { manager_id: manager._id });
  categoryId = (await createCategory(ui.db, restaurant._id))._id;
});

describe('product images machine: generated paths in the product form', () => {
  generatePaths(productImagesModel).forEach((path, index) => {
    it(pathName(productImagesModel, path, index), async () => {
      const world: World = { calls: new HeldCalls(ui.net, { upload: ['POST', '/manager/upload'] }) };
      await runPathOnScreen({
        model: productImagesModel,
        path,
        fixtures,
        checks,
        world,
        start: async (w) => {
          w.app = renderApp(`/ManagerProductTable/${categoryId}`, { token: manager.token });
          await w.app.user.click(await screen.findByRole('button', { name: "Mahsulot qo'shish" }));
          await within(await screen.findByRole('dialog')).findByLabelText('Rasmlar', { selector: 'input' });
        },
        onInvoke: (w, id) => w.calls.arm(id),
      });
    });
  });
});
