import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { uz } from '../../../lib/uz';
import {
  selectErrors,
  selectFailure,
  selectIsLoading,
  selectIsOpen,
  selectIsSaving,
  selectLoadFailed,
  selectMode,
} from '../../../machines/dialog/dialog.selectors';
import { LoadError, Loading } from '../LoadState';
import type { DialogActor } from './useDialogActor';

interface FormDialogProps {
  actor: DialogActor;
  createTitle: string;
  editTitle: string;
  /** The form's fields (bound to the same actor). */
  children: ReactNode;
  /** Below the fields, e.g. the picture uploads of an edit. */
  extra?: ReactNode;
  submitLabel?: string;
  cancelLabel?: string;
  /** The options of the selects could not be loaded. */
  loadFailedText?: string;
}

/** The modal every create/edit dialog uses: it only renders the dialog machine's state and sends its events. */
export function FormDialog({
  actor,
  createTitle,
  editTitle,
  children,
  extra,
  submitLabel = uz.save,
  cancelLabel = uz.close,
  loadFailedText = uz.optionsLoadFailed,
}: FormDialogProps) {
  const open = useSelector(actor, selectIsOpen);
  const mode = useSelector(actor, selectMode);
  const loading = useSelector(actor, selectIsLoading);
  const loadFailed = useSelector(actor, selectLoadFailed);
  const saving = useSelector(actor, selectIsSaving);
  const failure = useSelector(actor, selectFailure);
  const formError = useSelector(actor, (s) => selectErrors(s).form);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'dialog.submit' }));
  const canClose = useSelector(actor, (s) => s.can({ type: 'dialog.close' }));
  const title = mode === 'edit' ? editTitle : createTitle;
  const close = () => actor.send({ type: 'dialog.close' });

  return (
    <Modal
      show={open}
      onHide={canClose ? close : undefined}
      centered
      fullscreen="sm-down"
      scrollable
      aria-labelledby="dialog-title"
    >
      {/* The form wraps header, body and footer: .modal-form makes it the sheet's column, so a long body scrolls
          inside the sheet with the buttons kept on it (app.css), on a phone's full-screen sheet and on a desktop. */}
      <Form
        className="modal-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'dialog.submit' });
        }}
      >
        <Modal.Header closeButton={canClose}>
          <Modal.Title id="dialog-title" as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {loading && <Loading />}
          {loadFailed && <LoadError message={loadFailedText} onRetry={() => actor.send({ type: 'dialog.retry' })} />}
          {!loading && !loadFailed && (
            <fieldset disabled={saving}>
              {formError && (
                <Alert variant="warning" role="alert">
                  {formError}
                </Alert>
              )}
              {failure && (
                <Alert variant="danger" role="alert">
                  {failure}
                </Alert>
              )}
              {children}
            </fieldset>
          )}
          {!loading && !loadFailed && extra}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close} disabled={!canClose}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant="primary" disabled={!canSubmit}>
            {saving && <Spinner size="sm" className="me-2" aria-hidden />}
            {saving ? uz.saving : submitLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
