import { Button, Card } from 'react-bootstrap';
import { assetUrl } from '../../api/client';
import type { Restaurant } from '../../api/types';
import { uz } from '../../i18n/uz';
import { COVER_PLACEHOLDER, LOGO_PLACEHOLDER } from './placeholders';

/** Spec 2.7: cover, round logo, name, Manzil, Telefon raqam, Ish vaqti and O'zgartirish. */
export function RestaurantCard({ restaurant, onEdit }: { restaurant: Restaurant; onEdit: () => void }) {
  return (
    <Card className="restaurant-card shadow-sm" data-testid={`manager-restaurant-${restaurant.slug}`}>
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
        <dl className="restaurant-facts">
          <dt>{uz.address}</dt>
          <dd>{restaurant.address}</dd>
          <dt>{uz.phoneNumber}</dt>
          <dd>{restaurant.phone_number}</dd>
          <dt>{uz.workTime}</dt>
          <dd>{restaurant.work_time}</dd>
        </dl>
        <Button variant="success" className="w-100" onClick={onEdit}>
          {uz.edit}
        </Button>
      </Card.Body>
    </Card>
  );
}
