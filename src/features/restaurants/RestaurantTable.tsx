import { useSelector } from '@xstate/react';
import { Badge, Button, Spinner, Table } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { Restaurant } from '../../../client/types';
import { uz } from '../../../lib/uz';
import type { restaurantListMachine } from '../../../machines/restaurants/restaurantList.machine';
import { selectPageRows, selectSyncingId } from '../../../machines/restaurants/restaurantList.selectors';
import { paths } from '../../app/paths';
import { Icon } from '../../components/Icon';
import { TranslationGaps } from './TranslationGaps';

/** An action's name beside its icon on a phone (no hover tooltip there); the wide table keeps the icons only. */
function ActionText({ children }: { children: string }) {
  return (
    <span className="row-action-text" aria-hidden>
      {children}
    </span>
  );
}

interface RestaurantTableProps {
  list: ActorRefFrom<typeof restaurantListMachine>;
  isAdmin: boolean;
  onEdit: (restaurant: Restaurant) => void;
}

/**
 * Spec 2.5's table: #, name (green if active, red if not), phone, Faol/Nofaol, Integratsiya/Oddiy, actions.
 * Below the md breakpoint each row is laid out as a card (CSS), so the same table works at 390 px; there each action
 * says its name beside its icon.
 */
export function RestaurantTable({ list, isAdmin, onEdit }: RestaurantTableProps) {
  const rows = useSelector(list, selectPageRows);
  const syncingId = useSelector(list, selectSyncingId);
  // Recomputed on every snapshot: whether each row's sync / delete event would be accepted now.
  const canSync = useSelector(
    list,
    (s) =>
      new Set(
        rows.filter((r) => s.can({ type: 'restaurant.sync', id: r.restaurant._id })).map((r) => r.restaurant._id),
      ),
    (a, b) => a.size === b.size && [...a].every((id) => b.has(id)),
  );
  const canDelete = useSelector(list, (s) => s.matches({ removal: 'idle' }));

  return (
    <Table hover className="stack-table align-middle" aria-label={uz.restaurants}>
      <thead>
        <tr>
          <th scope="col">{uz.colIndex}</th>
          <th scope="col">{uz.colName}</th>
          <th scope="col">{uz.colPhone}</th>
          <th scope="col">{uz.colStatus}</th>
          <th scope="col">{uz.colType}</th>
          <th scope="col">{uz.colActions}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ restaurant: r, index }) => (
          <tr key={r._id} data-testid={`restaurant-row-${r.slug}`}>
            <td data-label={uz.colIndex} className="cell-index">
              {index}
            </td>
            <td data-label={uz.colName} className={`fw-semibold ${r.is_active ? 'text-success' : 'text-danger'}`}>
              {r.name}
              <TranslationGaps restaurant={r} />
            </td>
            <td data-label={uz.colPhone}>{r.phone_number}</td>
            <td data-label={uz.colStatus}>
              <Badge bg={r.is_active ? 'success' : 'danger'}>{r.is_active ? uz.active : uz.inactive}</Badge>
            </td>
            <td data-label={uz.colType}>{r.type === 'manual' ? uz.typeManual : uz.typeIntegration}</td>
            <td data-label={uz.colActions}>
              <div className="row-actions">
                <a
                  className="btn btn-sm btn-outline-secondary"
                  href={paths.publicMenu(r.slug)}
                  target="_blank"
                  rel="noopener noreferrer"
                  title={uz.actionMenu}
                  aria-label={`${uz.actionMenu}: ${r.name}`}
                >
                  <Icon name="external" /> <ActionText>{uz.actionMenu}</ActionText>
                </a>
                {isAdmin && r.type === 'integration' && (
                  <Button
                    size="sm"
                    variant="outline-primary"
                    onClick={() => list.send({ type: 'restaurant.sync', id: r._id })}
                    disabled={!canSync.has(r._id)}
                    title={uz.actionSync}
                    aria-label={`${syncingId === r._id ? uz.actionSyncing : uz.actionSync}: ${r.name}`}
                    aria-busy={syncingId === r._id}
                  >
                    {syncingId === r._id ? (
                      <>
                        <Spinner size="sm" aria-hidden /> <span className="small">{uz.actionSyncing}</span>
                      </>
                    ) : (
                      <>
                        <Icon name="sync" /> <ActionText>{uz.actionSync}</ActionText>
                      </>
                    )}
                  </Button>
                )}
                <Link
                  className="btn btn-sm btn-outline-secondary"
                  to={paths.adminViewRestaurant(r._id, r.slug)}
                  title={uz.actionView}
                  aria-label={`${uz.actionView}: ${r.name}`}
                >
                  <Icon name="eye" /> <ActionText>{uz.actionView}</ActionText>
                </Link>
                <Link
                  className="btn btn-sm btn-outline-secondary"
                  to={paths.adminCategoryList(r._id)}
                  title={uz.actionCategories}
                  aria-label={`${uz.actionCategories}: ${r.name}`}
                >
                  <Icon name="grid" /> <ActionText>{uz.actionCategories}</ActionText>
                </Link>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  onClick={() => onEdit(r)}
                  title={uz.actionEdit}
                  aria-label={`${uz.actionEdit}: ${r.name}`}
                >
                  <Icon name="pencil" /> <ActionText>{uz.actionEdit}</ActionText>
                </Button>
                {isAdmin && (
                  <Button
                    size="sm"
                    variant="outline-danger"
                    onClick={() => list.send({ type: 'restaurant.delete', id: r._id })}
                    disabled={!canDelete}
                    title={uz.actionDelete}
                    aria-label={`${uz.actionDelete}: ${r.name}`}
                  >
                    <Icon name="trash" /> <ActionText>{uz.actionDelete}</ActionText>
                  </Button>
                )}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
