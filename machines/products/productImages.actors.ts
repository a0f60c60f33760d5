import { type AnyActorRef, fromPromise } from 'xstate';
import { uploadProductImages } from '../../client/products';

export interface ImagesUploadInput {
  files: File[];
  /** The images machine: told each progress step (`images.progress`). */
  reportTo: AnyActorRef;
}

/** POST /manager/upload (files only) → the stored images' URLs; progress goes to the machine as it runs. */
export const uploadImagesActor = fromPromise<string[], ImagesUploadInput>(({ input, signal }) =>
  uploadProductImages({
    files: input.files,
    signal,
    onProgress: ({ loaded, total }) => input.reportTo.send({ type: 'images.progress', loaded, total }),
  }),
);
