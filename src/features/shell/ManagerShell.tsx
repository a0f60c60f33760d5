import './managerShell.css';
import { useSelector } from '@xstate/react';
import { Outlet } from 'react-router-dom';
import { selectProfileLoading } from '../../../machines/auth/auth.selectors';
import { useAuth } from '../../app/AuthProvider';
import { LogoutConfirm } from '../../app/LogoutConfirm';
import { SessionStatus } from '../../app/SessionStatus';
import { useAskedRestaurant } from '../../app/useAskedRestaurant';
import { WorkingRestaurantSwitch } from '../../app/WorkingRestaurantSwitch';
import { Loading } from '../../components/LoadState';
import { BottomNav } from './BottomNav';

/**
 * The manager's screens: a header saying which restaurant they work on (and switching it), the content, and the fixed
 * bottom navigation (spec 2.13). The screens start once the session knows the working restaurant: a screen started on
 * a guess would load one restaurant's data and throw it away a moment later.
 */
export function ManagerShell() {
  useAskedRestaurant();
  const sessionLoading = useSelector(useAuth(), selectProfileLoading);
  return (
    <div className="manager-shell">
      <header className="manager-topbar">
        <WorkingRestaurantSwitch />
        <SessionStatus className="manager-session text-secondary ms-auto" />
      </header>
      <main className="manager-main">{sessionLoading ? <Loading /> : <Outlet />}</main>
      <BottomNav />
      <LogoutConfirm />
    </div>
  );
}
