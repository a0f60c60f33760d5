import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { Role } from '../../../client/types';
import { uz } from '../../../lib/uz';
import { uzCatalog } from '../../../lib/uz-catalog';
import { uzOrdering } from '../../../lib/uz-ordering';
import {
  selectCanAdd,
  selectCanDelete,
  selectCanRenew,
  selectCanToggle,
  selectConfirmDelete,
  selectDeleteTarget,
  selectHasNoRestaurant,
  selectIsEmpty,
  selectIsRenewing,
  selectLoadFailed,
  selectOrderingEnabled,
  selectPrintPass,
  selectRenewTarget,
  selectRestaurant,
  selectRestaurantChoices,
  selectShowsSpinner,
  selectTables,
  selectTogglingId,
} from '../../../machines/tables/tableList.selectors';
import { paths } from '../../app/paths';
import { useWorkingRestaurant } from '../../app/useWorkingRestaurant';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DeleteQuestion } from '../../components/ConfirmDialogQuestion';
import { Icon } from '../../components/Icon';
import { LoadError, Loading } from '../../components/LoadState';
import { useDeleting } from '../../components/useDeleting';
import { TableCard } from './TableCard';
import { TableBulkDialog, TableDialog } from './TableDialogs';
import { tableUrls } from './tableUrls';
import { useTableList } from './useTableList';

/**
 * "Stollar": a restaurant's tables, each with its QR code, its link and its printable card; add one, add
 * "1" to "N", rename, switch on/off, delete; print every active table's card. Managers at /tables (their working
 * restaurant, or `?restaurant=` from the restaurant view; a choice when they have several), admins at
 * /admin/tables/{id} from the restaurant view.
 */
function TablesScreen({ viewer, restaurantId }: { viewer: Role; restaurantId: string | null }) {
  const { list, dialog, bulk } = useTableList(viewer, restaurantId);
  const spinner = useSelector(list, selectShowsSpinner);
  const failed = useSelector(list, selectLoadFailed);
  const empty = useSelector(list, selectIsEmpty);
  const noRestaurant = useSelector(list, selectHasNoRestaurant);
  const tables = useSelector(list, selectTables);
  const printPass = useSelector(list, selectPrintPass);
  const restaurant = useSelector(list, selectRestaurant);
  const choices = useSelector(list, selectRestaurantChoices);
  const canAdd = useSelector(list, selectCanAdd);
  const orderingOn = useSelector(list, selectOrderingEnabled);
  const canToggle = useSelector(list, selectCanToggle);
  const togglingId = useSelector(list, selectTogglingId);
  const canDelete = useSelector(list, selectCanDelete);
  const deleteTarget = useSelector(list, selectDeleteTarget);
  const canRenew = useSelector(list, selectCanRenew);
  const renewTarget = useSelector(list, selectRenewTarget);
  const renewing = useSelector(list, selectIsRenewing);
  const deleting = useDeleting(useSelector(list, selectConfirmDelete));
  const pickerId = useId();
  const scope = { restaurantId: restaurant?._id ?? null };
  const hasActive = tables.some((t) => t.is_active);

  return (
    <section className="screen tables-screen">
      <header className="screen-header flex-wrap">
        <div className="d-flex align-items-center gap-2">
          {viewer === 'admin' && restaurant && (
            <Link
              to={paths.adminViewRestaurant(restaurant._id, restaurant.slug)}
              className="btn btn-sm btn-outline-secondary"
              aria-label={uz.back}
            >
              <Icon name="back" />
            </Link>
          )}
          <h1 className="h3 mb-0">{uzOrdering.tables}</h1>
        </div>
        <div className="d-flex flex-wrap gap-2">
          <Button onClick={() => dialog.send({ type: 'dialog.open', scope })} disabled={!canAdd}>
            <Icon name="plus" /> {uzOrdering.addTable}
          </Button>
          <Button
            variant="outline-primary"
            onClick={() => bulk.send({ type: 'dialog.open', scope })}
            disabled={!canAdd}
          >
            <Icon name="grid" /> {uzOrdering.addTablesBulk}
          </Button>
        </div>
      </header>

      {choices.length > 0 ? (
        <Form.Group controlId={pickerId} className="mb-3 tables-restaurant">
          <Form.Label className="small text-secondary mb-1">{uzOrdering.tablesRestaurant}</Form.Label>
          <Form.Select
            value={restaurant?._id ?? ''}
            onChange={(event) => list.send({ type: 'tables.choose', restaurantId: event.target.value })}
          >
            {choices.map((r) => (
              <option key={r._id} value={r._id}>
                {r.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      ) : (
        restaurant && (
          <p className="text-secondary small mb-2" data-testid="tables-restaurant">
            {uz.workingRestaurantLabel}: <strong>{restaurant.name}</strong>
          </p>
        )
      )}

      {restaurant && !restaurant.is_active && (
        <Alert variant="warning" className="small">
          {uz.restaurantInactiveMenu}
        </Alert>
      )}
      {restaurant?.is_active && !orderingOn && (
        <Alert variant="info" className="small" data-testid="ordering-off">
          {uzOrdering.orderingOffNote}
        </Alert>
      )}
      {restaurant && hasActive && (
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <a
            className="btn btn-outline-primary"
            href={tableUrls.cards(restaurant.slug, printPass)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {uzOrdering.printAllCards}
          </a>
          <span className="small text-secondary">{uzOrdering.printAllCardsHelp}</span>
        </div>
      )}

      {failed && (
        <LoadError message={uzOrdering.tablesLoadFailed} onRetry={() => list.send({ type: 'tables.retry' })} />
      )}
      {spinner && <Loading />}
      {noRestaurant && <Alert variant="warning">{uzCatalog.noRestaurantOfManager}</Alert>}
      {empty && <p className="text-secondary text-center py-4">{uzOrdering.tablesEmpty}</p>}
      {restaurant && tables.length > 0 && (
        <div className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3" data-testid="table-list">
          {tables.map((table) => (
            <div className="col" key={table._id}>
              <TableCard
                table={table}
                slug={restaurant.slug}
                printPass={printPass}
                canToggle={canToggle}
                toggling={togglingId === table._id}
                canDelete={canDelete}
                canRenew={canRenew}
                onToggle={() => list.send({ type: 'table.toggle', id: table._id })}
                onRenew={() => list.send({ type: 'token.renew', id: table._id })}
                onRename={() => dialog.send({ type: 'dialog.open', item: table, scope })}
                onDelete={() => list.send({ type: 'table.delete', id: table._id })}
              />
            </div>
          ))}
        </div>
      )}

      <ConfirmDialog
        show={deleteTarget !== null}
        title={uz.confirmDeleteTitle}
        busy={deleting}
        onConfirm={() => list.send({ type: 'confirm.yes' })}
        onCancel={() => list.send({ type: 'confirm.no' })}
      >
        <DeleteQuestion
          question={uzOrdering.tableDeleteConfirm}
          what={uzOrdering.tableDeleteWhat(deleteTarget?.name ?? '')}
        />
      </ConfirmDialog>
      <ConfirmDialog
        show={renewTarget !== null}
        title={uzOrdering.tokenRenew}
        variant="warning"
        busy={renewing}
        onConfirm={() => list.send({ type: 'renew.yes' })}
        onCancel={() => list.send({ type: 'renew.no' })}
      >
        <p className="fw-semibold mb-2">{uzOrdering.tokenRenewConfirm(renewTarget?.name ?? '')}</p>
        <p className="mb-0 text-danger-emphasis" data-testid="renew-warning">
          {uzOrdering.tokenRenewWarning}
        </p>
      </ConfirmDialog>
      <TableDialog actor={dialog} />
      <TableBulkDialog actor={bulk} />
    </section>
  );
}

/** /admin/tables/{id}. */
export function AdminTablesScreen() {
  const { id = '' } = useParams();
  return <TablesScreen key={id} viewer="admin" restaurantId={id} />;
}

/**
 * /tables: the working restaurant (the shell's header switches it). `?restaurant=` (a home card's or the restaurant
 * page's link) is made the working one by the shell first; until then it is the one shown, under the same key.
 */
export function ManagerTablesScreen() {
  const [params] = useSearchParams();
  const working = useWorkingRestaurant();
  const shown = params.get('restaurant') ?? (working === 'none' ? null : working);
  return <TablesScreen key={shown ?? 'none'} viewer="manager" restaurantId={shown} />;
}
