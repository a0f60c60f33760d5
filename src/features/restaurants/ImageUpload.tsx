import { useActorRef, useSelector } from '@xstate/react';
import { useId, useRef, useState } from 'react';
import { Alert, Button, Form, ProgressBar } from 'react-bootstrap';
import { assetUrl } from '../../../client/client';
import type { UploadKind } from '../../../client/types';
import { uz } from '../../../lib/uz';
import { uploadMachine } from '../../../machines/upload/upload.machine';
import {
  selectError,
  selectFileName,
  selectIsDone,
  selectIsUploading,
  selectPercent,
  selectUrl,
} from '../../../machines/upload/upload.selectors';
import { FilePicker } from '../../components/FilePicker';

interface ImageUploadProps {
  restaurantId: string;
  kind: UploadKind;
  label: string;
  /** The picture the restaurant has now. */
  current: string | null;
  onUploaded?: (url: string) => void;
}

/** One picture slot with its progress bar; unmounting it (closing the dialog) aborts a running upload. */
export function ImageUpload({ restaurantId, kind, label, current, onUploaded }: ImageUploadProps) {
  const uploaded = useRef(onUploaded);
  uploaded.current = onUploaded;
  const [logic] = useState(() =>
    uploadMachine.provide({ actions: { uploaded: (_, { url }) => uploaded.current?.(url) } }),
  );
  const actor = useActorRef(logic, { input: { restaurantId, kind } });
  const uploading = useSelector(actor, selectIsUploading);
  const percent = useSelector(actor, selectPercent);
  const done = useSelector(actor, selectIsDone);
  const error = useSelector(actor, selectError);
  const url = useSelector(actor, selectUrl) ?? current;
  const fileName = useSelector(actor, selectFileName);
  const id = useId();
  const preview = assetUrl(url);

  return (
    <Form.Group className="image-upload mb-3" controlId={id} data-kind={kind}>
      <Form.Label>{label}</Form.Label>
      <div className="d-flex align-items-center gap-3">
        {preview ? (
          <img src={preview} alt={label} className={`upload-preview upload-preview-${kind}`} />
        ) : (
          <div className={`upload-preview upload-preview-${kind} upload-placeholder`} aria-hidden />
        )}
        <FilePicker
          id={id}
          label={label}
          accept="image/jpeg,image/png,image/webp"
          disabled={uploading}
          chosen={fileName ? [fileName] : []}
          onPick={([file]) => {
            if (file) actor.send({ type: 'upload.start', file });
          }}
        />
      </div>
      {uploading && (
        <Button
          size="sm"
          variant="link"
          className="px-0"
          aria-label={`${uz.cancelUpload}: ${label}`}
          onClick={() => actor.send({ type: 'upload.cancel' })}
        >
          {uz.cancelUpload}
        </Button>
      )}
      {(uploading || done) && (
        <ProgressBar
          className="mt-2"
          now={percent}
          label={done ? uz.uploadDone : `${percent}%`}
          variant={done ? 'success' : undefined}
          animated={uploading}
          aria-label={`${label}: ${uploading ? uz.uploading : uz.uploadDone}`}
        />
      )}
      {error && (
        <Alert variant="danger" className="mt-2 mb-0 py-2" role="alert">
          {error}
        </Alert>
      )}
    </Form.Group>
  );
}
