import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../client/client';
import { uz } from '../../lib/uz';
import { integrationDialogActors } from '../../machines/integration/integrationDialog.actors';
import { updateRestaurantActors } from '../../machines/manager/updateRestaurant.actors';
import { restaurantDialogActors } from '../../machines/restaurants/restaurantDialog.actors';
import { toRestaurantChanges, toRestaurantInput } from '../../machines/restaurants/restaurantForm.rules';
import { restaurantListActors } from '../../machines/restaurants/restaurantList.actors';
import { deleteRestaurantActor, restaurantViewActors } from '../../machines/restaurants/restaurantView.actors';
import { syncAnswer } from '../ui/models/sync.model';
import { abortsWithActor, run, withSignal } from './actorHarness';

/** The restaurant screens' calls (spec 2.1–2.7) with the API client replaced: what each sends and answers. */
const api = vi.hoisted(() => ({
  findRestaurant: vi.fn(),
  pageRestaurants: vi.fn(),
  myRestaurants: vi.fn(),
  createRestaurant: vi.fn(),
  updateRestaurant: vi.fn(),
  deleteRestaurant: vi.fn(),
  viewRestaurant: vi.fn(),
  listManagers: vi.fn(),
  listIntegrationRestaurants: vi.fn(),
  createIntegrationRestaurant: vi.fn(),
  syncRestaurant: vi.fn(),
  lastSync: vi.fn(),
}));
vi.mock('../../client/restaurants', () => ({
  findRestaurant: api.findRestaurant,
  pageRestaurants: api.pageRestaurants,
  createRestaurant: api.createRestaurant,
  updateRestaurant: api.updateRestaurant,
  deleteRestaurant: api.deleteRestaurant,
  viewRestaurant: api.viewRestaurant,
}));
vi.mock('../../client/myRestaurants', () => ({ myRestaurants: api.myRestaurants }));
vi.mock('../../client/managers', () => ({ listManagers: api.listManagers }));
vi.mock('../../client/integration', () => ({
  listIntegrationRestaurants: api.listIntegrationRestaurants,
  createIntegrationRestaurant: api.createIntegrationRestaurant,
  syncRestaurant: api.syncRestaurant,
  lastSync: api.lastSync,
}));

beforeEach(() => vi.resetAllMocks());

const managers = [
  { _id: 'm1', login: 'ali' },
  { _id: 'm2', login: 'vali' },
];

describe('restaurant list actors', () => {
  it('loadRestaurants asks for the page and filters it is given; syncRestaurant syncs the row’s restaurant', async () => {
    const page = { restaurants: [{ _id: 'r1' }], total: 1, page: 2, limit: 10 };
    api.pageRestaurants.mockResolvedValue(page);
    const asked = { page: 2, limit: 10, q: 'ray', is_active: false, type: 'manual' as const };
    expect(await run(restaurantListActors.loadRestaurants, asked)).toEqual(page);
    expect(api.pageRestaurants).toHaveBeenCalledWith(asked, withSignal());
    expect(api.findRestaurant).not.toHaveBeenCalled();
    api.syncRestaurant.mockResolvedValue(syncAnswer(1, 2, 3));
    expect(await run(restaurantListActors.syncRestaurant, { id: 'r9' })).toEqual(syncAnswer(1, 2, 3));
    expect(api.syncRestaurant).toHaveBeenCalledWith('r9', withSignal());
  });

  it('leaving the sync state aborts the 60 s sync', async () => {
    api.syncRestaurant.mockReturnValue(new Promise(() => {}));
    expect(
      await abortsWithActor(
        restaurantListActors.syncRestaurant,
        { id: 'r9' },
        () => api.syncRestaurant.mock.lastCall?.[1].signal,
      ),
    ).toBe(true);
  });

  it('deleteRestaurantActor deletes by slug', async () => {
    api.deleteRestaurant.mockResolvedValue(undefined);
    await run(deleteRestaurantActor, { slug: 'rayhon' });
    expect(api.deleteRestaurant).toHaveBeenCalledWith('rayhon', withSignal());
  });
});

describe('restaurant view: loadRestaurant', () => {
  const restaurant = (over: Record<string, unknown> = {}) => ({
    _id: 'r1',
    slug: 'rayhon',
    type: 'default',
    manager_id: null,
    manager: null,
    ...over,
  });
  const load = (input: { id: string; slug: string | null; role: 'admin' | 'manager' }) =>
    run(restaurantViewActors.loadRestaurant, input);
  // Unless a test says otherwise, the viewer's own reads know nothing of the restaurant (the public read alone).
  beforeEach(() => {
    api.findRestaurant.mockResolvedValue(null);
    api.myRestaurants.mockResolvedValue([]);
  });

  it('with the slug known, reads that restaurant; the manager’s login comes with it, the staff fields from the admin’s row', async () => {
    api.viewRestaurant.mockResolvedValue(restaurant({ manager_id: 'm1', manager: { _id: 'm1', login: 'ali' } }));
    // The spec's public read has no languages, translations or ordering switch: the admin's own read of that row does.
    api.findRestaurant.mockResolvedValue({
      _id: 'r1',
      slug: 'rayhon',
      languages: ['uz', 'ru'],
      translations: { ru: { name: 'Райхон' } },
      ordering_enabled: true,
    });
    expect(await load({ id: 'r1', slug: 'rayhon', role: 'admin' })).toEqual({
      restaurant: restaurant({
        manager_id: 'm1',
        manager: { _id: 'm1', login: 'ali' },
        languages: ['uz', 'ru'],
        translations: { ru: { name: 'Райхон' } },
        ordering_enabled: true,
      }),
      managerLogin: 'ali',
      lastSync: undefined,
    });
    expect(api.viewRestaurant).toHaveBeenCalledWith('rayhon', withSignal());
    expect(api.findRestaurant).toHaveBeenCalledWith('r1', withSignal());
    expect(api.myRestaurants).not.toHaveBeenCalled();
    expect(api.listManagers).not.toHaveBeenCalled();
  });

  it('a manager’s page takes the staff fields from their own list; a row it does not know adds nothing', async () => {
    api.viewRestaurant.mockResolvedValue(restaurant());
    api.myRestaurants.mockResolvedValue([{ _id: 'r1', slug: 'rayhon', languages: ['uz'], ordering_enabled: false }]);
    expect((await load({ id: 'r1', slug: 'rayhon', role: 'manager' })).restaurant).toEqual(
      restaurant({ languages: ['uz'], translations: undefined, ordering_enabled: false }),
    );
    expect(api.findRestaurant).not.toHaveBeenCalled();
    api.myRestaurants.mockResolvedValue([]);
    expect((await load({ id: 'r1', slug: 'rayhon', role: 'manager' })).restaurant).toEqual(restaurant());
  });

  it('without a slug, an admin looks it up by id (one row, not the whole list), a manager in their own list', async () => {
    api.viewRestaurant.mockResolvedValue(restaurant());
    api.findRestaurant.mockResolvedValue({ _id: 'r1', slug: 'rayhon' });
    await load({ id: 'r1', slug: null, role: 'admin' });
    expect(api.findRestaurant).toHaveBeenCalledWith('r1', withSignal());
    expect(api.viewRestaurant).toHaveBeenLastCalledWith('rayhon', withSignal());
    expect(api.myRestaurants).not.toHaveBeenCalled();

    api.myRestaurants.mockResolvedValue([{ _id: 'r1', slug: 'mening' }]);
    await load({ id: 'r1', slug: null, role: 'manager' });
    expect(api.myRestaurants).toHaveBeenCalledWith(withSignal());
    expect(api.viewRestaurant).toHaveBeenLastCalledWith('mening', withSignal());
    expect(api.findRestaurant).toHaveBeenCalledTimes(1);
  });

  it('an id the viewer’s list does not hold is a 404 with the load-failed text, and nothing is read', async () => {
    api.myRestaurants.mockResolvedValue([{ _id: 'r0', slug: 'boshqa' }]);
    const failure = load({ id: 'r1', slug: null, role: 'manager' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 404, message: uz.restaurantLoadFailed });
    expect(api.viewRestaurant).not.toHaveBeenCalled();
  });

  it('an admin sees the manager’s login from the managers list when the restaurant does not carry it', async () => {
    api.viewRestaurant.mockResolvedValue(restaurant({ manager_id: 'm2' }));
    api.listManagers.mockResolvedValue(managers);
    expect((await load({ id: 'r1', slug: 'rayhon', role: 'admin' })).managerLogin).toBe('vali');
    expect(api.listManagers).toHaveBeenCalledWith(withSignal());
  });

  it('a manager id the list does not know shows no login', async () => {
    api.viewRestaurant.mockResolvedValue(restaurant({ manager_id: 'm9' }));
    api.listManagers.mockResolvedValue(managers);
    expect((await load({ id: 'r1', slug: 'rayhon', role: 'admin' })).managerLogin).toBeNull();
  });

  it('the managers list is not asked for a manager viewer, nor for a restaurant without a manager', async () => {
    api.viewRestaurant.mockResolvedValue(restaurant({ manager_id: 'm2' }));
    expect((await load({ id: 'r1', slug: 'rayhon', role: 'manager' })).managerLogin).toBeNull();
    api.viewRestaurant.mockResolvedValue(restaurant());
    expect((await load({ id: 'r1', slug: 'rayhon', role: 'admin' })).managerLogin).toBeNull();
    expect(api.listManagers).not.toHaveBeenCalled();
  });

  it('an admin viewing an integration restaurant gets its last sync; nobody else asks for it', async () => {
    const sync = { status: 'ok', finished_at: '2026-05-01T10:00:00Z' };
    api.lastSync.mockResolvedValue(sync);
    api.viewRestaurant.mockResolvedValue(restaurant({ type: 'integration' }));
    expect((await load({ id: 'r1', slug: 'rayhon', role: 'admin' })).lastSync).toBe(sync);
    expect(api.lastSync).toHaveBeenCalledWith('r1', withSignal());

    api.lastSync.mockClear();
    expect((await load({ id: 'r1', slug: 'rayhon', role: 'manager' })).lastSync).toBeUndefined();
    api.viewRestaurant.mockResolvedValue(restaurant());
    expect((await load({ id: 'r1', slug: 'rayhon', role: 'admin' })).lastSync).toBeUndefined();
    expect(api.lastSync).not.toHaveBeenCalled();
  });

  it('a null last sync (never synced) is kept as null', async () => {
    api.lastSync.mockResolvedValue(null);
    api.viewRestaurant.mockResolvedValue(restaurant({ type: 'integration' }));
    expect((await load({ id: 'r1', slug: 'rayhon', role: 'admin' })).lastSync).toBeNull();
  });
});

describe('restaurant dialog actors', () => {
  it('loadOptions offers every manager (a new restaurant has no POS terminal groups)', async () => {
    api.listManagers.mockResolvedValue(managers);
    expect(await run(restaurantDialogActors.loadOptions, { item: null })).toEqual({ managers, terminalGroups: null });
    expect(api.listManagers).toHaveBeenCalledWith(withSignal());
  });

  it('create sends the form as the create body; update sends the changes to the item’s slug', async () => {
    api.createRestaurant.mockResolvedValue({ _id: 'new' });
    api.updateRestaurant.mockResolvedValue({ _id: 'r1' });
    const values = { name: 'Rayhon', slug: 'rayhon', manager_id: 'm1', is_active: true, bot_token: '' };
    expect(await run(restaurantDialogActors.create, { item: null, values })).toEqual({ _id: 'new' });
    expect(api.createRestaurant).toHaveBeenCalledWith(toRestaurantInput(values), withSignal());

    const changes = { name: 'Bahor', channel_id: '' };
    expect(
      await run(restaurantDialogActors.update, { item: { _id: 'r1', slug: 'rayhon' } as never, values: changes }),
    ).toEqual({
      _id: 'r1',
    });
    expect(api.updateRestaurant).toHaveBeenCalledWith('rayhon', toRestaurantChanges(changes), withSignal());
  });

  it('an update without a known slug goes to the empty slug (the server answers 404)', async () => {
    api.updateRestaurant.mockResolvedValue({});
    await run(restaurantDialogActors.update, { item: null, values: { name: 'X' } });
    expect(api.updateRestaurant).toHaveBeenCalledWith('', { name: 'X' }, withSignal());
  });
});

describe('manager’s Update Restaurant actor', () => {
  it('sends the changed fields to the restaurant’s slug', async () => {
    api.updateRestaurant.mockResolvedValue({ _id: 'r1' });
    const values = { name: 'Rayhon milliy', work_time: '08:00 - 23:00' };
    expect(await run(updateRestaurantActors.update, { item: { _id: 'r1', slug: 'rayhon' } as never, values })).toEqual({
      _id: 'r1',
    });
    expect(api.updateRestaurant).toHaveBeenCalledWith('rayhon', values, withSignal());
    await run(updateRestaurantActors.update, { item: null, values });
    expect(api.updateRestaurant).toHaveBeenLastCalledWith('', values, withSignal());
  });
});

describe('integration dialog actors', () => {
  it('loadOptions loads the POS restaurants and the managers together', async () => {
    api.listIntegrationRestaurants.mockResolvedValue([{ id: 'pos-7', name: 'Rayhon POS' }]);
    api.listManagers.mockResolvedValue(managers);
    expect(await run(integrationDialogActors.loadOptions, { item: null })).toEqual({
      sources: [{ id: 'pos-7', name: 'Rayhon POS' }],
      managers,
    });
    expect(api.listIntegrationRestaurants).toHaveBeenCalledWith(withSignal());
    expect(api.listManagers).toHaveBeenCalledWith(withSignal());
  });

  it('either list failing fails the load', async () => {
    api.listIntegrationRestaurants.mockRejectedValue(new ApiError(502, 'POS javob bermadi'));
    api.listManagers.mockResolvedValue(managers);
    await expect(run(integrationDialogActors.loadOptions, { item: null })).rejects.toThrow('POS javob bermadi');
  });

  it('create sends the chosen source and manager; missing choices go as empty strings', async () => {
    api.createIntegrationRestaurant.mockResolvedValue({ _id: 'new' });
    expect(
      await run(integrationDialogActors.create, { item: null, values: { id: 'pos-7', manager_id: 'm1' } }),
    ).toEqual({
      _id: 'new',
    });
    expect(api.createIntegrationRestaurant).toHaveBeenCalledWith({ id: 'pos-7', manager_id: 'm1' }, withSignal());
    await run(integrationDialogActors.create, { item: null, values: {} });
    expect(api.createIntegrationRestaurant).toHaveBeenLastCalledWith({ id: '', manager_id: '' }, withSignal());
  });
});
