import { assertEvent, assign, setup } from 'xstate';
import type { Profile } from '../../client/types';
import { uz } from '../../lib/uz';
import { statusOf } from '../shared/errors';
import { authActors } from './auth.actors';
import { type Session, sessionFromToken } from './token';

/**
 * Who is logged in. Start-up decodes the stored token (expired or malformed: removed, logged out); login stores
 * the new token, then the session loads the profile and, for a manager, the restaurant id to work on. Logout
 * (confirmed or not) and any 401 from the API end the session. Storage and navigation are actions React provides.
 */

export interface AuthInput {
  /** The stored accessToken at start-up. */
  token: string | null;
  /** Clock for the token's expiry check (tests pass a fixed time). */
  now: number;
  /** The stored restaurantId: a resumed session keeps it while the manager still has that restaurant. */
  restaurantId?: string | null;
}

export type CredentialField = 'login' | 'password';

export interface AuthContext {
  session: Session | null;
  profile: Profile | null;
  error: string | null;
  /** The fields left empty on the last submit (spec section 5: both are required). */
  missing: CredentialField[];
  /** The restaurant a manager works on: the first one at login, or the one chosen since. */
  restaurantId: string | null;
  /**
   * A manager's restaurants as the session found them (names for saying which one a screen works on; whether one
   * takes orders from the table decides the bottom bar's fourth tab).
   */
  restaurants: KnownRestaurant[];
}

export interface KnownRestaurant {
  _id: string;
  name: string;
  /** Only when on: a restaurant without it, or with it off, does not take orders. */
  ordering_enabled?: true;
}

/** What the session keeps of a restaurant answer. */
const known = ({ _id, name, ordering_enabled }: { _id: string; name: string; ordering_enabled?: boolean }) =>
  ordering_enabled === true ? { _id, name, ordering_enabled } : { _id, name };

export type AuthEvent =
  | { type: 'auth.submit'; login: string; password: string }
  | { type: 'auth.logout' }
  | { type: 'auth.unauthorized' }
  | { type: 'logout.request' }
  | { type: 'logout.cancel' }
  | { type: 'session.retry' }
  /** A manager with several restaurants chooses the one the category list and the stop-list work on. */
  | { type: 'restaurant.select'; restaurantId: string }
  /** The manager's restaurants as a screen has just loaded them (renamed, given away, deleted since the login). */
  | { type: 'restaurants.known'; restaurants: Array<{ _id: string; name: string; ordering_enabled?: boolean }> }
  /** The server gave this session a new token (the password was changed: every earlier token stopped working). */
  | { type: 'auth.tokenChanged'; token: string };

interface Credentials {
  login: string;
  password: string;
}

function missingFields(credentials: Credentials): CredentialField[] {
  const missing: CredentialField[] = [];
  if (credentials.login.trim() === '') missing.push('login');
  if (credentials.password === '') missing.push('password');
  return missing;
}

function loginErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (status === 0) return uz.networkError;
  // Too many attempts: the server's Uzbek message says when to try again.
  if (status === 429 && error instanceof Error) return error.message;
  return uz.loginFailed;
}

/**
 * The restaurant a manager works on: this session's (or this device's stored) choice while it is still theirs, else
 * the one the server remembers they chose last (a new login, another device), else the first (spec 3).
 */
function workingRestaurant(
  context: AuthContext,
  restaurants: Array<{ _id: string; working?: boolean }>,
): string | null {
  const stored = context.restaurantId;
  if (stored && restaurants.some((restaurant) => restaurant._id === stored)) return stored;
  return (restaurants.find((restaurant) => restaurant.working) ?? restaurants[0])?._id ?? null;
}

/** The submitted login and password, as guards and actions take them. */
const credentials = ({ event }: { event: Credentials }): Credentials => ({
  login: event.login,
  password: event.password,
});

/** Submitting the form (not while a submit is running: the form cannot be sent twice). */
const submit = [
  {
    guard: { type: 'credentialsMissing', params: credentials },
    target: '#auth.loggedOut.invalid',
    actions: { type: 'rememberMissing', params: credentials },
  },
  { target: '#auth.loggedOut.submitting' },
] as const;

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  actors: authActors,
  actions: {
    // Provided by React (localStorage and the router); tests provide spies.
    storeToken: (_, _params: { token: string }) => {},
    forgetStoredToken: () => {},
    storeRestaurantId: (_, _params: { restaurantId: string }) => {},
    forgetRestaurantId: () => {},
    goToAdmin: () => {},
    goToLogin: () => {},
    afterLogout: () => {},
    /** Provided by React (a toast): the choice holds here, but the next login will not open it. */
    choiceNotSaved: () => {},
    endSession: assign({ session: null, profile: null, restaurantId: null, restaurants: [] }),
    rememberMissing: assign((_, credentials: Credentials) => ({ missing: missingFields(credentials), error: null })),
    /** The session the token stands for (tokenAccepted has checked it decodes). */
    startSession: assign((_, { token }: { token: string }) => ({ session: sessionFromToken(token, Date.now()) })),
  },
  guards: {
    hasSession: ({ context }) => context.session !== null,
    isManager: ({ context }) => context.session?.role === 'manager',
    // Every manager session checks its restaurant: a stored one may have been given to another manager or deleted.
    needsRestaurant: ({ context }) => context.session?.role === 'manager',
    isAdmin: ({ context }) => context.session?.role === 'admin',
    /** One of the manager's own restaurants (as the session knows them), other than the one worked on now. */
    isOtherOwnRestaurant: ({ context }, { restaurantId }: { restaurantId: string }) =>
      context.session?.role === 'manager' &&
      restaurantId !== context.restaurantId &&
      context.restaurants.some((restaurant) => restaurant._id === restaurantId),
    credentialsMissing: (_, credentials: Credentials) => missingFields(credentials).length > 0,
    credentialsPresent: (_, credentials: Credentials) => missingFields(credentials).length === 0,
    tokenAccepted: (_, { token }: { token: string }) => sessionFromToken(token, Date.now()) !== null,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    session: sessionFromToken(input.token, input.now),
    profile: null,
    error: null,
    missing: [],
    restaurantId: input.restaurantId ?? null,
    restaurants: [],
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'hasSession', target: 'loggedIn' },
        { target: 'loggedOut', actions: ['forgetStoredToken', 'forgetRestaurantId'] },
      ],
    },
    loggedOut: {
      initial: 'idle',
      states: {
        idle: { on: { 'auth.submit': submit } },
        /** A field was empty: nothing was sent. */
        invalid: { on: { 'auth.submit': submit } },
        /** The server refused the login. */
        failed: { on: { 'auth.submit': submit } },
        /** Sent here by a 401: the stored token was no longer accepted. */
        expired: { on: { 'auth.submit': submit } },
        submitting: {
          entry: assign({ error: null, missing: [] }),
          invoke: {
            id: 'login',
            src: 'login',
            // Only a submit enters this state.
            input: ({ event }) => {
              assertEvent(event, 'auth.submit');
              return { login: event.login.trim(), password: event.password };
            },
            onDone: [
              {
                guard: { type: 'tokenAccepted', params: ({ event }) => ({ token: event.output }) },
                target: '#auth.loggedIn',
                actions: [
                  { type: 'startSession', params: ({ event }) => ({ token: event.output }) },
                  assign({ restaurantId: null }),
                  { type: 'storeToken', params: ({ event }) => ({ token: event.output }) },
                  'goToAdmin',
                ],
              },
              { target: 'failed', actions: assign({ error: uz.loginFailed }) },
            ],
            onError: { target: 'failed', actions: assign({ error: ({ event }) => loginErrorMessage(event.error) }) },
          },
        },
      },
    },
    loggedIn: {
      type: 'parallel',
      states: {
        role: {
          initial: 'choosing',
          states: {
            choosing: {
              always: [{ guard: 'isAdmin', target: 'admin' }, { target: 'manager' }],
            },
            admin: {},
            manager: {},
          },
        },
        session: {
          initial: 'loadingProfile',
          states: {
            loadingProfile: {
              invoke: {
                id: 'loadProfile',
                src: 'loadProfile',
                // The token says who: the call takes no parameters.
                input: () => ({}),
                onDone: [
                  {
                    guard: 'needsRestaurant',
                    target: 'loadingRestaurant',
                    actions: assign({ profile: ({ event }) => event.output }),
                  },
                  { target: 'ready', actions: assign({ profile: ({ event }) => event.output }) },
                ],
                onError: { target: 'failed' },
              },
            },
            loadingRestaurant: {
              invoke: {
                id: 'loadMyRestaurants',
                src: 'loadMyRestaurants',
                input: () => ({}),
                onDone: {
                  target: 'ready',
                  actions: [
                    assign({
                      restaurantId: ({ context, event }) => workingRestaurant(context, event.output),
                      restaurants: ({ event }) => event.output.map(known),
                    }),
                    {
                      type: 'storeRestaurantId',
                      params: ({ context }) => ({ restaurantId: context.restaurantId ?? '' }),
                    },
                  ],
                },
                onError: { target: 'failed' },
              },
            },
            /** The profile (or the manager's restaurant) could not be loaded: the screens say so and offer retry. */
            failed: {
              on: { 'session.retry': { target: 'loadingProfile' } },
            },
            ready: {
              on: { 'logout.request': { target: 'confirmingLogout' } },
            },
            confirmingLogout: {
              on: { 'logout.cancel': { target: 'ready' } },
            },
          },
        },
        /** A manager's chosen working restaurant, remembered on the server for their next login. */
        choice: {
          initial: 'idle',
          on: {
            // Another of the manager's restaurants is worked on at once, stored on this device, then saved.
            'restaurant.select': {
              target: '.saving',
              guard: { type: 'isOtherOwnRestaurant', params: ({ event }) => ({ restaurantId: event.restaurantId }) },
              actions: [
                assign({ restaurantId: ({ event }) => event.restaurantId }),
                { type: 'storeRestaurantId', params: ({ event }) => ({ restaurantId: event.restaurantId }) },
              ],
            },
          },
          states: {
            idle: {},
            saving: {
              // A newer choice while one is being saved replaces it: the older save is stopped. (Re-entered from here,
              // not from the region: a region of a parallel state re-entering itself would restart the whole session.)
              on: {
                'restaurant.select': {
                  target: 'saving',
                  reenter: true,
                  guard: {
                    type: 'isOtherOwnRestaurant',
                    params: ({ event }) => ({ restaurantId: event.restaurantId }),
                  },
                  actions: [
                    assign({ restaurantId: ({ event }) => event.restaurantId }),
                    { type: 'storeRestaurantId', params: ({ event }) => ({ restaurantId: event.restaurantId }) },
                  ],
                },
              },
              invoke: {
                id: 'saveWorkingRestaurant',
                src: 'saveWorkingRestaurant',
                input: ({ context }) => ({ restaurantId: context.restaurantId ?? '' }),
                onDone: { target: 'idle' },
                onError: { target: 'idle', actions: 'choiceNotSaved' },
              },
            },
          },
        },
      },
      on: {
        'auth.logout': {
          target: '#auth.loggedOut',
          actions: ['forgetStoredToken', 'forgetRestaurantId', 'endSession', 'afterLogout'],
        },
        'auth.unauthorized': {
          target: '#auth.loggedOut.expired',
          actions: ['forgetStoredToken', 'forgetRestaurantId', 'endSession', 'goToLogin'],
        },
        'restaurants.known': {
          guard: 'isManager',
          actions: [
            assign({
              restaurantId: ({ context, event }) => workingRestaurant(context, event.restaurants),
              restaurants: ({ event }) => event.restaurants.map(known),
            }),
            { type: 'storeRestaurantId', params: ({ context }) => ({ restaurantId: context.restaurantId ?? '' }) },
          ],
        },
        // The same session goes on with its new token (stored: the old one no longer works).
        'auth.tokenChanged': {
          guard: { type: 'tokenAccepted', params: ({ event }) => ({ token: event.token }) },
          actions: [
            { type: 'startSession', params: ({ event }) => ({ token: event.token }) },
            { type: 'storeToken', params: ({ event }) => ({ token: event.token }) },
          ],
        },
        // Logging in as someone else from /login while a session exists.
        'auth.submit': {
          guard: { type: 'credentialsPresent', params: credentials },
          target: '#auth.loggedOut.submitting',
          actions: ['forgetStoredToken', 'forgetRestaurantId', 'endSession'],
        },
      },
    },
  },
});
