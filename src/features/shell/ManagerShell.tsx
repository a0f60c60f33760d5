import { Outlet } from 'react-router-dom';
import { LogoutConfirm } from '../../app/LogoutConfirm';
import { SessionStatus } from '../../app/SessionStatus';
import { useAskedRestaurant } from '../../app/useAskedRestaurant';
import { WorkingRestaurantSwitch } from '../../app/WorkingRestaurantSwitch';
import { BottomNav } from './BottomNav';

/**
 * The manager's screens: a header saying which restaurant they work on (and switching it), the content, and the fixed
 * bottom navigation (spec 2.13).
 */
export function ManagerShell() {
  useAskedRestaurant();
  return (
    <div className="manager-shell">
      <header className="manager-topbar">
        <WorkingRestaurantSwitch />
        <SessionStatus className="manager-session text-secondary ms-auto" />
      </header>
      <main className="manager-main">
        <Outlet />
      </main>
      <BottomNav />
      <LogoutConfirm />
    </div>
  );
}
