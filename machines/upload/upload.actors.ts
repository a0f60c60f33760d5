import { type AnyActorRef, fromPromise } from 'xstate';
import type { UploadKind } from '../../client/types';
import { uploadRestaurantImage } from '../../client/upload';

export interface UploadInput {
  restaurantId: string;
  kind: UploadKind;
  file: File;
  /** The machine that invoked the upload: it receives `upload.progress` events while bytes go out. */
  reportTo: AnyActorRef;
}

export const uploadActors = {
  upload: fromPromise(({ input, signal }: { input: UploadInput; signal: AbortSignal }) =>
    uploadRestaurantImage({
      restaurantId: input.restaurantId,
      kind: input.kind,
      file: input.file,
      signal,
      onProgress: ({ loaded, total }) => input.reportTo.send({ type: 'upload.progress', loaded, total }),
    }),
  ),
};
