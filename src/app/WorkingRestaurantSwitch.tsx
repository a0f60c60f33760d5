import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { uz } from '../../lib/uz';
import { selectManagerRestaurants, selectRestaurantId, selectRestaurantName } from '../../machines/auth/auth.selectors';
import { Icon } from '../components/Icon';
import { useAuth } from './AuthProvider';

/**
 * The manager shell's header: the restaurant every screen works on, on every screen. With several restaurants it is
 * a switch: the phone's own picker (a native select: large rows, the system's scrolling, no menu to position), and
 * the choice is remembered for the next login. Nothing before the session knows the restaurants, nor for a manager
 * without any.
 */
export function WorkingRestaurantSwitch() {
  const auth = useAuth();
  const restaurants = useSelector(auth, selectManagerRestaurants);
  const workingId = useSelector(auth, selectRestaurantId);
  const name = useSelector(auth, selectRestaurantName);
  const selectId = useId();
  if (!name) return null;
  if (restaurants.length < 2) {
    return (
      <div className="working-restaurant" data-testid="working-restaurant">
        <Icon name="shop" /> <span className="working-restaurant-label">{uz.workingRestaurantLabel}:</span>{' '}
        <strong>{name}</strong>
      </div>
    );
  }
  return (
    <div className="working-restaurant" data-testid="working-restaurant">
      <Icon name="shop" />{' '}
      <label className="working-restaurant-label" htmlFor={selectId}>
        {uz.workingRestaurantLabel}:
      </label>
      <Form.Select
        id={selectId}
        size="sm"
        className="working-restaurant-select"
        value={workingId ?? ''}
        title={uz.switchRestaurant}
        onChange={(event) => auth.send({ type: 'restaurant.select', restaurantId: event.target.value })}
      >
        {restaurants.map((restaurant) => (
          <option key={restaurant._id} value={restaurant._id}>
            {restaurant.name}
          </option>
        ))}
      </Form.Select>
    </div>
  );
}
