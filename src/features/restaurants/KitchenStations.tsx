import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Badge, Button, ListGroup } from 'react-bootstrap';
import { uz } from '../../../lib/uz';
import { uzKitchen } from '../../../lib/uz-kitchen';
import type { StationListActor } from '../../../machines/kitchenSetup/stationList.machine';
import {
  selectCanAdd,
  selectCanDelete,
  selectConfirmDelete,
  selectDeleteTarget,
  selectIsEmpty,
  selectLoadFailed,
  selectShowsSpinner,
  selectStations,
  stationFacts,
} from '../../../machines/kitchenSetup/stationList.selectors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DeleteQuestion } from '../../components/ConfirmDialogQuestion';
import type { DialogActor } from '../../components/dialog/useDialogActor';
import { Icon } from '../../components/Icon';
import { useDeleting } from '../../components/useDeleting';
import { StationDialog } from './StationDialog';

/**
 * "Bo'limlar": the restaurant's kitchen stations in their order (the first is where categories without a station go),
 * each with its printer, when orders reach it and the display's minutes; add and edit in the station dialog, delete
 * after Ha / Yo‘q.
 */
export function KitchenStations({ list, dialog }: { list: StationListActor; dialog: DialogActor }) {
  const titleId = useId();
  const spinner = useSelector(list, selectShowsSpinner);
  const failed = useSelector(list, selectLoadFailed);
  const empty = useSelector(list, selectIsEmpty);
  const stations = useSelector(list, selectStations);
  const canAdd = useSelector(list, selectCanAdd);
  const canDelete = useSelector(list, selectCanDelete);
  const deleteTarget = useSelector(list, selectDeleteTarget);
  const deleting = useDeleting(useSelector(list, selectConfirmDelete));

  return (
    <section aria-labelledby={titleId} className="mb-4" data-testid="kitchen-stations">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h3 id={titleId} className="h6 mb-0">
          {uzKitchen.stationsTitle}
        </h3>
        <Button
          size="sm"
          variant="outline-primary"
          disabled={!canAdd}
          onClick={() => dialog.send({ type: 'dialog.open' })}
        >
          <Icon name="plus" /> {uzKitchen.addStation}
        </Button>
      </div>
      {spinner && <p className="small text-secondary mb-0">{uz.loadingUz}</p>}
      {failed && (
        <div className="text-danger small">
          <p className="mb-2">{uzKitchen.stationsLoadFailed}</p>
          <Button variant="outline-primary" size="sm" onClick={() => list.send({ type: 'stations.retry' })}>
            {uz.retry}
          </Button>
        </div>
      )}
      {empty && <p className="small text-secondary mb-0">{uzKitchen.stationsEmpty}</p>}
      {stations.length > 0 && (
        <ListGroup as="ol" aria-labelledby={titleId}>
          {stations.map((station, index) => {
            const facts = stationFacts(station);
            return (
              <ListGroup.Item as="li" key={station._id} data-testid={`station-${station.name}`}>
                <div className="d-flex align-items-start justify-content-between gap-2">
                  <div className="fw-semibold text-break pt-1">
                    <span className="text-secondary me-1">{index + 1}.</span>
                    {station.name}
                    {index === 0 && (
                      <Badge
                        bg="light"
                        text="dark"
                        className="border ms-2 fw-normal"
                        title={uzKitchen.stationDefaultHelp}
                      >
                        {uzKitchen.stationDefault}
                      </Badge>
                    )}
                  </div>
                  <div className="d-flex gap-1 flex-shrink-0">
                    <Button
                      size="sm"
                      variant="outline-primary"
                      aria-label={uzKitchen.stationEditFor(station.name)}
                      title={uz.actionEdit}
                      onClick={() => dialog.send({ type: 'dialog.open', item: station })}
                    >
                      <Icon name="pencil" />
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={uzKitchen.stationDeleteFor(station.name)}
                      title={uz.actionDelete}
                      disabled={!canDelete}
                      onClick={() => list.send({ type: 'station.delete', id: station._id })}
                    >
                      <Icon name="trash" />
                    </Button>
                  </div>
                </div>
                {/* Each fact whole on its line: a narrow phone wraps between them, never inside one. */}
                <div className={`small text-break ${station.printer ? '' : 'text-secondary'}`}>{facts.printer}</div>
                <div className="small text-secondary" data-testid="station-when">
                  <span className="text-nowrap">{facts.printOn}</span> ·{' '}
                  <span className="text-nowrap">{facts.thresholds}</span>
                </div>
              </ListGroup.Item>
            );
          })}
        </ListGroup>
      )}
      <ConfirmDialog
        show={deleteTarget !== null}
        title={uz.confirmDeleteTitle}
        busy={deleting}
        onConfirm={() => list.send({ type: 'confirm.yes' })}
        onCancel={() => list.send({ type: 'confirm.no' })}
      >
        <DeleteQuestion
          question={uzKitchen.stationDeleteConfirm}
          what={uzKitchen.stationDeleteWhat(deleteTarget?.name ?? '')}
        />
      </ConfirmDialog>
      <StationDialog actor={dialog} />
    </section>
  );
}
