import { useSelector } from '@xstate/react';
import { Navigate, Outlet } from 'react-router-dom';
import { selectRole, selectSessionExpired } from '../../machines/auth/auth.selectors';
import { useAuth } from '../app/AuthProvider';
import { paths } from '../app/paths';
import { LoginScreen } from '../features/auth/LoginScreen';

/** Where someone without the right role goes: /login after a 401, / otherwise (spec 2.1). */
function useLoggedOutTarget(): string {
  const expired = useSelector(useAuth(), selectSessionExpired);
  return expired ? paths.login() : paths.root();
}

/** `/`: the login screen without a token, /home with one. */
export function RootRoute() {
  const role = useSelector(useAuth(), selectRole);
  return role ? <Navigate to={paths.home()} replace /> : <LoginScreen />;
}

/** `/home/*`: the home area is the role's own area. */
export function HomeRoute() {
  const role = useSelector(useAuth(), selectRole);
  if (role === 'admin') return <Navigate to={paths.admin()} replace />;
  if (role === 'manager') return <Navigate to={paths.manager()} replace />;
  return <Navigate to={paths.root()} replace />;
}

/** `/admin/*`: admins only; a manager is sent to /manager, anyone else to /. */
export function RequireAdmin() {
  const role = useSelector(useAuth(), selectRole);
  const loggedOut = useLoggedOutTarget();
  if (role === 'admin') return <Outlet />;
  if (role === 'manager') return <Navigate to={paths.manager()} replace />;
  return <Navigate to={loggedOut} replace />;
}

/** `/manager/*` and the manager's own screens: managers only. */
export function RequireManager() {
  const role = useSelector(useAuth(), selectRole);
  const loggedOut = useLoggedOutTarget();
  return role === 'manager' ? <Outlet /> : <Navigate to={loggedOut} replace />;
}

/** Screens both roles use (spec 6: no client role check beyond being logged in). */
export function RequireLogin() {
  const role = useSelector(useAuth(), selectRole);
  const loggedOut = useLoggedOutTarget();
  return role ? <Outlet /> : <Navigate to={loggedOut} replace />;
}
