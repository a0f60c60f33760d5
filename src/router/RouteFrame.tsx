import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Spinner } from 'react-bootstrap';
import { Outlet, useNavigation } from 'react-router-dom';
import { uz } from '../../lib/uz';
import { selectRole } from '../../machines/auth/auth.selectors';
import { useAuth } from '../app/AuthProvider';
import { prefetchFor } from './prefetch';
import './router.css';

/**
 * Every screen's frame, inside the session: prefetches the role's screens once it is known, and while a screen's
 * chunk is still on its way after a click (react-router keeps the old screen meanwhile) shows that it is coming.
 */
export function RouteFrame() {
  const role = useSelector(useAuth(), selectRole);
  const navigation = useNavigation();
  useEffect(() => {
    if (role) void prefetchFor(role);
  }, [role]);
  return (
    <>
      {navigation.state === 'loading' && (
        // Faded in after a moment (router.css): a prefetched screen opens before it would show.
        <div className="route-pending" role="status">
          <Spinner size="sm" aria-hidden />
          <span>{uz.loadingUz}</span>
        </div>
      )}
      <Outlet />
    </>
  );
}
