import { assign, setup } from 'xstate';
import type { UploadKind } from '../../client/types';
import { uz } from '../../lib/uz';
import { serverMessage } from '../shared/errors';
import { uploadActors } from './upload.actors';

/**
 * One picture slot of a restaurant (image or logotype): choose a file, watch its progress, see it stored or why
 * not. Cancelling (or leaving the dialog) aborts the request.
 */

export interface UploadMachineInput {
  restaurantId: string;
  kind: UploadKind;
}

export interface UploadContext extends UploadMachineInput {
  loaded: number;
  total: number;
  url: string | null;
  error: string | null;
  /** The name of the file being (or last) uploaded, shown beside the picker; none before a choice or after a cancel. */
  fileName: string | null;
}

export type UploadEvent =
  | { type: 'upload.start'; file: File }
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.cancel' };

export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as UploadMachineInput,
  },
  actors: uploadActors,
  actions: {
    /** Provided by the screen: the restaurant has a new picture. */
    uploaded: (_, _params: { url: string }) => {},
    rememberFileName: assign({
      fileName: ({ event }) => (event as Extract<UploadEvent, { type: 'upload.start' }>).file.name,
    }),
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({ ...input, loaded: 0, total: 0, url: null, error: null, fileName: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'upload.start': { target: 'uploading', actions: 'rememberFileName' } },
    },
    uploading: {
      entry: assign({ loaded: 0, total: 0, error: null }),
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context, event, self }) => ({
          restaurantId: context.restaurantId,
          kind: context.kind,
          file: (event as Extract<UploadEvent, { type: 'upload.start' }>).file,
          reportTo: self,
        }),
        onDone: {
          target: 'done',
          actions: [
            assign({ url: ({ event }) => event.output.url }),
            { type: 'uploaded', params: ({ event }) => ({ url: event.output.url }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => serverMessage(event.error) ?? uz.uploadFailed }),
        },
      },
      on: {
        'upload.progress': {
          actions: assign({ loaded: ({ event }) => event.loaded, total: ({ event }) => event.total }),
        },
        'upload.cancel': { target: 'idle', actions: assign({ fileName: null }) },
      },
    },
    done: { on: { 'upload.start': { target: 'uploading', actions: 'rememberFileName' } } },
    failed: { on: { 'upload.start': { target: 'uploading', actions: 'rememberFileName' } } },
  },
});
