import { useSelector } from '@xstate/react';
import { Alert, Button, Modal } from 'react-bootstrap';
import { uz } from '../../../lib/uz';
import { uzKitchen } from '../../../lib/uz-kitchen';
import type { DeviceListActor } from '../../../machines/kitchenSetup/deviceList.machine';
import { selectCodeLeft, selectCodeState, selectPairing } from '../../../machines/kitchenSetup/deviceList.selectors';

/**
 * A new tablet's one-time code, shown once and large enough to read across a kitchen, with how long it still works and
 * where to type it; it says so when the tablet has paired, or when the code ran out unused.
 */
export function PairingCode({ list }: { list: DeviceListActor }) {
  const pairing = useSelector(list, selectPairing);
  const state = useSelector(list, selectCodeState);
  const left = useSelector(list, selectCodeLeft);
  const close = () => list.send({ type: 'code.close' });
  return (
    <Modal show={pairing !== null} onHide={close} centered aria-labelledby="pairing-title">
      <Modal.Header closeButton>
        <Modal.Title id="pairing-title" as="h2" className="h5">
          {uzKitchen.pairingTitle(pairing?.name ?? '')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="text-center">
        <p className="mb-1">{uzKitchen.pairingInstruction}</p>
        {/* The address to type on the tablet, in full. */}
        <p className="mb-2 text-break">
          <code>{`${window.location.origin}/kitchen`}</code>
        </p>
        <p
          className={`display-4 fw-bold font-monospace mb-2 ${state === 'expired' ? 'text-secondary text-decoration-line-through' : ''}`}
          style={{ letterSpacing: '0.15em' }}
          data-testid="pairing-code"
        >
          <span className="visually-hidden">{uzKitchen.pairingCodeLabel}: </span>
          {pairing?.code}
        </p>
        {/* Read out when it changes to paired or expired, not every second. */}
        {state === 'showing' && (
          <p className="small text-secondary mb-0" data-testid="pairing-left">
            {left && uzKitchen.pairingLeft(left)}
            <br />
            {uzKitchen.pairingOnce}
          </p>
        )}
        <div role="status">
          {state === 'paired' && (
            <Alert variant="success" className="mb-0 mt-2">
              {uzKitchen.devicePaired}
            </Alert>
          )}
          {state === 'expired' && (
            <Alert variant="warning" className="mb-0 mt-2 small">
              {uzKitchen.pairingExpired}
            </Alert>
          )}
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={close}>
          {uz.close}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
