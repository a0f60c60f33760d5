import { useSelector } from '@xstate/react';
import { selectRestaurantId } from '../../machines/auth/auth.selectors';
import { useAuth } from './AuthProvider';

/**
 * The restaurant a manager's screens work on, as the session knows it. Screens that read it at mount use it as their
 * React key: when a resumed session finds the stored restaurant is no longer the manager's and settles on another,
 * the screen starts again on the right one.
 */
export function useWorkingRestaurant(): string {
  return useSelector(useAuth(), selectRestaurantId) ?? 'none';
}
