import { useSelector } from '@xstate/react';
import { uz } from '../../lib/uz';
import { selectWorkingRestaurantName } from '../../machines/auth/auth.selectors';
import { useAuth } from './AuthProvider';

/**
 * Under a manager screen's title: which restaurant it works on, for a manager with several (so a stop-list change
 * during service never lands on the wrong one). Nothing for a manager with one.
 */
export function WorkingRestaurantName() {
  const name = useSelector(useAuth(), selectWorkingRestaurantName);
  if (!name) return null;
  return (
    <p className="working-restaurant text-secondary small mb-2" data-testid="working-restaurant">
      {uz.workingRestaurantLabel}: <strong>{name}</strong>
    </p>
  );
}
