import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { Badge, Button, Spinner, Table } from 'react-bootstrap';
import { uz } from '../../../lib/uz';
import { managerDialogMachine } from '../../../machines/managers/managerDialog.machine';
import { managerFormConfig } from '../../../machines/managers/managerForm.rules';
import { managersMachine } from '../../../machines/managers/managers.machine';
import {
  managerListSelectors,
  selectBusyId,
  selectDeactivateTarget,
  selectIsReloading,
  selectPageRows,
} from '../../../machines/managers/managers.selectors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DeleteQuestion } from '../../components/ConfirmDialogQuestion';
import { useDialogActor } from '../../components/dialog/useDialogActor';
import { Icon } from '../../components/Icon';
import { PagedListScreen } from '../../components/PagedListScreen';
import { useNotify } from '../../components/Toasts';
import { ManagerDialog } from './ManagerDialog';
import { ManagerFilters } from './ManagerFilters';

/**
 * The admin's managers: list, create, edit, deactivate/activate and delete (refused while they have restaurants).
 * Deactivating asks first and says what it does; it sits in the status cell, deleting alone at the row's end. The server
 * pages the list; a search box (the login) and a status filter narrow it.
 */
export function ManagersScreen() {
  const notify = useNotify();
  const [logic] = useState(() => managersMachine.provide({ actions: { notify: (_, notice) => notify(notice) } }));
  const list = useActorRef(logic);
  const dialog = useDialogActor(managerDialogMachine, managerFormConfig, () => list.send({ type: 'managers.reload' }));
  const rows = useSelector(list, selectPageRows);
  const deactivateTarget = useSelector(list, selectDeactivateTarget);
  const busyId = useSelector(list, selectBusyId);
  const idle = useSelector(list, (s) => s.matches('ready'));
  const reloading = useSelector(list, selectIsReloading);

  return (
    <PagedListScreen
      list={list}
      select={managerListSelectors}
      title={uz.managers}
      actions={
        <Button onClick={() => dialog.send({ type: 'dialog.open' })}>
          <Icon name="plus" /> {uz.addManager}
        </Button>
      }
      toolbar={<ManagerFilters list={list} busy={reloading} />}
      loadFailedText={uz.restaurantLoadFailed}
      retry={{ type: 'managers.retry' }}
      emptyText={uz.emptyManagers}
      deleteQuestion={(m) => (
        <DeleteQuestion question={uz.confirmDeleteManager(m.login)} what={uz.managerDeleteWhat(m.restaurants_count)} />
      )}
      dialogs={
        <>
          <ConfirmDialog
            show={deactivateTarget !== null}
            title={uz.deactivateTitle}
            confirmLabel={uz.deactivate}
            cancelLabel={uz.keepActive}
            variant="warning"
            onConfirm={() => list.send({ type: 'confirm.yes' })}
            onCancel={() => list.send({ type: 'confirm.no' })}
          >
            {deactivateTarget ? (
              <DeleteQuestion question={uz.deactivateQuestion(deactivateTarget.login)} what={uz.deactivateWhat} />
            ) : null}
          </ConfirmDialog>
          <ManagerDialog actor={dialog} />
        </>
      }
    >
      <Table hover className="stack-table align-middle" aria-label={uz.managers}>
        <thead>
          <tr>
            <th scope="col">{uz.colIndex}</th>
            <th scope="col">{uz.login}</th>
            <th scope="col">{uz.colStatus}</th>
            <th scope="col">{uz.restaurantsCount}</th>
            <th scope="col">{uz.colActions}</th>
            <th scope="col">
              <span className="visually-hidden">{uz.actionDelete}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ manager: m, index }) => (
            <tr key={m._id} data-testid={`manager-row-${m.login}`}>
              <td data-label={uz.colIndex} className="cell-index">
                {index}
              </td>
              <td data-label={uz.login} className="fw-semibold">
                {m.login}
              </td>
              {/* Deactivating sits with the status it changes, away from deleting. */}
              <td data-label={uz.colStatus}>
                <div className="d-flex flex-wrap align-items-center gap-2 manager-status">
                  <Badge bg={m.is_active ? 'success' : 'danger'}>{m.is_active ? uz.active : uz.inactive}</Badge>
                  <Button
                    size="sm"
                    variant={m.is_active ? 'outline-secondary' : 'outline-success'}
                    disabled={!idle}
                    onClick={() => list.send({ type: 'manager.toggleActive', id: m._id })}
                  >
                    {busyId === m._id && <Spinner size="sm" className="me-1" aria-hidden />}
                    {m.is_active ? uz.deactivate : uz.activate}
                    <span className="visually-hidden">: {m.login}</span>
                  </Button>
                </div>
              </td>
              <td data-label={uz.restaurantsCount}>{m.restaurants_count}</td>
              <td data-label={uz.colActions}>
                <div className="row-actions">
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    aria-label={`${uz.actionEdit}: ${m.login}`}
                    onClick={() => dialog.send({ type: 'dialog.open', item: m })}
                  >
                    <Icon name="pencil" /> <span aria-hidden>{uz.actionEdit}</span>
                  </Button>
                </div>
              </td>
              {/* Deleting is last, in a cell of its own set off by a rule, and says what it does: far from
                  deactivating ("O'chirib qo'yish"), whose name is one word away from "O'chirish". */}
              <td className="cell-danger">
                <Button
                  size="sm"
                  variant="outline-danger"
                  disabled={!idle}
                  aria-label={`${uz.actionDelete}: ${m.login}`}
                  onClick={() => list.send({ type: 'manager.delete', id: m._id })}
                >
                  <Icon name="trash" /> <span aria-hidden>{uz.actionDelete}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </PagedListScreen>
  );
}
