import { useSelector } from '@xstate/react';
import { Dropdown } from 'react-bootstrap';
import { uz } from '../../lib/uz';
import { selectManagerRestaurants, selectRestaurantId, selectRestaurantName } from '../../machines/auth/auth.selectors';
import { Icon } from '../components/Icon';
import { useAuth } from './AuthProvider';

/**
 * The manager shell's header: the restaurant every screen works on, on every screen. With several restaurants it is
 * a switch (tap, then the other restaurant); the choice is remembered for the next login. Nothing before the session
 * knows the restaurants, nor for a manager without any.
 */
export function WorkingRestaurantSwitch() {
  const auth = useAuth();
  const restaurants = useSelector(auth, selectManagerRestaurants);
  const workingId = useSelector(auth, selectRestaurantId);
  const name = useSelector(auth, selectRestaurantName);
  if (!name) return null;
  const label = (
    <>
      <Icon name="shop" /> <span className="working-restaurant-label">{uz.workingRestaurantLabel}:</span>{' '}
      <strong>{name}</strong>
    </>
  );
  if (restaurants.length < 2) {
    return (
      <div className="working-restaurant" data-testid="working-restaurant">
        {label}
      </div>
    );
  }
  return (
    <Dropdown
      className="working-restaurant"
      onSelect={(restaurantId) => {
        if (restaurantId) auth.send({ type: 'restaurant.select', restaurantId });
      }}
    >
      <Dropdown.Toggle
        variant="outline-success"
        size="sm"
        className="working-restaurant-toggle"
        data-testid="working-restaurant"
        aria-label={`${uz.workingRestaurantLabel}: ${name}. ${uz.switchRestaurant}`}
      >
        {label}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Header>{uz.switchRestaurant}</Dropdown.Header>
        {restaurants.map((restaurant) => (
          <Dropdown.Item
            key={restaurant._id}
            eventKey={restaurant._id}
            active={restaurant._id === workingId}
            aria-current={restaurant._id === workingId ? 'true' : undefined}
          >
            {restaurant.name}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
