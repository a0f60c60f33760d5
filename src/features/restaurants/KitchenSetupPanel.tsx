import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Card } from 'react-bootstrap';
import { uzKitchen } from '../../../lib/uz-kitchen';
import { KitchenDevices } from './KitchenDevices';
import { KitchenStations } from './KitchenStations';
import { useKitchenSetup } from './useKitchenSetup';
import { useScrolledToAnchor } from './useScrolledToAnchor';

/** The id the manager's restaurant card links to (`/viewRestaurant/{id}#kitchen`). */
export const KITCHEN_ANCHOR = 'kitchen';

/**
 * The restaurant page's "Oshxona" (admins and the owning manager): its stations ("Bo'limlar") with their printers, and
 * the tablets paired to its kitchen ("Oshxona planshetlari"). Its machines live as long as the section.
 */
export function KitchenSetupPanel({ restaurantId }: { restaurantId: string }) {
  const titleId = useId();
  const { stations, stationDialog, devices, deviceDialog } = useKitchenSetup(restaurantId);
  const shown = useSelector(stations, (s) => !s.matches({ data: 'loading' }));
  useScrolledToAnchor(KITCHEN_ANCHOR, shown);
  return (
    <Card
      as="section"
      className="shadow-sm"
      aria-labelledby={titleId}
      id={KITCHEN_ANCHOR}
      // Scrolled to from the restaurant card's link: its title stays below the shell's sticky header.
      style={{ scrollMarginTop: '5rem' }}
      data-testid="kitchen-setup"
    >
      <Card.Body>
        <h2 id={titleId} className="h5">
          {uzKitchen.kitchenTitle}
        </h2>
        <p className="small text-secondary mb-3">{uzKitchen.kitchenAbout}</p>
        <KitchenStations list={stations} dialog={stationDialog} />
        <KitchenDevices list={devices} dialog={deviceDialog} />
      </Card.Body>
    </Card>
  );
}
