import { Alert, Badge, Button, Card } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { assetUrl } from '../../../client/client';
import type { Restaurant } from '../../../client/types';
import { uz } from '../../../lib/uz';
import { uzInsights } from '../../../lib/uz-insights';
import { uzKitchen } from '../../../lib/uz-kitchen';
import { uzOrdering } from '../../../lib/uz-ordering';
import { uzPayments } from '../../../lib/uz-payments';
import { paths } from '../../app/paths';
import { Icon } from '../../components/Icon';
import { COVER_PLACEHOLDER, LOGO_PLACEHOLDER } from '../../components/placeholders';

interface RestaurantCardProps {
  restaurant: Restaurant;
  onEdit: () => void;
  /** Only for a manager with several restaurants: is this the one they work on, and how to choose it. */
  working?: { selected: boolean; onSelect: () => void };
}

/**
 * Spec 2.7: cover, round logo, name, Manzil, Telefon raqam, Ish vaqti and O'zgartirish. Then the ways to the
 * public menu (new tab) and to the QR codes and table card (/viewRestaurant/{id}); a Nofaol restaurant's menu answers
 * 404, so it gets a sentence instead of links a manager would print.
 */
export function RestaurantCard({ restaurant, onEdit, working }: RestaurantCardProps) {
  return (
    <Card
      className={`restaurant-card shadow-sm${working?.selected ? ' border-success' : ''}`}
      data-testid={`manager-restaurant-${restaurant.slug}`}
    >
      <div className="restaurant-cover">
        <img src={assetUrl(restaurant.image) ?? COVER_PLACEHOLDER} alt="" className="restaurant-cover-img" />
        <img
          src={assetUrl(restaurant.logotype) ?? LOGO_PLACEHOLDER}
          alt={`${restaurant.name} logo`}
          className="restaurant-logo"
        />
      </div>
      <Card.Body className="pt-5">
        <Card.Title as="h2" className="h5">
          {restaurant.name}
        </Card.Title>
        {working?.selected && (
          <Badge bg="success" className="mb-2">
            {uz.workingRestaurant}
          </Badge>
        )}
        <dl className="restaurant-facts">
          <dt>{uz.address}</dt>
          <dd>{restaurant.address}</dd>
          <dt>{uz.phoneNumber}</dt>
          <dd>{restaurant.phone_number}</dd>
          <dt>{uz.workTime}</dt>
          <dd>{restaurant.work_time}</dd>
        </dl>
        {restaurant.is_active ? (
          <div className="d-flex flex-wrap gap-2 mb-2">
            <a
              className="btn btn-outline-primary flex-fill"
              href={paths.publicMenu(restaurant.slug)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {uz.openMenu}
            </a>
            <Link className="btn btn-outline-primary flex-fill" to={paths.viewRestaurant(restaurant._id)}>
              {uz.qrAndCard}
            </Link>
          </div>
        ) : (
          <>
            <Badge bg="danger" className="mb-2">
              {uz.inactive}
            </Badge>
            <Alert variant="warning" className="small py-2" data-testid="restaurant-inactive">
              {uz.restaurantInactiveMenu}
            </Alert>
          </>
        )}
        {/* Where a manager looks first: tables (QR codes, cards), orders while it takes them, the report, payments, kitchen. */}
        <div className="d-flex flex-wrap gap-2 mb-2">
          <Link className="btn btn-outline-primary flex-fill" to={paths.tables(restaurant._id)}>
            <Icon name="table" /> {uzOrdering.tables}
          </Link>
          {restaurant.ordering_enabled && (
            <Link className="btn btn-outline-primary flex-fill" to={paths.orders(restaurant._id)}>
              <Icon name="shop" /> {uzOrdering.orders}
            </Link>
          )}
          <Link className="btn btn-outline-primary flex-fill" to={paths.insights(restaurant._id)}>
            {uzInsights.title}
          </Link>
          <Link className="btn btn-outline-primary flex-fill" to={`${paths.viewRestaurant(restaurant._id)}#payments`}>
            {uzPayments.paymentsTitle}
          </Link>
          <Link className="btn btn-outline-primary flex-fill" to={`${paths.viewRestaurant(restaurant._id)}#kitchen`}>
            {uzKitchen.kitchenTitle}
          </Link>
        </div>
        <Button variant="success" className="w-100" onClick={onEdit}>
          {uz.edit}
        </Button>
        {working && !working.selected && (
          <Button variant="outline-success" className="w-100 mt-2" onClick={working.onSelect}>
            {uz.chooseWorkingRestaurant}
          </Button>
        )}
      </Card.Body>
    </Card>
  );
}
