import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UploadEvent } from '../../machines/upload/upload.machine';
import { restaurants } from '../../server/db/schema';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { generatePaths, type PathEventType, pathName, runPathOnScreen, type UiFixture } from '../support/paths';
import { type RenderedApp, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { uploadModel } from './models/smallModels';
import { HeldCalls } from './support/calls';
import { findShownDialog, shownDialog } from './support/shownDialog';

/** Every generated path of the upload machine, walked on the logotype slot of the restaurant edit dialog. */

interface World {
  app?: RenderedApp;
  calls: HeldCalls<'upload'>;
  restaurantId: string;
  /** The file the next upload sends (decided one step ahead by its outcome). */
  file: File;
}

let ui: UiHarness;
let admin: TestUser;
let png: File;
const NAME = 'Rasmli Restoran';
const notAnImage = () => new File(['just text, not a picture'], 'logo.png', { type: 'image/png' });

const slot = () => shownDialog().querySelector<HTMLElement>('[data-kind="logotype"]')!;
const picker = () => within(slot()).getByRole('button', { name: 'Rasm tanlash: Logotip' });
const logotypeOf = async (w: World) =>
  (await ui.db.select().from(restaurants).where(eq(restaurants._id, w.restaurantId)))[0]!.logotype;

const fixtures = {
  'upload.start': {
    exec: async (w) => {
      await w.app!.user.upload(within(slot()).getByLabelText('Logotip'), w.file);
    },
  },
  'upload.cancel': {
    exec: (w) => w.app!.user.click(within(slot()).getByRole('button', { name: 'Bekor qilish: Logotip' })),
  },
  'xstate.done.actor.upload': {
    arrange: (w) => {
      w.file = png;
    },
    exec: async (w) => {
      w.calls.take('upload').release();
      await within(slot()).findByLabelText('Logotip: Yuklandi');
      expect(await logotypeOf(w)).toMatch(/^\/uploads\/.+\.webp$/);
    },
  },
  'xstate.error.actor.upload': {
    // A text file named .png: the server checks the content and refuses it.
    arrange: (w) => {
      w.file = notAnImage();
    },
    exec: async (w) => {
      w.calls.take('upload').release();
      await within(slot()).findByRole('alert');
    },
  },
} satisfies Record<Exclude<PathEventType<UploadEvent, 'upload'>, 'upload.progress'>, UiFixture<World>>;

const checks = {
  idle: async () => {
    await waitFor(() => expect(within(slot()).queryByRole('progressbar')).toBeNull());
    expect(within(slot()).getByLabelText('Logotip')).toBeEnabled();
    // The Uzbek picker, with no file named before a choice or after a cancel.
    expect(picker()).toBeEnabled();
    expect(picker()).toHaveTextContent(/^Rasm tanlash$/);
    expect(within(slot()).queryByText('logo.png')).toBeNull();
  },
  uploading: async () => {
    expect(await within(slot()).findByLabelText('Logotip: Yuklanmoqda...')).toBeInTheDocument();
    expect(within(slot()).getByRole('button', { name: 'Bekor qilish: Logotip' })).toBeVisible();
    expect(within(slot()).getByLabelText('Logotip')).toBeDisabled();
    expect(picker()).toBeDisabled();
    expect(within(slot()).getByText('logo.png')).toBeVisible();
  },
  done: async () => {
    expect(within(slot()).getByLabelText('Logotip: Yuklandi')).toBeInTheDocument();
    expect(within(slot()).getByRole('img', { name: 'Logotip' })).toHaveAttribute(
      'src',
      expect.stringMatching(/\/uploads\/.+\.webp$/),
    );
    expect(within(slot()).getByText('logo.png')).toBeVisible();
  },
  failed: async () => {
    expect(await within(slot()).findByRole('alert')).toHaveTextContent(/\S/);
    expect(within(slot()).getByLabelText('Logotip')).toBeEnabled();
    expect(picker()).toBeEnabled();
    expect(within(slot()).getByText('logo.png')).toBeVisible();
  },
};

beforeAll(async () => {
  ui = await startUi();
  const buffer = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#198754' } })
    .png()
    .toBuffer();
  png = new File([new Uint8Array(buffer)], 'logo.png', { type: 'image/png' });
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  admin = await createUser(ui.testApp.app, ui.db, 'admin');
});

const paths = generatePaths(uploadModel);

describe('upload machine: generated paths on the restaurant dialog', () => {
  paths.forEach((path, index) => {
    it(pathName(uploadModel, path, index), async () => {
      const manager = await createUser(ui.testApp.app, ui.db, 'manager');
      const restaurant = await createRestaurant(ui.db, { name: NAME, manager_id: manager._id });
      const world: World = {
        restaurantId: restaurant._id,
        file: png,
        calls: new HeldCalls(ui.net, { upload: ['POST', '/manager/upload'] }),
      };
      await runPathOnScreen({
        model: uploadModel,
        path,
        fixtures,
        checks,
        world,
        start: async (w) => {
          w.app = renderApp('/admin/restaurants', { token: admin.token });
          await w.app.user.click(await screen.findByRole('button', { name: `Tahrirlash: ${NAME}` }));
          await within(await findShownDialog()).findByLabelText('Logotip');
        },
        onInvoke: (w, id) => w.calls.arm(id),
      });
    });
  });
});
