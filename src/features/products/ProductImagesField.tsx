import { useActorRef, useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { Alert, Button, Form, ProgressBar } from 'react-bootstrap';
import { assetUrl } from '../../../client/client';
import { uz } from '../../../lib/uz';
import { imagesValue } from '../../../machines/products/productForm.rules';
import { productImagesMachine } from '../../../machines/products/productImages.machine';
import {
  selectError,
  selectIsUploading,
  selectPercent,
  selectUrls,
} from '../../../machines/products/productImages.selectors';
import type { DialogActor } from '../../components/dialog/useDialogActor';

/**
 * The images of a new product: picked files upload at once with a progress bar; the form sends their URLs
 * (`images: [{ file }]`) when it creates the product. Unmounting (closing the dialog) aborts a running upload.
 */
export function ProductImagesField({ dialog }: { dialog: DialogActor }) {
  const [logic] = useState(() =>
    productImagesMachine.provide({
      actions: {
        changed: (_, { urls, uploading }) =>
          dialog.send({ type: 'dialog.change', values: { images: imagesValue(urls), imagesUploading: uploading } }),
      },
    }),
  );
  const images = useActorRef(logic);
  const uploading = useSelector(images, selectIsUploading);
  const percent = useSelector(images, selectPercent);
  const urls = useSelector(images, selectUrls);
  const error = useSelector(images, selectError);
  const id = useId();

  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{uz.images}</Form.Label>
      <Form.Control
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp"
        disabled={uploading}
        onChange={(event) => {
          const input = event.target as HTMLInputElement;
          const files = Array.from(input.files ?? []);
          if (files.length > 0) images.send({ type: 'images.pick', files });
          input.value = '';
        }}
      />
      {uploading && (
        <div className="d-flex align-items-center gap-2 mt-2">
          <ProgressBar
            className="flex-grow-1"
            now={percent}
            label={`${percent}%`}
            animated
            aria-label={`${uz.images}: ${uz.uploading}`}
          />
          <Button size="sm" variant="outline-secondary" onClick={() => images.send({ type: 'images.cancel' })}>
            {uz.cancelUpload}
          </Button>
        </div>
      )}
      {urls.length > 0 && (
        <ul className="product-image-picks list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0" aria-label={uz.images}>
          {urls.map((url, i) => (
            <li key={url} className="position-relative">
              <img src={assetUrl(url) ?? ''} alt={`${uz.image} ${i + 1}`} className="product-thumb" />
              <Button
                size="sm"
                variant="danger"
                className="product-thumb-remove"
                aria-label={`${uz.actionDelete}: ${uz.image} ${i + 1}`}
                onClick={() => images.send({ type: 'images.remove', url })}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <Alert variant="danger" className="mt-2 mb-0 py-2" role="alert">
          {error}
        </Alert>
      )}
    </Form.Group>
  );
}
