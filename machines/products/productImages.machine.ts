import { assign, setup } from 'xstate';
import { uz } from '../../lib/uz';
import { serverMessage } from '../shared/errors';
import { uploadImagesActor } from './productImages.actors';

/**
 * The images of a product form (spec 5: uploaded on creation, spec 2.9: with a progress bar; the edit
 * form too, starting from the product's images). Picked files go to POST /manager/upload at once (files only: the
 * server stores them and answers their URLs); the list, removed from and reordered here, is then sent with the
 * product. While bytes go out the form waits; cancelling aborts the upload.
 */

export interface ProductImagesContext {
  urls: string[];
  loaded: number;
  total: number;
  error: string | null;
  /** The names of the files last picked, shown beside the picker; none before a pick or after a cancel. */
  picked: string[];
}

export interface ProductImagesInput {
  /** The images the product has (edit form); none for a new product. */
  urls?: string[];
}

/** Where an image moves by one step: earlier (-1, towards the first, the menu's main picture) or later (+1). */
export type ImageStep = -1 | 1;

/** The list with `url` moved one step, or the same list when it cannot move (first, last or unknown). */
export function movedImage(urls: string[], url: string, by: ImageStep): string[] {
  const from = urls.indexOf(url);
  const to = from + by;
  if (from < 0 || to < 0 || to >= urls.length) return urls;
  const next = [...urls];
  next.splice(from, 1);
  next.splice(to, 0, url);
  return next;
}

export type ProductImagesEvent =
  | { type: 'images.pick'; files: File[] }
  | { type: 'images.progress'; loaded: number; total: number }
  | { type: 'images.cancel' }
  | { type: 'images.remove'; url: string }
  | { type: 'images.move'; url: string; by: ImageStep };

export const productImagesMachine = setup({
  types: { context: {} as ProductImagesContext, events: {} as ProductImagesEvent, input: {} as ProductImagesInput },
  actors: {
    upload: uploadImagesActor,
  },
  actions: {
    /** Provided by the form: the URLs it will send, and whether an upload still runs. */
    changed: (_, _params: { urls: string[]; uploading: boolean }) => {},
    rememberPicked: assign({
      picked: ({ event }) => (event as Extract<ProductImagesEvent, { type: 'images.pick' }>).files.map((f) => f.name),
    }),
  },
  guards: {
    hasFiles: (_, { files }: { files: File[] }) => files.length > 0,
    canMoveImage: ({ context }, { url, by }: { url: string; by: ImageStep }) =>
      movedImage(context.urls, url, by) !== context.urls,
  },
}).createMachine({
  id: 'productImages',
  context: ({ input }) => ({ urls: input?.urls ?? [], loaded: 0, total: 0, error: null, picked: [] }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'images.pick': {
          guard: { type: 'hasFiles', params: ({ event }) => ({ files: event.files }) },
          target: 'uploading',
          actions: 'rememberPicked',
        },
        'images.remove': {
          actions: [
            assign({ urls: ({ context, event }) => context.urls.filter((url) => url !== event.url) }),
            { type: 'changed', params: ({ context }) => ({ urls: context.urls, uploading: false }) },
          ],
        },
        'images.move': {
          guard: { type: 'canMoveImage', params: ({ event }) => ({ url: event.url, by: event.by }) },
          actions: [
            assign({ urls: ({ context, event }) => movedImage(context.urls, event.url, event.by) }),
            { type: 'changed', params: ({ context }) => ({ urls: context.urls, uploading: false }) },
          ],
        },
      },
    },
    uploading: {
      entry: [
        assign({ loaded: 0, total: 0, error: null }),
        { type: 'changed', params: ({ context }) => ({ urls: context.urls, uploading: true }) },
      ],
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ event, self }) => ({
          files: (event as Extract<ProductImagesEvent, { type: 'images.pick' }>).files,
          reportTo: self,
        }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ urls: ({ context, event }) => [...context.urls, ...event.output] }),
            { type: 'changed', params: ({ context }) => ({ urls: context.urls, uploading: false }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => serverMessage(event.error) ?? uz.uploadFailed }),
            { type: 'changed', params: ({ context }) => ({ urls: context.urls, uploading: false }) },
          ],
        },
      },
      on: {
        'images.progress': {
          actions: assign({ loaded: ({ event }) => event.loaded, total: ({ event }) => event.total }),
        },
        'images.cancel': {
          target: 'idle',
          actions: [
            assign({ picked: [] }),
            { type: 'changed', params: ({ context }) => ({ urls: context.urls, uploading: false }) },
          ],
        },
      },
    },
    failed: {
      on: {
        'images.pick': {
          guard: { type: 'hasFiles', params: ({ event }) => ({ files: event.files }) },
          target: 'uploading',
          actions: 'rememberPicked',
        },
        'images.remove': {
          target: 'idle',
          actions: [
            assign({ urls: ({ context, event }) => context.urls.filter((url) => url !== event.url) }),
            { type: 'changed', params: ({ context }) => ({ urls: context.urls, uploading: false }) },
          ],
        },
        'images.move': {
          guard: { type: 'canMoveImage', params: ({ event }) => ({ url: event.url, by: event.by }) },
          target: 'idle',
          actions: [
            assign({ urls: ({ context, event }) => movedImage(context.urls, event.url, event.by) }),
            { type: 'changed', params: ({ context }) => ({ urls: context.urls, uploading: false }) },
          ],
        },
      },
    },
  },
});
