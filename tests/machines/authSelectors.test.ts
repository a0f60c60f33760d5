import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../client/client';
import { authMachine } from '../../machines/auth/auth.machine';
import * as select from '../../machines/auth/auth.selectors';
import { fakeToken } from '../ui/models/tokens';
import { flush, pending, rejecting, resolving } from './helpers';

/** What the login page and the panel's header read from the auth machine, state by state (spec 2.1–2.3). */

const NOW = Date.parse('2030-01-01T00:00:00Z');
const token = (role: 'admin' | 'manager') => fakeToken({ role, _id: `${role}-1`, exp: NOW / 1000 + 3600 });
const profile = (role: 'admin' | 'manager') => ({ _id: `${role}-1`, login: 'someone', role, is_active: true });

type Snapshot = ReturnType<ReturnType<typeof start>['getSnapshot']>;

function start(startToken: string | null, actors: Record<string, unknown> = {}) {
  const machine = authMachine.provide({
    actors: {
      login: resolving(token('admin')).logic,
      loadProfile: resolving(profile('admin')).logic,
      loadMyRestaurants: resolving([]).logic,
      saveWorkingRestaurant: resolving(undefined).logic,
      ...actors,
    } as never,
  });
  return createActor(machine, { input: { token: startToken, now: NOW } }).start();
}

/** Every selector at once: what the screens would show. */
const view = (s: Snapshot) => ({
  role: select.selectRole(s),
  submitting: select.selectIsSubmitting(s),
  invalid: select.selectIsInvalid(s),
  missing: select.selectMissing(s),
  loginError: select.selectLoginError(s),
  expired: select.selectSessionExpired(s),
  profile: select.selectProfile(s),
  profileLoading: select.selectProfileLoading(s),
  profileFailed: select.selectProfileFailed(s),
  confirmingLogout: select.selectConfirmingLogout(s),
  restaurantId: select.selectRestaurantId(s),
  workingRestaurant: select.selectWorkingRestaurantName(s),
});

const loggedOut = {
  role: null,
  submitting: false,
  invalid: false,
  missing: [],
  loginError: null,
  expired: false,
  profile: null,
  profileLoading: false,
  profileFailed: false,
  confirmingLogout: false,
  restaurantId: null,
  workingRestaurant: null,
};

describe('auth selectors: the login page', () => {
  it('logged out: nothing to show but the form', () => {
    expect(view(start(null).getSnapshot())).toEqual(loggedOut);
  });

  it('empty fields: invalid, with the missing fields named; nothing else', () => {
    const actor = start(null);
    actor.send({ type: 'auth.submit', login: '', password: 'x' });
    expect(view(actor.getSnapshot())).toEqual({ ...loggedOut, invalid: true, missing: ['login'] });
  });

  it('while the login call runs: submitting only', () => {
    const actor = start(null, { login: pending().logic });
    actor.send({ type: 'auth.submit', login: 'ali', password: 'secret-123' });
    expect(view(actor.getSnapshot())).toEqual({ ...loggedOut, submitting: true });
  });

  it('a refused login: its error, and the missing fields of an earlier attempt are gone', async () => {
    const actor = start(null, { login: rejecting(401, 'Login yoki parol noto‘g‘ri').logic });
    actor.send({ type: 'auth.submit', login: 'ali', password: 'x' });
    await flush();
    const shown = view(actor.getSnapshot());
    expect(shown.loginError).toEqual(expect.any(String));
    expect(shown).toEqual({ ...loggedOut, loginError: shown.loginError });
  });

  it('sent back by a 401: the session-expired notice only', async () => {
    const actor = start(token('admin'));
    await flush();
    actor.send({ type: 'auth.unauthorized' });
    expect(view(actor.getSnapshot())).toEqual({ ...loggedOut, expired: true });
  });
});

describe('auth selectors: the panel', () => {
  it('an admin: the role at once, the profile loading, then the profile', async () => {
    const actor = start(token('admin'), { loadProfile: pending().logic });
    expect(view(actor.getSnapshot())).toEqual({ ...loggedOut, role: 'admin', profileLoading: true });
    const ready = start(token('admin'));
    await flush();
    expect(view(ready.getSnapshot())).toEqual({ ...loggedOut, role: 'admin', profile: profile('admin') });
  });

  it('a manager: still loading while the restaurants load, then the working restaurant', async () => {
    const actor = start(token('manager'), {
      loadProfile: resolving(profile('manager')).logic,
      loadMyRestaurants: pending().logic,
    });
    await flush();
    expect(view(actor.getSnapshot())).toEqual({
      ...loggedOut,
      role: 'manager',
      profile: profile('manager'),
      profileLoading: true,
    });
  });

  it('a manager with one restaurant: its id, no name to tell; with several, the working one’s name', async () => {
    const one = start(token('manager'), {
      loadProfile: resolving(profile('manager')).logic,
      loadMyRestaurants: resolving([{ _id: 'r1', name: 'Rayhon' }]).logic,
    });
    await flush();
    expect(view(one.getSnapshot())).toMatchObject({
      restaurantId: 'r1',
      workingRestaurant: null,
      profileLoading: false,
    });

    const two = start(token('manager'), {
      loadProfile: resolving(profile('manager')).logic,
      loadMyRestaurants: resolving([
        { _id: 'r1', name: 'Rayhon' },
        { _id: 'r2', name: 'Bahor' },
      ]).logic,
    });
    await flush();
    expect(select.selectWorkingRestaurantName(two.getSnapshot())).toBe('Rayhon');
    two.send({ type: 'restaurant.select', restaurantId: 'r2' });
    expect(select.selectWorkingRestaurantName(two.getSnapshot())).toBe('Bahor');
    // A restaurant that is not among the manager's known ones is not chosen.
    two.send({ type: 'restaurant.select', restaurantId: 'r9' });
    expect(select.selectWorkingRestaurantName(two.getSnapshot())).toBe('Bahor');
  });

  it('a failed profile: the failure, no longer loading', async () => {
    const actor = start(token('admin'), { loadProfile: rejecting(500).logic });
    await flush();
    expect(view(actor.getSnapshot())).toEqual({ ...loggedOut, role: 'admin', profileFailed: true });
  });

  it('the logout question is asked, then cancelled', async () => {
    const actor = start(token('admin'));
    await flush();
    actor.send({ type: 'logout.request' });
    expect(view(actor.getSnapshot())).toEqual({
      ...loggedOut,
      role: 'admin',
      profile: profile('admin'),
      confirmingLogout: true,
    });
    actor.send({ type: 'logout.cancel' });
    expect(select.selectConfirmingLogout(actor.getSnapshot())).toBe(false);
  });

  it('a failed login after a session ends it: the error is shown, no role', async () => {
    const actor = start(token('admin'), {
      login: fromPromise(async () => {
        throw new ApiError(401, 'no');
      }),
    });
    await flush();
    actor.send({ type: 'auth.submit', login: 'vali', password: 'x' });
    await flush();
    expect(select.selectRole(actor.getSnapshot())).toBeNull();
    expect(select.selectLoginError(actor.getSnapshot())).not.toBeNull();
  });
});
