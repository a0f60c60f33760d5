import { useActorRef, useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { Alert, Button, Form, ProgressBar } from 'react-bootstrap';
import { assetUrl } from '../../../client/client';
import { uz } from '../../../lib/uz';
import { uzCatalog } from '../../../lib/uz-catalog';
import { selectValues } from '../../../machines/dialog/dialog.selectors';
import { imagesValue, imageUrls } from '../../../machines/products/productForm.rules';
import { productImagesMachine } from '../../../machines/products/productImages.machine';
import {
  selectError,
  selectIsUploading,
  selectPercent,
  selectPicked,
  selectUrls,
} from '../../../machines/products/productImages.selectors';
import type { DialogActor } from '../../components/dialog/useDialogActor';
import { FilePicker } from '../../components/FilePicker';
import { Icon } from '../../components/Icon';

/**
 * The images of the product form, new or edited: it starts from the images the form holds (the
 * product's own when editing); picked files upload at once with a progress bar; each picture can be removed or moved
 * one place earlier or later (buttons, so a phone and a keyboard can do it). The form sends the list
 * (`images: [{ file }]`) when it saves. Unmounting (closing the dialog) aborts a running upload.
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
  // The list the form starts from: read once, when the field mounts with the opened dialog.
  const [start] = useState(() => imageUrls(selectValues(dialog.getSnapshot())));
  const images = useActorRef(logic, { input: { urls: start } });
  const uploading = useSelector(images, selectIsUploading);
  const percent = useSelector(images, selectPercent);
  const urls = useSelector(images, selectUrls);
  const error = useSelector(images, selectError);
  const picked = useSelector(images, selectPicked);
  const id = useId();

  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{uzCatalog.images}</Form.Label>
      <FilePicker
        id={id}
        label={uzCatalog.images}
        accept="image/jpeg,image/png,image/webp"
        multiple
        disabled={uploading}
        chosen={picked}
        onPick={(files) => images.send({ type: 'images.pick', files })}
      />
      {uploading && (
        <div className="d-flex align-items-center gap-2 mt-2">
          <ProgressBar
            className="flex-grow-1"
            now={percent}
            label={`${percent}%`}
            animated
            aria-label={`${uzCatalog.images}: ${uz.uploading}`}
          />
          <Button size="sm" variant="outline-secondary" onClick={() => images.send({ type: 'images.cancel' })}>
            {uz.cancelUpload}
          </Button>
        </div>
      )}
      {urls.length > 0 && (
        <ul
          className="product-image-picks list-unstyled d-flex flex-wrap gap-3 mt-2 mb-2"
          aria-label={uzCatalog.images}
        >
          {urls.map((url, i) => (
            <li key={url} className="product-image-pick">
              <img src={assetUrl(url) ?? ''} alt={`${uz.image} ${i + 1}`} className="product-thumb" />
              <div className="product-thumb-actions">
                {urls.length > 1 && (
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    disabled={uploading || i === 0}
                    aria-label={uzCatalog.imageMoveEarlier(i + 1)}
                    title={uzCatalog.imageMoveEarlier(i + 1)}
                    onClick={() => images.send({ type: 'images.move', url, by: -1 })}
                  >
                    <Icon name="back" />
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="outline-danger"
                  aria-label={`${uz.actionDelete}: ${uz.image} ${i + 1}`}
                  title={uz.actionDelete}
                  onClick={() => images.send({ type: 'images.remove', url })}
                >
                  <Icon name="trash" />
                </Button>
                {urls.length > 1 && (
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    disabled={uploading || i === urls.length - 1}
                    aria-label={uzCatalog.imageMoveLater(i + 1)}
                    title={uzCatalog.imageMoveLater(i + 1)}
                    onClick={() => images.send({ type: 'images.move', url, by: 1 })}
                  >
                    <span className="icon-mirrored">
                      <Icon name="back" />
                    </span>
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Form.Text className="d-block text-secondary">{uzCatalog.imagesHelp}</Form.Text>
      {error && (
        <Alert variant="danger" className="mt-2 mb-0 py-2" role="alert">
          {error}
        </Alert>
      )}
    </Form.Group>
  );
}
