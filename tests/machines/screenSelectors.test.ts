import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Manager, Restaurant } from '../../client/types';
import { managerRestaurantsMachine } from '../../machines/manager/managerRestaurants.machine';
import * as mine from '../../machines/manager/managerRestaurants.selectors';
import { managersMachine } from '../../machines/managers/managers.machine';
import * as managers from '../../machines/managers/managers.selectors';
import { restaurantViewMachine } from '../../machines/restaurants/restaurantView.machine';
import * as view from '../../machines/restaurants/restaurantView.selectors';
import { uploadMachine } from '../../machines/upload/upload.machine';
import * as upload from '../../machines/upload/upload.selectors';
import { flush, pending, rejecting, resolving } from './helpers';
import { managersPage } from './listServer';

/**
 * What the managers screen, the manager's restaurant cards, the restaurant page and the image upload show, read
 * through their selectors from live machines.
 */

const manager = (id: string, is_active = true) => ({ _id: id, login: `login-${id}`, is_active }) as Manager;
const restaurant = (id: string) => ({ _id: id, name: `R ${id}`, slug: `r-${id}`, type: 'manual' }) as Restaurant;

function startManagers(load: unknown, setActive: unknown = pending().logic) {
  return createActor(managersMachine.provide({ actors: { loadManagers: load, setActive } as never })).start();
}
type ManagersSnapshot = ReturnType<ReturnType<typeof startManagers>['getSnapshot']>;
const managersView = (s: ManagersSnapshot) => ({
  firstLoad: managers.selectIsFirstLoad(s),
  reloading: managers.selectIsReloading(s),
  failed: managers.selectLoadFailed(s),
  ids: managers.selectManagers(s).map((m) => m._id),
  empty: managers.selectIsEmpty(s),
  deleteTarget: managers.selectDeleteTarget(s)?._id ?? null,
  deactivateTarget: managers.selectDeactivateTarget(s)?._id ?? null,
  deleting: managers.selectConfirmDelete(s) !== undefined,
  busy: managers.selectBusyId(s),
});

describe('managers screen selectors (spec 2.5)', () => {
  const idle = {
    firstLoad: false,
    reloading: false,
    failed: false,
    ids: [],
    empty: false,
    deleteTarget: null,
    deactivateTarget: null,
    deleting: false,
    busy: null,
  };

  it('the first load shows Loading; a failed one its failure', async () => {
    expect(managersView(startManagers(pending().logic).getSnapshot())).toEqual({ ...idle, firstLoad: true });
    const failed = startManagers(rejecting(500).logic);
    await flush();
    expect(managersView(failed.getSnapshot())).toEqual({ ...idle, failed: true });
  });

  it('no manager: the empty text; some: the rows', async () => {
    const none = startManagers(resolving(managersPage([])).logic);
    await flush();
    expect(managersView(none.getSnapshot())).toEqual({ ...idle, empty: true });
    const two = startManagers(resolving(managersPage([manager('m1'), manager('m2')])).logic);
    await flush();
    expect(managersView(two.getSnapshot())).toEqual({ ...idle, ids: ['m1', 'm2'] });
  });

  it('a reload keeps the rows on screen (not a first load)', async () => {
    let calls = 0;
    const actor = startManagers(
      resolving((input: Parameters<ReturnType<typeof managersPage>>[0]) => {
        calls++;
        if (calls > 1) return new Promise(() => {});
        return managersPage([manager('m1')])(input);
      }).logic,
    );
    await flush();
    actor.send({ type: 'managers.reload' });
    expect(managersView(actor.getSnapshot())).toEqual({ ...idle, ids: ['m1'], reloading: true });
  });

  it('the delete question names its manager and runs the cycle; the toggled row shows its spinner', async () => {
    const actor = startManagers(resolving(managersPage([manager('m1'), manager('m2')])).logic);
    await flush();
    actor.send({ type: 'manager.delete', id: 'm2' });
    expect(managersView(actor.getSnapshot())).toEqual({
      ...idle,
      ids: ['m1', 'm2'],
      deleteTarget: 'm2',
      deleting: true,
    });
    actor.send({ type: 'confirm.no' });
    await flush();
    actor.send({ type: 'manager.toggleActive', id: 'm1' });
    // Deactivating asks first: the question names the manager; Ha runs the change.
    expect(managersView(actor.getSnapshot())).toEqual({ ...idle, ids: ['m1', 'm2'], deactivateTarget: 'm1' });
    actor.send({ type: 'confirm.yes' });
    expect(managersView(actor.getSnapshot())).toEqual({ ...idle, ids: ['m1', 'm2'], busy: 'm1' });
  });
});

function startMine(load: unknown) {
  return createActor(managerRestaurantsMachine.provide({ actors: { loadMyRestaurants: load } as never })).start();
}
type MineSnapshot = ReturnType<ReturnType<typeof startMine>['getSnapshot']>;
const mineView = (s: MineSnapshot) => ({
  firstLoad: mine.selectIsFirstLoad(s),
  empty: mine.selectIsEmpty(s),
  failed: mine.selectLoadFailed(s),
  ids: mine.selectRestaurants(s).map((r) => r._id),
});

describe('the manager’s restaurant cards (spec 2.7)', () => {
  const idle = { firstLoad: false, empty: false, failed: false, ids: [] };

  it('Loading..., then the cards; a reload keeps them on screen', async () => {
    let calls = 0;
    const actor = startMine(
      resolving(() => {
        calls++;
        if (calls === 1) return [restaurant('r1')];
        return new Promise(() => {});
      }).logic,
    );
    expect(mineView(actor.getSnapshot())).toEqual({ ...idle, firstLoad: true });
    await flush();
    expect(mineView(actor.getSnapshot())).toEqual({ ...idle, ids: ['r1'] });
    actor.send({ type: 'restaurants.reload' });
    expect(mineView(actor.getSnapshot())).toEqual({ ...idle, ids: ['r1'] });
  });

  it('none: No restaurants found; a failure: its text', async () => {
    const none = startMine(resolving([]).logic);
    await flush();
    expect(mineView(none.getSnapshot())).toEqual({ ...idle, empty: true });
    const failed = startMine(rejecting(500).logic);
    await flush();
    expect(mineView(failed.getSnapshot())).toEqual({ ...idle, failed: true });
  });
});

function startView(load: unknown, role: 'admin' | 'manager' = 'admin') {
  const machine = restaurantViewMachine.provide({ actors: { loadRestaurant: load } as never });
  return createActor(machine, { input: { id: 'r1', slug: 'r-r1', role } }).start();
}
type ViewSnapshot = ReturnType<ReturnType<typeof startView>['getSnapshot']>;
const pageView = (s: ViewSnapshot) => ({
  loading: view.selectIsLoading(s),
  failed: view.selectLoadFailed(s),
  restaurant: view.selectRestaurant(s)?._id ?? null,
  managerLogin: view.selectManagerLogin(s),
  confirming: view.selectIsConfirmingDelete(s),
  deleting: view.selectConfirmDelete(s) !== undefined,
  lastSync: view.selectLastSync(s),
});

describe('restaurant page selectors (spec 2.6)', () => {
  const idle = {
    loading: false,
    failed: false,
    restaurant: null,
    managerLogin: null,
    confirming: false,
    deleting: false,
    lastSync: undefined,
  };
  const sync = { status: 'ok', finished_at: '2030-01-01T00:00:00Z' };

  it('loading, then failed', async () => {
    expect(pageView(startView(pending().logic).getSnapshot())).toEqual({ ...idle, loading: true });
    const failed = startView(rejecting(404).logic);
    await flush();
    expect(pageView(failed.getSnapshot())).toEqual({ ...idle, failed: true });
  });

  it('the restaurant, its manager’s login and its last sync', async () => {
    const actor = startView(resolving({ restaurant: restaurant('r1'), managerLogin: 'ali', lastSync: sync }).logic);
    await flush();
    expect(pageView(actor.getSnapshot())).toEqual({ ...idle, restaurant: 'r1', managerLogin: 'ali', lastSync: sync });
  });

  it('the admin’s delete question, with its running cycle', async () => {
    const actor = startView(resolving({ restaurant: restaurant('r1'), managerLogin: null, lastSync: null }).logic);
    await flush();
    actor.send({ type: 'restaurant.delete' });
    expect(pageView(actor.getSnapshot())).toEqual({
      ...idle,
      restaurant: 'r1',
      lastSync: null,
      confirming: true,
      deleting: true,
    });
  });
});

function startUpload(call: unknown) {
  const machine = uploadMachine.provide({ actors: { upload: call } as never });
  return createActor(machine, { input: { restaurantId: 'r1', kind: 'logotype' } }).start();
}
type UploadSnapshot = ReturnType<ReturnType<typeof startUpload>['getSnapshot']>;
const uploadView = (s: UploadSnapshot) => ({
  uploading: upload.selectIsUploading(s),
  percent: upload.selectPercent(s),
  done: upload.selectIsDone(s),
  error: upload.selectError(s),
  url: upload.selectUrl(s),
});
const file = new File(['x'], 'logo.png', { type: 'image/png' });

describe('upload selectors (spec 2.7: image and logo)', () => {
  const idle = { uploading: false, percent: 0, done: false, error: null, url: null };

  it('idle: nothing; uploading: 0 % until the size is known, then the share sent', () => {
    const actor = startUpload(pending().logic);
    expect(uploadView(actor.getSnapshot())).toEqual(idle);
    actor.send({ type: 'upload.start', file });
    expect(uploadView(actor.getSnapshot())).toEqual({ ...idle, uploading: true });
    actor.send({ type: 'upload.progress', loaded: 0, total: 0 });
    expect(upload.selectPercent(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'upload.progress', loaded: 1, total: 3 });
    expect(upload.selectPercent(actor.getSnapshot())).toBe(33);
    actor.send({ type: 'upload.progress', loaded: 2, total: 3 });
    expect(upload.selectPercent(actor.getSnapshot())).toBe(67);
  });

  it('done: 100 % and the URL; failed: the error', async () => {
    const done = startUpload(resolving({ url: '/uploads/logo.png' }).logic);
    done.send({ type: 'upload.start', file });
    await flush();
    expect(uploadView(done.getSnapshot())).toEqual({ ...idle, percent: 100, done: true, url: '/uploads/logo.png' });
    const failed = startUpload(rejecting(413, 'Fayl juda katta').logic);
    failed.send({ type: 'upload.start', file });
    await flush();
    expect(uploadView(failed.getSnapshot())).toEqual({ ...idle, error: 'Fayl juda katta' });
  });
});
