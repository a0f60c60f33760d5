import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { uz } from '../../lib/uz';
import { authMachine } from '../../machines/auth/auth.machine';
import {
  selectLoginError,
  selectProfile,
  selectProfileFailed,
  selectRestaurantId,
  selectRole,
} from '../../machines/auth/auth.selectors';
import { fakeToken } from '../ui/models/tokens';
import { flush, pending, rejecting, resolving } from './helpers';

/** Login failures as the login page words them, resubmits, and the session's side effects (spec 2.1–2.3). */

const NOW = Date.parse('2030-01-01T00:00:00Z');
const token = (role: 'admin' | 'manager') => fakeToken({ role, _id: `${role}-1`, exp: NOW / 1000 + 3600 });
const profile = (role: 'admin' | 'manager') => ({ _id: `${role}-1`, login: 'someone', role, is_active: true });

function start(startToken: string | null, actors: Record<string, unknown> = {}, restaurantId: string | null = null) {
  const spies = {
    storeToken: vi.fn(),
    forgetStoredToken: vi.fn(),
    storeRestaurantId: vi.fn(),
    forgetRestaurantId: vi.fn(),
    goToAdmin: vi.fn(),
    goToLogin: vi.fn(),
    afterLogout: vi.fn(),
  };
  const machine = authMachine.provide({
    actors: {
      login: resolving(token('admin')).logic,
      loadProfile: resolving(profile('admin')).logic,
      loadMyRestaurants: resolving([]).logic,
      saveWorkingRestaurant: resolving(undefined).logic,
      ...actors,
    } as never,
    actions: Object.fromEntries(
      Object.entries(spies).map(([name, spy]) => [name, (_: unknown, params: unknown) => spy(params)]),
    ) as never,
  });
  const actor = createActor(machine, { input: { token: startToken, now: NOW, restaurantId } }).start();
  return { actor, spies };
}

const submit = { type: 'auth.submit', login: 'ali', password: 'secret-123' } as const;

describe('login failures as the login page says them', () => {
  it('no answer from the server (status 0): the network text', async () => {
    const { actor } = start(null, { login: rejecting(0, 'fetch failed').logic });
    actor.send(submit);
    await flush();
    expect(selectLoginError(actor.getSnapshot())).toBe(uz.networkError);
  });

  it('too many attempts (429): the server’s own text, which says when to try again', async () => {
    const { actor } = start(null, { login: rejecting(429, '1 daqiqadan keyin urinib ko‘ring').logic });
    actor.send(submit);
    await flush();
    expect(selectLoginError(actor.getSnapshot())).toBe('1 daqiqadan keyin urinib ko‘ring');
  });

  it('any other refusal: the login-failed text, not the server’s', async () => {
    const { actor } = start(null, { login: rejecting(401, 'Unauthorized').logic });
    actor.send(submit);
    await flush();
    expect(selectLoginError(actor.getSnapshot())).toBe(uz.loginFailed);
  });

  it('an answer that is not a usable token: the login-failed text, nothing stored', async () => {
    const { actor, spies } = start(null, { login: resolving('not-a-token').logic });
    actor.send(submit);
    await flush();
    expect(actor.getSnapshot().matches({ loggedOut: 'failed' })).toBe(true);
    expect(selectLoginError(actor.getSnapshot())).toBe(uz.loginFailed);
    expect(spies.storeToken).not.toHaveBeenCalled();
  });
});

describe('submitting again', () => {
  it('from the invalid, failed and expired pages', async () => {
    const login = pending();
    const invalid = start(null, { login: login.logic }).actor;
    invalid.send({ type: 'auth.submit', login: '', password: '' });
    invalid.send(submit);
    expect(invalid.getSnapshot().matches({ loggedOut: 'submitting' })).toBe(true);

    const failed = start(null, { login: rejecting(401).logic }).actor;
    failed.send(submit);
    await flush();
    expect(failed.getSnapshot().matches({ loggedOut: 'failed' })).toBe(true);
    failed.send({ ...submit, password: 'other-pass' });
    expect(failed.getSnapshot().matches({ loggedOut: 'submitting' })).toBe(true);

    const { actor: expired, spies } = start(token('admin'), { login: login.logic });
    await flush();
    expired.send({ type: 'auth.unauthorized' });
    expect(spies.goToLogin).toHaveBeenCalledTimes(1);
    expired.send(submit);
    expect(expired.getSnapshot().matches({ loggedOut: 'submitting' })).toBe(true);
    expect(login.probe.inputs).toEqual([
      { login: 'ali', password: 'secret-123' },
      { login: 'ali', password: 'secret-123' },
    ]);
  });

  it('while logged in, a submit with an empty field does not end the session', async () => {
    const { actor, spies } = start(token('admin'));
    await flush();
    actor.send({ type: 'auth.submit', login: 'vali', password: '' });
    expect(selectRole(actor.getSnapshot())).toBe('admin');
    expect(spies.forgetStoredToken).not.toHaveBeenCalled();
  });
});

describe('the session', () => {
  it('starting without a token forgets the stored token and restaurant', () => {
    const { spies } = start(null);
    expect(spies.forgetStoredToken).toHaveBeenCalledTimes(1);
    expect(spies.forgetRestaurantId).toHaveBeenCalledTimes(1);
  });

  it('a manager whose restaurants cannot be loaded sees the session failure', async () => {
    const { actor } = start(token('manager'), {
      loadProfile: resolving(profile('manager')).logic,
      loadMyRestaurants: rejecting(500).logic,
    });
    await flush();
    expect(selectProfileFailed(actor.getSnapshot())).toBe(true);
  });

  it('only a manager chooses a working restaurant', async () => {
    const { actor, spies } = start(token('admin'));
    await flush();
    actor.send({ type: 'restaurant.select', restaurantId: 'r1' });
    expect(selectRestaurantId(actor.getSnapshot())).toBeNull();
    expect(spies.storeRestaurantId).not.toHaveBeenCalled();
  });

  it('a 401 forgets the stored token and restaurant and sends to /login', async () => {
    const { actor, spies } = start(token('admin'));
    await flush();
    actor.send({ type: 'auth.unauthorized' });
    expect(spies.forgetStoredToken).toHaveBeenCalledTimes(1);
    expect(spies.forgetRestaurantId).toHaveBeenCalledTimes(1);
    expect(spies.goToLogin).toHaveBeenCalledTimes(1);
  });

  it('logging in as someone else ends the current session first (stored keys and profile gone)', async () => {
    const { actor, spies } = start(token('admin'), { login: pending().logic });
    await flush();
    expect(selectProfile(actor.getSnapshot())).not.toBeNull();
    actor.send(submit);
    expect(actor.getSnapshot().matches({ loggedOut: 'submitting' })).toBe(true);
    expect(selectProfile(actor.getSnapshot())).toBeNull();
    expect(spies.forgetStoredToken).toHaveBeenCalledTimes(1);
    expect(spies.forgetRestaurantId).toHaveBeenCalledTimes(1);
  });

  it('a new login does not inherit the restaurant stored by an earlier session: the manager’s first one is taken', async () => {
    const { actor, spies } = start(
      null,
      {
        login: resolving(token('manager')).logic,
        loadProfile: resolving(profile('manager')).logic,
        loadMyRestaurants: resolving([
          { _id: 'r1', name: 'Rayhon' },
          { _id: 'r2', name: 'Bahor' },
        ]).logic,
      },
      'r2',
    );
    actor.send(submit);
    await flush();
    await flush();
    expect(selectRestaurantId(actor.getSnapshot())).toBe('r1');
    expect(spies.storeRestaurantId).toHaveBeenLastCalledWith({ restaurantId: 'r1' });
  });

  it('an admin’s screens announcing restaurants do not give the admin a working restaurant', async () => {
    const { actor, spies } = start(token('admin'));
    await flush();
    actor.send({ type: 'restaurants.known', restaurants: [{ _id: 'r1', name: 'Rayhon' }] });
    expect(selectRestaurantId(actor.getSnapshot())).toBeNull();
    expect(spies.storeRestaurantId).not.toHaveBeenCalled();
  });
});
