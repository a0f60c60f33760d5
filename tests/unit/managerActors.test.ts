import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../client/client';
import { managerDialogActors } from '../../machines/managers/managerDialog.actors';
import { deleteManagerActor, managersActors } from '../../machines/managers/managers.actors';
import { run, withSignal } from './actorHarness';

/** The admin's managers screen and dialog calls (spec 2.5) with the API client replaced. */
const api = vi.hoisted(() => ({
  listManagers: vi.fn(),
  pageManagers: vi.fn(),
  createManager: vi.fn(),
  updateManager: vi.fn(),
  deleteManager: vi.fn(),
}));
vi.mock('../../client/managers', () => api);

beforeEach(() => vi.resetAllMocks());

const item = { _id: 'm1' };

describe('managers screen actors', () => {
  it('loadManagers asks for the page it is given; setActive sends only is_active for the row’s manager', async () => {
    const page = { data: [{ _id: 'm1', login: 'ali' }], total: 11, page: 2, limit: 10 };
    api.pageManagers.mockResolvedValue(page);
    const asked = { page: 2, limit: 10, q: 'al', is_active: true };
    expect(await run(managersActors.loadManagers, asked)).toEqual(page);
    expect(api.pageManagers).toHaveBeenCalledWith(asked, withSignal());
    api.updateManager.mockResolvedValue({ _id: 'm1', is_active: false });
    expect(await run(managersActors.setActive, { id: 'm1', is_active: false })).toEqual({
      _id: 'm1',
      is_active: false,
    });
    expect(api.updateManager).toHaveBeenCalledWith('m1', { is_active: false }, withSignal());
  });

  it('deleteManagerActor deletes by id; a refusal is its failure', async () => {
    await run(deleteManagerActor, { id: 'm1' });
    expect(api.deleteManager).toHaveBeenCalledWith('m1', withSignal());
    api.deleteManager.mockRejectedValue(new ApiError(409, 'Menedjerda restoranlar bor'));
    await expect(run(deleteManagerActor, { id: 'm1' })).rejects.toThrow('Menedjerda restoranlar bor');
  });
});

describe('manager dialog actors', () => {
  it('create sends the login and password (missing ones as empty strings)', async () => {
    api.createManager.mockResolvedValue({ _id: 'new' });
    expect(
      await run(managerDialogActors.create, { item: null, values: { login: 'ali', password: 'secret-123' } }),
    ).toEqual({
      _id: 'new',
    });
    expect(api.createManager).toHaveBeenCalledWith({ login: 'ali', password: 'secret-123' }, withSignal());
    await run(managerDialogActors.create, { item: null, values: {} });
    expect(api.createManager).toHaveBeenLastCalledWith({ login: '', password: '' }, withSignal());
  });

  it('update sends every changed field to the item’s id', async () => {
    api.updateManager.mockResolvedValue({ _id: 'm1' });
    const values = { login: 'vali', password: 'new-pass-1', is_active: false };
    expect(await run(managerDialogActors.update, { item, values })).toEqual({ _id: 'm1' });
    expect(api.updateManager).toHaveBeenCalledWith('m1', values, withSignal());
  });

  it('an emptied password is not sent (empty means keep it), nor fields that did not change', async () => {
    await run(managerDialogActors.update, { item, values: { password: '' } });
    expect(api.updateManager).toHaveBeenLastCalledWith('m1', {}, withSignal());
    await run(managerDialogActors.update, { item, values: { is_active: true } });
    expect(api.updateManager).toHaveBeenLastCalledWith('m1', { is_active: true }, withSignal());
    await run(managerDialogActors.update, { item, values: { login: 'ali' } });
    expect(api.updateManager).toHaveBeenLastCalledWith('m1', { login: 'ali' }, withSignal());
  });

  it('fields of the wrong type are not sent; without an item the id is empty', async () => {
    await run(managerDialogActors.update, { item: null, values: { login: true, password: false, is_active: 'yes' } });
    expect(api.updateManager).toHaveBeenLastCalledWith('', {}, withSignal());
  });
});
