import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Badge, Button, ListGroup } from 'react-bootstrap';
import { uz } from '../../../lib/uz';
import { uzKitchen } from '../../../lib/uz-kitchen';
import type { DeviceListActor } from '../../../machines/kitchenSetup/deviceList.machine';
import {
  selectCanAdd,
  selectCanRevoke,
  selectConfirmDelete,
  selectDevices,
  selectIsEmpty,
  selectLoadFailed,
  selectRevokeTarget,
  selectShowsSpinner,
  selectStations,
} from '../../../machines/kitchenSetup/deviceList.selectors';
import { type DeviceTone, deviceRow } from '../../../machines/kitchenSetup/devices.rules';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DeleteQuestion } from '../../components/ConfirmDialogQuestion';
import type { DialogActor } from '../../components/dialog/useDialogActor';
import { Icon } from '../../components/Icon';
import { useDeleting } from '../../components/useDeleting';
import { DeviceDialog } from './DeviceDialog';
import { PairingCode } from './PairingCode';

const TONE: Record<DeviceTone, { bg: string; dark?: boolean }> = {
  waiting: { bg: 'warning', dark: true },
  paired: { bg: 'success' },
  expired: { bg: 'secondary' },
};

/**
 * "Oshxona planshetlari": the restaurant's kitchen tablets, each with the station it shows, whether it is paired and
 * when it was last seen; "Planshet qo'shish" gives a one-time code (shown large, with its countdown), "O'chirish" ends
 * a tablet's session after Ha / Yo‘q.
 */
export function KitchenDevices({ list, dialog }: { list: DeviceListActor; dialog: DialogActor }) {
  const titleId = useId();
  const spinner = useSelector(list, selectShowsSpinner);
  const failed = useSelector(list, selectLoadFailed);
  const empty = useSelector(list, selectIsEmpty);
  const devices = useSelector(list, selectDevices);
  const stations = useSelector(list, selectStations);
  const canAdd = useSelector(list, selectCanAdd);
  const canRevoke = useSelector(list, selectCanRevoke);
  const revokeTarget = useSelector(list, selectRevokeTarget);
  const revoking = useDeleting(useSelector(list, selectConfirmDelete));
  const now = new Date();

  return (
    <section aria-labelledby={titleId} data-testid="kitchen-devices">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-1">
        <h3 id={titleId} className="h6 mb-0">
          {uzKitchen.devicesTitle}
        </h3>
        <Button
          size="sm"
          variant="outline-primary"
          disabled={!canAdd}
          onClick={() => dialog.send({ type: 'dialog.open' })}
        >
          <Icon name="plus" /> {uzKitchen.addDevice}
        </Button>
      </div>
      <p className="small text-secondary mb-2">{uzKitchen.devicesAbout}</p>
      {spinner && <p className="small text-secondary mb-0">{uz.loadingUz}</p>}
      {failed && (
        <div className="text-danger small">
          <p className="mb-2">{uzKitchen.devicesLoadFailed}</p>
          <Button variant="outline-primary" size="sm" onClick={() => list.send({ type: 'devices.retry' })}>
            {uz.retry}
          </Button>
        </div>
      )}
      {empty && <p className="small text-secondary mb-0">{uzKitchen.devicesEmpty}</p>}
      {devices.length > 0 && (
        <ListGroup as="ul" aria-labelledby={titleId}>
          {devices.map((device) => {
            const row = deviceRow(device, stations, now);
            const tone = TONE[row.tone];
            return (
              <ListGroup.Item
                as="li"
                key={device._id}
                className="d-flex align-items-start justify-content-between gap-2"
                data-testid={`device-${device.name}`}
              >
                <div style={{ minWidth: 0 }}>
                  <div className="fw-semibold text-break">
                    {device.name}{' '}
                    <Badge bg={tone.bg} text={tone.dark ? 'dark' : undefined} className="fw-normal">
                      {row.state}
                    </Badge>
                  </div>
                  <div className="small">{row.station}</div>
                  <div className="small text-secondary">{row.lastSeen}</div>
                </div>
                <Button
                  size="sm"
                  variant="outline-danger"
                  className="flex-shrink-0"
                  aria-label={uzKitchen.deviceRevokeFor(device.name)}
                  disabled={!canRevoke}
                  onClick={() => list.send({ type: 'device.revoke', id: device._id })}
                >
                  {uz.actionDelete}
                </Button>
              </ListGroup.Item>
            );
          })}
        </ListGroup>
      )}
      <ConfirmDialog
        show={revokeTarget !== null}
        title={uz.confirmDeleteTitle}
        busy={revoking}
        onConfirm={() => list.send({ type: 'confirm.yes' })}
        onCancel={() => list.send({ type: 'confirm.no' })}
      >
        <DeleteQuestion
          question={uzKitchen.deviceRevokeConfirm}
          what={uzKitchen.deviceRevokeWhat(revokeTarget?.name ?? '')}
        />
      </ConfirmDialog>
      <DeviceDialog actor={dialog} stations={stations} />
      <PairingCode list={list} />
    </section>
  );
}
