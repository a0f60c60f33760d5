import type { SnapshotFrom } from 'xstate';
import { type AuthEvent, authMachine } from '../../../machines/auth/auth.machine';
import type { ModelEvent, PathModel } from '../../support/paths';
import { fakeToken } from './tokens';

/** The auth machine's test plan: from a visit without a token, through login, session loading and logout. */

export const ADMIN_TOKEN = fakeToken({ role: 'admin', _id: 'admin-id' });
export const MANAGER_TOKEN = fakeToken({ role: 'manager', _id: 'manager-id' });

type Snapshot = SnapshotFrom<typeof authMachine>;
type AuthInvoke = 'login' | 'loadProfile' | 'loadMyRestaurants' | 'saveWorkingRestaurant';

export const authEvents = [
  { type: 'auth.submit', login: 'someone', password: 'secret' },
  { type: 'auth.submit', login: '', password: '' },
  { type: 'auth.logout' },
  { type: 'auth.unauthorized' },
  { type: 'logout.request' },
  { type: 'logout.cancel' },
  { type: 'session.retry' },
  { type: 'restaurant.select', restaurantId: 'r2' },
  { type: 'restaurants.known', restaurants: [{ _id: 'r1', name: 'Rayhon' }] },
  { type: 'auth.tokenChanged', token: ADMIN_TOKEN },
  { type: 'auth.tokenChanged', token: MANAGER_TOKEN },
  { type: 'xstate.done.actor.login', output: ADMIN_TOKEN },
  { type: 'xstate.done.actor.login', output: MANAGER_TOKEN },
  { type: 'xstate.error.actor.login', error: new Error('401') },
  {
    type: 'xstate.done.actor.loadProfile',
    output: { _id: 'id', login: 'someone', role: 'admin', is_active: true },
  },
  { type: 'xstate.error.actor.loadProfile', error: new Error('500') },
  { type: 'xstate.done.actor.loadMyRestaurants', output: [{ _id: 'r1' }, { _id: 'r2' }] },
  { type: 'xstate.error.actor.loadMyRestaurants', error: new Error('500') },
  { type: 'xstate.done.actor.saveWorkingRestaurant', output: undefined },
  { type: 'xstate.error.actor.saveWorkingRestaurant', error: new Error('500') },
] satisfies Array<ModelEvent & { type: AuthEvent['type'] | `xstate.${'done' | 'error'}.actor.${AuthInvoke}` }>;

const isManager = (s: Snapshot) => s.matches({ loggedIn: { role: 'manager' } });

export const authModel: PathModel<typeof authMachine> = {
  name: 'auth',
  machine: authMachine,
  input: { token: null, now: Date.parse('2030-01-01T00:00:00Z') },
  events: authEvents,
  // A manager only logs out through the confirmation (spec 2.7); the profile screen's direct logout is an admin's.
  // Choosing the working restaurant, and the manager screen's own load of the restaurants, once the session is ready.
  filterEvents: (s, e) =>
    !(e.type === 'auth.logout' && isManager(s) && !s.matches({ loggedIn: { session: 'confirmingLogout' } })) &&
    (!['restaurant.select', 'restaurants.known', 'auth.tokenChanged'].includes(e.type) ||
      s.matches({ loggedIn: { session: 'ready' } })) &&
    // A changed password's token is the same user's.
    (e.type !== 'auth.tokenChanged' || (e.token === MANAGER_TOKEN) === isManager(s)),
  describeEvent: (e) => {
    switch (e.type) {
      case 'auth.submit':
        return e.login === '' ? 'submit the empty form' : 'submit login and password';
      case 'xstate.done.actor.login':
        return e.output === ADMIN_TOKEN ? 'the server accepts an admin' : 'the server accepts a manager';
      case 'xstate.error.actor.login':
        return 'the server refuses the password';
      case 'xstate.done.actor.loadProfile':
        return 'the profile loads';
      case 'xstate.error.actor.loadProfile':
        return 'the profile fails to load';
      case 'xstate.done.actor.loadMyRestaurants':
        return "the manager's restaurants load (first id stored)";
      case 'xstate.error.actor.loadMyRestaurants':
        return "the manager's restaurants fail to load";
      case 'xstate.done.actor.saveWorkingRestaurant':
        return 'the server remembers the choice';
      case 'xstate.error.actor.saveWorkingRestaurant':
        return 'the choice cannot be saved';
      case 'auth.unauthorized':
        return 'any call answers 401';
      case 'auth.logout':
        return 'log out';
      case 'logout.request':
        return 'ask to log out';
      case 'logout.cancel':
        return "answer 'Bekor qilish'";
      case 'session.retry':
        return 'retry loading the session';
      case 'restaurant.select':
        return 'choose the other restaurant to work on';
      case 'restaurants.known':
        return "the manager's screen loads the restaurants";
      case 'auth.tokenChanged':
        return "change the password ('Parolni o'zgartirish'): the new token is stored";
      default:
        return e.type;
    }
  },
};
