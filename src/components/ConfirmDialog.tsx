import type { ReactNode } from 'react';
import { Button, Modal, Spinner } from 'react-bootstrap';
import { uz } from '../../lib/uz';

interface ConfirmDialogProps {
  show: boolean;
  title: string;
  children: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** Spec section 8: every delete asks Ha / Yo‘q; logout has its own labels (spec 2.7). */
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirmed action is running: both buttons wait. */
  busy?: boolean;
  /** danger: deletes; warning: undoable but felt at once (deactivating a manager); primary: the rest. */
  variant?: 'danger' | 'warning' | 'primary';
}

export function ConfirmDialog({
  show,
  title,
  children,
  onConfirm,
  onCancel,
  confirmLabel = uz.yes,
  cancelLabel = uz.no,
  busy = false,
  variant = 'danger',
}: ConfirmDialogProps) {
  return (
    <Modal show={show} onHide={busy ? undefined : onCancel} centered scrollable aria-labelledby="confirm-title">
      <Modal.Header closeButton={!busy}>
        <Modal.Title id="confirm-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant={variant} onClick={onConfirm} disabled={busy}>
          {busy && <Spinner size="sm" className="me-2" aria-hidden />}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
