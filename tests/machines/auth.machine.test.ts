import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { authMachine } from '../../machines/auth/auth.machine';
import {
  selectLoginError,
  selectMissing,
  selectRestaurantId,
  selectRole,
  selectWorkingRestaurantName,
} from '../../machines/auth/auth.selectors';
import { fakeToken } from '../ui/models/tokens';
import { flush, pending, rejecting, resolving } from './helpers';

const NOW = Date.parse('2030-01-01T00:00:00Z');
const adminToken = fakeToken({ role: 'admin', _id: 'a1', exp: NOW / 1000 + 3600 });
const managerToken = fakeToken({ role: 'manager', _id: 'm1', exp: NOW / 1000 + 3600 });
const profile = (role: 'admin' | 'manager') => ({ _id: 'x', login: 'someone', role, is_active: true });

function start(token: string | null, actors: Record<string, unknown> = {}, restaurantId: string | null = null) {
  const actions = {
    storeToken: vi.fn(),
    forgetStoredToken: vi.fn(),
    storeRestaurantId: vi.fn(),
    forgetRestaurantId: vi.fn(),
    goToAdmin: vi.fn(),
    goToLogin: vi.fn(),
    afterLogout: vi.fn(),
    choiceNotSaved: vi.fn(),
  };
  const machine = authMachine.provide({
    actors: {
      login: resolving(adminToken).logic,
      loadProfile: resolving(profile('admin')).logic,
      loadMyRestaurants: resolving([]).logic,
      saveWorkingRestaurant: resolving(undefined).logic,
      ...actors,
    } as never,
    actions: Object.fromEntries(
      Object.entries(actions).map(([name, spy]) => [name, (_: unknown, params: unknown) => spy(params)]),
    ) as never,
  });
  const actor = createActor(machine, { input: { token, now: NOW, restaurantId } }).start();
  return { actor, actions };
}

describe('auth machine: start-up (spec 2.1)', () => {
  it('with no token it is logged out and clears the stored keys', () => {
    const { actor, actions } = start(null);
    expect(actor.getSnapshot().matches({ loggedOut: 'idle' })).toBe(true);
    expect(actions.forgetStoredToken).toHaveBeenCalledTimes(1);
  });

  it('decodes a valid token: role from the token, then loads the profile', async () => {
    const profileCall = resolving(profile('admin'));
    const { actor } = start(adminToken, { loadProfile: profileCall.logic });
    expect(selectRole(actor.getSnapshot())).toBe('admin');
    await flush();
    expect(profileCall.probe.inputs).toHaveLength(1);
    expect(actor.getSnapshot().matches({ loggedIn: { session: 'ready' } })).toBe(true);
    expect(actor.getSnapshot().context.profile?.login).toBe('someone');
  });

  it.each([
    ['expired', fakeToken({ role: 'admin', _id: 'a1', exp: NOW / 1000 - 1 })],
    ['malformed', 'not-a-token'],
    ['of an unknown role', fakeToken({ role: 'cook', _id: 'a1' })],
    ['without _id', fakeToken({ role: 'admin' })],
  ])('removes a token that is %s and stays logged out', (_, token) => {
    const { actor, actions } = start(token);
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect(actions.forgetStoredToken).toHaveBeenCalled();
  });
});

describe('auth machine: login (spec 2.3)', () => {
  it('refuses empty fields without calling the server and says which are missing', () => {
    const login = resolving(adminToken);
    const { actor } = start(null, { login: login.logic });
    actor.send({ type: 'auth.submit', login: '  ', password: '' });
    expect(actor.getSnapshot().matches({ loggedOut: 'invalid' })).toBe(true);
    expect(selectMissing(actor.getSnapshot())).toEqual(['login', 'password']);
    expect(login.probe.inputs).toHaveLength(0);
  });

  it('sends the trimmed login, stores the token and goes to /admin', async () => {
    const login = resolving(managerToken);
    const { actor, actions } = start(null, {
      login: login.logic,
      loadProfile: resolving(profile('manager')).logic,
      loadMyRestaurants: resolving([{ _id: 'r1' }, { _id: 'r2' }]).logic,
    });
    actor.send({ type: 'auth.submit', login: ' rayhon ', password: 'pw' });
    await flush();
    expect(login.probe.inputs).toEqual([{ login: 'rayhon', password: 'pw' }]);
    expect(actions.storeToken).toHaveBeenCalledWith({ token: managerToken });
    expect(actions.goToAdmin).toHaveBeenCalledTimes(1);
    await flush();
    // Spec 3: a manager's first restaurant id is kept as restaurantId.
    expect(actions.storeRestaurantId).toHaveBeenCalledWith({ restaurantId: 'r1' });
    expect(selectRole(actor.getSnapshot())).toBe('manager');
  });

  it("shows 'Login yoki parol xato' when the server refuses", async () => {
    const { actor, actions } = start(null, { login: rejecting(401, 'Login yoki parol xato').logic });
    actor.send({ type: 'auth.submit', login: 'a', password: 'b' });
    await flush();
    expect(selectLoginError(actor.getSnapshot())).toBe('Login yoki parol xato');
    expect(actions.storeToken).not.toHaveBeenCalled();
  });

  it("shows the server's own message when there were too many attempts", async () => {
    const { actor } = start(null, { login: rejecting(429, "Juda ko'p urinish.").logic });
    actor.send({ type: 'auth.submit', login: 'a', password: 'b' });
    await flush();
    expect(selectLoginError(actor.getSnapshot())).toBe("Juda ko'p urinish.");
  });

  it('cannot be submitted twice while the first login runs', () => {
    const login = pending();
    const { actor } = start(null, { login: login.logic });
    actor.send({ type: 'auth.submit', login: 'a', password: 'b' });
    actor.send({ type: 'auth.submit', login: 'a', password: 'b' });
    expect(actor.getSnapshot().can({ type: 'auth.submit', login: 'a', password: 'b' })).toBe(false);
    expect(login.probe.inputs).toHaveLength(1);
  });
});

describe('auth machine: session and logout', () => {
  it('a failed profile load can be retried', async () => {
    let calls = 0;
    const { actor } = start(adminToken, {
      loadProfile: resolving(() => {
        calls++;
        if (calls === 1) throw new Error('down');
        return profile('admin');
      }).logic,
    });
    await flush();
    expect(actor.getSnapshot().matches({ loggedIn: { session: 'failed' } })).toBe(true);
    actor.send({ type: 'session.retry' });
    await flush();
    expect(actor.getSnapshot().matches({ loggedIn: { session: 'ready' } })).toBe(true);
  });

  it('logout asks first; Bekor qilish keeps the session; confirming removes the token', async () => {
    const { actor, actions } = start(adminToken);
    await flush();
    actor.send({ type: 'logout.request' });
    expect(actor.getSnapshot().matches({ loggedIn: { session: 'confirmingLogout' } })).toBe(true);
    actor.send({ type: 'logout.cancel' });
    expect(actor.getSnapshot().matches({ loggedIn: { session: 'ready' } })).toBe(true);
    actor.send({ type: 'logout.request' });
    actor.send({ type: 'auth.logout' });
    expect(actor.getSnapshot().matches({ loggedOut: 'idle' })).toBe(true);
    expect(actions.forgetStoredToken).toHaveBeenCalled();
    expect(actions.forgetRestaurantId).toHaveBeenCalled();
    expect(actions.afterLogout).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.profile).toBeNull();
  });

  it('a 401 ends the session, goes to /login, and aborts the running profile call', () => {
    const profileCall = pending();
    const { actor, actions } = start(adminToken, { loadProfile: profileCall.logic });
    actor.send({ type: 'auth.unauthorized' });
    expect(actor.getSnapshot().matches({ loggedOut: 'expired' })).toBe(true);
    expect(actions.goToLogin).toHaveBeenCalledTimes(1);
    expect(actions.forgetStoredToken).toHaveBeenCalled();
    expect(profileCall.probe.aborted).toBe(1);
  });

  it('a 401 while logged out changes nothing', () => {
    const { actor, actions } = start(null);
    actor.send({ type: 'auth.unauthorized' });
    expect(actor.getSnapshot().matches({ loggedOut: 'idle' })).toBe(true);
    expect(actions.goToLogin).not.toHaveBeenCalled();
  });
});

describe('auth machine: a resumed manager session', () => {
  function resume(stored: string, restaurants: Array<{ _id: string }>) {
    const lookup = resolving(restaurants);
    const storeRestaurantId = vi.fn();
    const machine = authMachine.provide({
      actors: { loadProfile: resolving(profile('manager')).logic, loadMyRestaurants: lookup.logic } as never,
      actions: { storeRestaurantId: (_: unknown, params: unknown) => storeRestaurantId(params) } as never,
    });
    const actor = createActor(machine, { input: { token: managerToken, now: NOW, restaurantId: stored } }).start();
    return { actor, lookup, storeRestaurantId };
  }

  it('keeps the stored restaurant (a choice made earlier) while it is still theirs', async () => {
    const { actor, lookup, storeRestaurantId } = resume('r2', [{ _id: 'r1' }, { _id: 'r2' }]);
    await flush();
    expect(actor.getSnapshot().matches({ loggedIn: { session: 'ready' } })).toBe(true);
    expect(lookup.probe.inputs).toHaveLength(1);
    expect(selectRestaurantId(actor.getSnapshot())).toBe('r2');
    expect(storeRestaurantId).toHaveBeenLastCalledWith({ restaurantId: 'r2' });
  });

  it('falls back to the first restaurant when the stored one was given away or deleted, and to none', async () => {
    const moved = resume('r9', [{ _id: 'r1' }, { _id: 'r2' }]);
    await flush();
    expect(selectRestaurantId(moved.actor.getSnapshot())).toBe('r1');
    expect(moved.storeRestaurantId).toHaveBeenLastCalledWith({ restaurantId: 'r1' });
    const none = resume('r9', []);
    await flush();
    expect(selectRestaurantId(none.actor.getSnapshot())).toBeNull();
    // '' removes the stored key (see AuthProvider).
    expect(none.storeRestaurantId).toHaveBeenLastCalledWith({ restaurantId: '' });
  });
});

describe('auth machine: choosing the working restaurant', () => {
  it("a manager's choice replaces the first restaurant and is stored", async () => {
    const { actor, actions } = start(managerToken, {
      loadProfile: resolving(profile('manager')).logic,
      loadMyRestaurants: resolving([{ _id: 'r1' }, { _id: 'r2' }]).logic,
    });
    await flush();
    expect(actor.getSnapshot().context.restaurantId).toBe('r1');
    actor.send({ type: 'restaurant.select', restaurantId: 'r2' });
    expect(selectRestaurantId(actor.getSnapshot())).toBe('r2');
    expect(actions.storeRestaurantId).toHaveBeenLastCalledWith({ restaurantId: 'r2' });
  });

  it('a login opens the restaurant the server remembers the manager chose last, not the first', async () => {
    const { actor, actions } = start(managerToken, {
      loadProfile: resolving(profile('manager')).logic,
      loadMyRestaurants: resolving([{ _id: 'r1' }, { _id: 'r2', working: true }]).logic,
    });
    await flush();
    expect(selectRestaurantId(actor.getSnapshot())).toBe('r2');
    expect(actions.storeRestaurantId).toHaveBeenLastCalledWith({ restaurantId: 'r2' });
  });

  it("a resumed session keeps this device's choice while it is still the manager's", async () => {
    const { actor } = start(
      managerToken,
      {
        loadProfile: resolving(profile('manager')).logic,
        loadMyRestaurants: resolving([{ _id: 'r1', working: true }, { _id: 'r2' }]).logic,
      },
      'r2',
    );
    await flush();
    expect(selectRestaurantId(actor.getSnapshot())).toBe('r2');
  });

  it('a choice is saved on the server; the one saved is the latest; a failed save says so', async () => {
    const save = pending();
    const { actor, actions } = start(managerToken, {
      loadProfile: resolving(profile('manager')).logic,
      loadMyRestaurants: resolving([{ _id: 'r1' }, { _id: 'r2' }, { _id: 'r3' }]).logic,
      saveWorkingRestaurant: save.logic,
    });
    await flush();
    actor.send({ type: 'restaurant.select', restaurantId: 'r2' });
    expect(actor.getSnapshot().matches({ loggedIn: { choice: 'saving' } })).toBe(true);
    actor.send({ type: 'restaurant.select', restaurantId: 'r3' });
    expect(save.probe.inputs).toEqual([{ restaurantId: 'r2' }, { restaurantId: 'r3' }]);
    expect(save.probe.aborted).toBe(1);
    // Choosing never starts the session again: the profile and the restaurants were loaded once.
    expect(actor.getSnapshot().matches({ loggedIn: { session: 'ready' } })).toBe(true);
    // The same restaurant again, or one that is not the manager's: nothing is sent.
    actor.send({ type: 'restaurant.select', restaurantId: 'r3' });
    actor.send({ type: 'restaurant.select', restaurantId: 'r9' });
    expect(save.probe.inputs).toHaveLength(2);
    expect(selectRestaurantId(actor.getSnapshot())).toBe('r3');

    const failing = start(managerToken, {
      loadProfile: resolving(profile('manager')).logic,
      loadMyRestaurants: resolving([{ _id: 'r1' }, { _id: 'r2' }]).logic,
      saveWorkingRestaurant: rejecting(500).logic,
    });
    await flush();
    failing.actor.send({ type: 'restaurant.select', restaurantId: 'r2' });
    await flush();
    expect(failing.actions.choiceNotSaved).toHaveBeenCalledTimes(1);
    // The choice still holds on this device.
    expect(selectRestaurantId(failing.actor.getSnapshot())).toBe('r2');
    expect(failing.actor.getSnapshot().matches({ loggedIn: { choice: 'idle' } })).toBe(true);
    expect(actions.choiceNotSaved).not.toHaveBeenCalled();
  });

  it('means nothing for an admin or when logged out', async () => {
    const admin = start(adminToken);
    await flush();
    admin.actor.send({ type: 'restaurant.select', restaurantId: 'r2' });
    expect(selectRestaurantId(admin.actor.getSnapshot())).toBeNull();
    const nobody = start(null);
    nobody.actor.send({ type: 'restaurant.select', restaurantId: 'r2' });
    expect(selectRestaurantId(nobody.actor.getSnapshot())).toBeNull();
    expect(admin.actions.storeRestaurantId).not.toHaveBeenCalled();
    expect(nobody.actions.storeRestaurantId).not.toHaveBeenCalled();
  });

  it("the manager screen's load updates the names and replaces a working restaurant that is gone", async () => {
    const { actor, actions } = start(managerToken, {
      loadProfile: resolving(profile('manager')).logic,
      loadMyRestaurants: resolving([
        { _id: 'r1', name: 'Rayhon' },
        { _id: 'r2', name: 'Bahor' },
      ]).logic,
    });
    await flush();
    actor.send({ type: 'restaurant.select', restaurantId: 'r2' });
    expect(selectWorkingRestaurantName(actor.getSnapshot())).toBe('Bahor');
    actor.send({
      type: 'restaurants.known',
      restaurants: [
        { _id: 'r1', name: 'Rayhon' },
        { _id: 'r2', name: 'Bahor Choyxona' },
      ],
    });
    expect(selectWorkingRestaurantName(actor.getSnapshot())).toBe('Bahor Choyxona');
    // Bahor was given to another manager: the first one is worked on again, and stored.
    actor.send({
      type: 'restaurants.known',
      restaurants: [
        { _id: 'r1', name: 'Rayhon' },
        { _id: 'r3', name: 'Yangi' },
      ],
    });
    expect(selectRestaurantId(actor.getSnapshot())).toBe('r1');
    expect(actions.storeRestaurantId).toHaveBeenLastCalledWith({ restaurantId: 'r1' });
  });
});

describe('auth machine: a changed password (auth.tokenChanged)', () => {
  it('stores the new token and goes on with the session it stands for', async () => {
    const { actor, actions } = start(adminToken);
    await flush();
    const renewed = fakeToken({ role: 'admin', _id: 'a1', exp: NOW / 1000 + 7200 });
    actor.send({ type: 'auth.tokenChanged', token: renewed });
    expect(actions.storeToken).toHaveBeenLastCalledWith({ token: renewed });
    expect(actor.getSnapshot().matches({ loggedIn: { session: 'ready' } })).toBe(true);
    expect(selectRole(actor.getSnapshot())).toBe('admin');
    expect(actions.forgetStoredToken).not.toHaveBeenCalled();
  });

  it('keeps the old token when the answer is not a token the panel accepts, and means nothing logged out', async () => {
    const { actor, actions } = start(adminToken);
    await flush();
    actor.send({ type: 'auth.tokenChanged', token: 'not-a-token' });
    expect(actions.storeToken).not.toHaveBeenCalled();
    expect(selectRole(actor.getSnapshot())).toBe('admin');
    const nobody = start(null);
    nobody.actor.send({ type: 'auth.tokenChanged', token: adminToken });
    expect(nobody.actions.storeToken).not.toHaveBeenCalled();
    expect(nobody.actor.getSnapshot().matches('loggedOut')).toBe(true);
  });
});
