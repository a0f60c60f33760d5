import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { selectSessionReady } from '../../machines/auth/auth.selectors';
import { useAuth } from './AuthProvider';

/** The query parameter a link names a restaurant with (a home card's "Stollar", the restaurant page's links). */
export const ASKED_RESTAURANT = 'restaurant';

/**
 * A manager's link to one restaurant's screen (`/tables?restaurant={id}`) makes that restaurant the working one, so
 * the header and every other screen agree with what the screen shows; then the parameter leaves the address, and the
 * screen follows the header's switch from there on. One that is not the manager's is dropped (the working one stays).
 */
export function useAskedRestaurant() {
  const auth = useAuth();
  const ready = useSelector(auth, selectSessionReady);
  const [params] = useSearchParams();
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  const asked = params.get(ASKED_RESTAURANT);
  useEffect(() => {
    if (!asked || !ready) return;
    auth.send({ type: 'restaurant.select', restaurantId: asked });
    const rest = new URLSearchParams(params);
    rest.delete(ASKED_RESTAURANT);
    const search = rest.toString();
    navigate(`${pathname}${search ? `?${search}` : ''}${hash}`, { replace: true });
  }, [asked, ready, auth, params, pathname, hash, navigate]);
}
