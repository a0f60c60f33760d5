import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../client/client';
import { authActors } from '../../machines/auth/auth.actors';
import { managerRestaurantsActors } from '../../machines/manager/managerRestaurants.actors';
import { uploadActors } from '../../machines/upload/upload.actors';
import { abortsWithActor, run, withSignal } from './actorHarness';

/** The login, profile, restaurants-of-me and upload calls of the machines, with the API client replaced. */
const api = vi.hoisted(() => ({
  login: vi.fn(),
  getProfile: vi.fn(),
  myRestaurants: vi.fn(),
  workingRestaurant: vi.fn(),
  chooseWorkingRestaurant: vi.fn(),
  uploadRestaurantImage: vi.fn(),
}));
vi.mock('../../client/auth', () => ({ login: api.login, getProfile: api.getProfile }));
vi.mock('../../client/myRestaurants', () => ({
  myRestaurants: api.myRestaurants,
  workingRestaurant: api.workingRestaurant,
  chooseWorkingRestaurant: api.chooseWorkingRestaurant,
}));
vi.mock('../../client/upload', () => ({ uploadRestaurantImage: api.uploadRestaurantImage }));

beforeEach(() => vi.resetAllMocks());

describe('auth actors', () => {
  it('login sends the login and password and answers the token', async () => {
    api.login.mockResolvedValue({ access_token: 't1' });
    const credentials = { login: 'ali', password: 'secret-123' };
    expect(await run(authActors.login, credentials)).toEqual({ access_token: 't1' });
    expect(api.login).toHaveBeenCalledWith(credentials, withSignal());
  });

  it('a refused login is the actor’s failure', async () => {
    api.login.mockRejectedValue(new ApiError(401, 'Login yoki parol noto‘g‘ri'));
    await expect(run(authActors.login, { login: 'ali', password: 'x' })).rejects.toThrow('Login yoki parol noto‘g‘ri');
  });

  it('loadProfile answers GET /auth/me; loadMyRestaurants the manager’s restaurants', async () => {
    api.getProfile.mockResolvedValue({ login: 'ali', role: 'manager' });
    api.myRestaurants.mockResolvedValue([{ _id: 'r1' }]);
    api.workingRestaurant.mockResolvedValue(null);
    expect(await run(authActors.loadProfile, undefined)).toEqual({ login: 'ali', role: 'manager' });
    expect(api.getProfile).toHaveBeenCalledWith(withSignal());
    expect(await run(authActors.loadMyRestaurants, undefined)).toEqual([{ _id: 'r1' }]);
    expect(api.myRestaurants).toHaveBeenCalledWith(withSignal());
    expect(api.workingRestaurant).toHaveBeenCalledWith(withSignal());
  });

  it('loadMyRestaurants marks the working restaurant the server remembers; saveWorkingRestaurant sends the choice', async () => {
    api.myRestaurants.mockResolvedValue([{ _id: 'r1' }, { _id: 'r2' }]);
    api.workingRestaurant.mockResolvedValue('r2');
    expect(await run(authActors.loadMyRestaurants, undefined)).toEqual([{ _id: 'r1' }, { _id: 'r2', working: true }]);
    api.chooseWorkingRestaurant.mockResolvedValue(undefined);
    await run(authActors.saveWorkingRestaurant, { restaurantId: 'r1' });
    expect(api.chooseWorkingRestaurant).toHaveBeenCalledWith('r1', withSignal());
  });

  it('stopping the machine aborts the login and the profile requests', async () => {
    api.login.mockReturnValue(new Promise(() => {}));
    api.getProfile.mockReturnValue(new Promise(() => {}));
    api.myRestaurants.mockReturnValue(new Promise(() => {}));
    api.workingRestaurant.mockReturnValue(new Promise(() => {}));
    expect(
      await abortsWithActor(authActors.login, { login: 'a', password: 'b' }, () => api.login.mock.lastCall?.[1].signal),
    ).toBe(true);
    expect(
      await abortsWithActor(authActors.loadProfile, undefined, () => api.getProfile.mock.lastCall?.[0].signal),
    ).toBe(true);
    expect(
      await abortsWithActor(authActors.loadMyRestaurants, undefined, () => api.myRestaurants.mock.lastCall?.[0].signal),
    ).toBe(true);
  });
});

describe('manager’s restaurants actor', () => {
  it('answers GET /manager/restaurants/me with the abort signal', async () => {
    api.myRestaurants.mockResolvedValue([{ _id: 'r1' }, { _id: 'r2' }]);
    expect(await run(managerRestaurantsActors.loadMyRestaurants, undefined)).toEqual([{ _id: 'r1' }, { _id: 'r2' }]);
    expect(api.myRestaurants).toHaveBeenCalledWith(withSignal());
  });
});

describe('upload actor', () => {
  const file = new File(['logo'], 'logo.png', { type: 'image/png' });

  it('sends the restaurant, the kind and the file; each progress report reaches the machine; answers the URL', async () => {
    const reportTo = { send: vi.fn() };
    api.uploadRestaurantImage.mockImplementation(async (upload) => {
      upload.onProgress({ loaded: 2, total: 4 });
      upload.onProgress({ loaded: 4, total: 4 });
      return { url: '/uploads/logo.png' };
    });
    const input = { restaurantId: 'r1', kind: 'logotype' as const, file, reportTo: reportTo as never };
    expect(await run(uploadActors.upload, input)).toEqual({ url: '/uploads/logo.png' });
    expect(api.uploadRestaurantImage).toHaveBeenCalledWith({
      restaurantId: 'r1',
      kind: 'logotype',
      file,
      signal: expect.any(AbortSignal),
      onProgress: expect.any(Function),
    });
    expect(reportTo.send.mock.calls).toEqual([
      [{ type: 'upload.progress', loaded: 2, total: 4 }],
      [{ type: 'upload.progress', loaded: 4, total: 4 }],
    ]);
  });

  it('a failed upload is the actor’s failure; stopping it aborts the request', async () => {
    api.uploadRestaurantImage.mockRejectedValue(new ApiError(413, 'Fayl juda katta'));
    const input = { restaurantId: 'r1', kind: 'logotype' as const, file, reportTo: { send: vi.fn() } as never };
    await expect(run(uploadActors.upload, input)).rejects.toThrow('Fayl juda katta');
    api.uploadRestaurantImage.mockReturnValue(new Promise(() => {}));
    expect(
      await abortsWithActor(uploadActors.upload, input, () => api.uploadRestaurantImage.mock.lastCall?.[0].signal),
    ).toBe(true);
  });
});
