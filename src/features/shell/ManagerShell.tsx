import { Outlet } from 'react-router-dom';
import { LogoutConfirm } from '../../app/LogoutConfirm';
import { SessionStatus } from '../../app/SessionStatus';
import { BottomNav } from './BottomNav';

/** The manager's screens: content above the fixed bottom navigation (spec 2.13). */
export function ManagerShell() {
  return (
    <div className="manager-shell">
      <main className="manager-main">
        <SessionStatus className="manager-session px-3 pt-2 text-secondary" />
        <Outlet />
      </main>
      <BottomNav />
      <LogoutConfirm />
    </div>
  );
}
