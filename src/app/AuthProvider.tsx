import { useActorRef } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { setUnauthorizedHandler } from '../../client/client';
import { safeLocalStorage } from '../../client/safeStorage';
import { ACCESS_TOKEN_KEY, RESTAURANT_ID_KEY, readRestaurantId, readToken } from '../../client/storage';
import { uz } from '../../lib/uz';
import { authMachine } from '../../machines/auth/auth.machine';
import { useNotify } from '../components/Toasts';
import { paths } from './paths';

export type AuthActor = ActorRefFrom<typeof authMachine>;

const AuthContext = createContext<AuthActor | null>(null);

/**
 * Runs the auth machine for the whole app with React's side of it: localStorage (through
 * `safeLocalStorage`, in memory where the browser blocks it) and the router. Every 401 from
 * the API client is sent to it as `auth.unauthorized`.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const notify = useNotify();
  const [logic] = useState(() =>
    authMachine.provide({
      actions: {
        storeToken: (_, { token }) => safeLocalStorage.setItem(ACCESS_TOKEN_KEY, token),
        forgetStoredToken: () => safeLocalStorage.removeItem(ACCESS_TOKEN_KEY),
        storeRestaurantId: (_, { restaurantId }) => {
          if (restaurantId) safeLocalStorage.setItem(RESTAURANT_ID_KEY, restaurantId);
          else safeLocalStorage.removeItem(RESTAURANT_ID_KEY);
        },
        forgetRestaurantId: () => safeLocalStorage.removeItem(RESTAURANT_ID_KEY),
        // Spec 2.3: after login admins and managers go to /admin (a manager is sent on to /manager).
        goToAdmin: () => navigateRef.current(paths.admin()),
        goToLogin: () => navigateRef.current(paths.login(), { replace: true }),
        // Spec 2.7 / 2.12 "reloads": every screen's machine ends with its route; the login screen comes back.
        afterLogout: () => navigateRef.current(paths.root(), { replace: true }),
        choiceNotSaved: () => notify({ kind: 'error', text: uz.workingRestaurantNotSaved }),
      },
    }),
  );
  const actor = useActorRef(logic, {
    input: { token: readToken(), now: Date.now(), restaurantId: readRestaurantId() },
  });
  useEffect(() => {
    setUnauthorizedHandler(() => actor.send({ type: 'auth.unauthorized' }));
    return () => setUnauthorizedHandler(undefined);
  }, [actor]);
  return <AuthContext.Provider value={actor}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthActor {
  const actor = useContext(AuthContext);
  if (!actor) throw new Error('useAuth outside AuthProvider');
  return actor;
}
