import { Button, Toast, ToastContainer } from 'react-bootstrap';
import { uz } from '../../../lib/uz';
import { uzCatalog } from '../../../lib/uz-catalog';

interface MoveFailedToastProps {
  show: boolean;
  onRetry: () => void;
  onDismiss: () => void;
}

/**
 * A failed move: nothing changed and the selection is kept. The spec only logs this; we tell the manager, with a
 * retry. Unlike the message-only toasts (2 s), it stays while the machine is in `failed`: a retry that vanished after
 * two seconds would be useless during service. (react-bootstrap's Toast itself is the role="alert" element.)
 */
export function MoveFailedToast({ show, onRetry, onDismiss }: MoveFailedToastProps) {
  return (
    <ToastContainer position="top-center" className="p-3 toast-stack" containerPosition="fixed">
      <Toast show={show} onClose={onDismiss} bg="danger">
        <Toast.Body className="text-white d-flex align-items-center gap-2 stop-failed">
          <span className="flex-grow-1">{uzCatalog.stopListMoveFailed}</span>
          <Button size="sm" variant="light" onClick={onRetry}>
            {uz.retry}
          </Button>
          <button type="button" className="btn-close btn-close-white" aria-label={uz.close} onClick={onDismiss} />
        </Toast.Body>
      </Toast>
    </ToastContainer>
  );
}
