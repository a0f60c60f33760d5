import { assign, fromPromise, setup } from 'xstate';
import { uz } from '../../lib/uz';
import { serverMessage } from '../shared/errors';
import { changedFields, hasChanges, trimmed } from './dialog.rules';
import type { DialogConfig, DialogItem, DialogMode, FieldErrors, FormValues, ItemFields } from './dialog.types';

/**
 * The one create/edit dialog of the panel. Opened with an item it edits it, without one it creates; it validates,
 * sends only the changed fields on edit ("Hech qanday o'zgarish yo'q." and no call when nothing changed), and
 * while saving it cannot be submitted again. Each dialog provides its own actors (machines/<feature>/*Dialog.ts):
 * `loadOptions` (lists its selects need), `create` and `update`.
 */

export interface DialogInput {
  config: DialogConfig;
}

export interface DialogContext {
  config: DialogConfig;
  item: DialogItem | null;
  initial: FormValues;
  values: FormValues;
  errors: FieldErrors;
  /** What the selects offer, from loadOptions. */
  options: unknown;
  /** The server's message for the last failed save. */
  failure: string | null;
}

export type DialogEvent =
  | { type: 'dialog.open'; item?: DialogItem }
  | { type: 'dialog.change'; values: FormValues }
  | { type: 'dialog.submit' }
  | { type: 'dialog.close' }
  | { type: 'dialog.retry' };

export interface SaveInput {
  item: DialogItem | null;
  /** Create: every field (trimmed). Edit: only the changed fields. */
  values: FormValues;
}

const modeOf = (context: DialogContext): DialogMode => (context.item ? 'edit' : 'create');
const errorsOf = (context: DialogContext) => context.config.validate(context.values, modeOf(context));

export const dialogMachine = setup({
  types: {
    context: {} as DialogContext,
    events: {} as DialogEvent,
    input: {} as DialogInput,
  },
  actors: {
    /** Default: nothing to load. */
    loadOptions: fromPromise<unknown, { item: DialogItem | null }>(async () => null),
    create: fromPromise<unknown, SaveInput>(async () => {
      throw new Error('this dialog provides no create actor');
    }),
    update: fromPromise<unknown, SaveInput>(async () => {
      throw new Error('this dialog provides no update actor');
    }),
  },
  actions: {
    /** Provided by React: a toast. */
    notify: (_, _params: { kind: 'success' | 'error' | 'info'; text: string }) => {},
    /** Provided by the screen: refresh what the dialog changed. */
    saved: (_, _params: { output: unknown }) => {},
  },
  guards: {
    hasItem: ({ context }) => context.item !== null,
    isInvalid: ({ context }) => Object.keys(errorsOf(context)).length > 0,
    isUnchangedEdit: ({ context }) => context.item !== null && !hasChanges(context.initial, context.values),
  },
}).createMachine({
  id: 'dialog',
  context: ({ input }) => ({
    config: input.config,
    item: null,
    initial: input.config.empty,
    values: input.config.empty,
    errors: {},
    options: null,
    failure: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'dialog.open': {
          target: 'open',
          actions: assign(({ context, event }) => {
            const item = event.item ?? null;
            const values = item ? context.config.fromItem(item as ItemFields) : context.config.empty;
            return { item, initial: values, values, errors: {}, failure: null };
          }),
        },
      },
    },
    open: {
      type: 'parallel',
      states: {
        mode: {
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'hasItem', target: 'edit' }, { target: 'create' }] },
            create: {},
            edit: {},
          },
        },
        flow: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadOptions',
                src: 'loadOptions',
                input: ({ context }) => ({ item: context.item }),
                onDone: { target: 'editing', actions: assign({ options: ({ event }) => event.output }) },
                onError: { target: 'loadFailed' },
              },
              on: { 'dialog.close': { target: '#dialog.closed' } },
            },
            loadFailed: {
              on: {
                'dialog.retry': { target: 'loading' },
                'dialog.close': { target: '#dialog.closed' },
              },
            },
            editing: {
              on: {
                'dialog.change': {
                  actions: assign(({ context, event }) => {
                    const errors = { ...context.errors };
                    for (const field of Object.keys(event.values)) delete errors[field];
                    delete errors.form;
                    return { values: { ...context.values, ...event.values }, errors };
                  }),
                },
                'dialog.submit': [
                  { guard: 'isInvalid', actions: assign({ errors: ({ context }) => errorsOf(context) }) },
                  {
                    guard: 'isUnchangedEdit',
                    actions: { type: 'notify', params: { kind: 'info', text: uz.noChanges } },
                  },
                  { target: 'saving' },
                ],
                'dialog.close': { target: '#dialog.closed' },
              },
            },
            saving: {
              entry: assign({ failure: null }),
              initial: 'choosing',
              states: {
                choosing: { always: [{ guard: 'hasItem', target: 'updating' }, { target: 'creating' }] },
                creating: {
                  invoke: {
                    id: 'create',
                    src: 'create',
                    input: ({ context }) => ({ item: null, values: trimmed(context.values) }),
                    onDone: {
                      target: '#dialog.closed',
                      actions: [
                        {
                          type: 'notify',
                          params: ({ context }) => ({ kind: 'success', text: context.config.messages.created }),
                        },
                        { type: 'saved', params: ({ event }) => ({ output: event.output }) },
                      ],
                    },
                    onError: {
                      target: '#dialog.open.flow.failed',
                      actions: [
                        assign({ failure: ({ event }) => serverMessage(event.error) }),
                        {
                          type: 'notify',
                          params: ({ context }) => ({ kind: 'error', text: context.config.messages.createFailed }),
                        },
                      ],
                    },
                  },
                },
                updating: {
                  invoke: {
                    id: 'update',
                    src: 'update',
                    input: ({ context }) => ({
                      item: context.item,
                      values: changedFields(context.initial, context.values),
                    }),
                    onDone: {
                      target: '#dialog.closed',
                      actions: [
                        {
                          type: 'notify',
                          params: ({ context }) => ({ kind: 'success', text: context.config.messages.updated }),
                        },
                        { type: 'saved', params: ({ event }) => ({ output: event.output }) },
                      ],
                    },
                    onError: {
                      target: '#dialog.open.flow.failed',
                      actions: [
                        assign({ failure: ({ event }) => serverMessage(event.error) }),
                        {
                          type: 'notify',
                          params: ({ context }) => ({ kind: 'error', text: context.config.messages.updateFailed }),
                        },
                      ],
                    },
                  },
                },
              },
            },
            /** The save failed: the form keeps its values; it can be corrected and sent again. */
            failed: {
              on: {
                'dialog.change': {
                  target: 'editing',
                  actions: assign(({ context, event }) => ({ values: { ...context.values, ...event.values } })),
                },
                'dialog.submit': [
                  {
                    guard: 'isInvalid',
                    target: 'editing',
                    actions: assign({ errors: ({ context }) => errorsOf(context) }),
                  },
                  {
                    guard: 'isUnchangedEdit',
                    target: 'editing',
                    actions: { type: 'notify', params: { kind: 'info', text: uz.noChanges } },
                  },
                  { target: 'saving' },
                ],
                'dialog.close': { target: '#dialog.closed' },
              },
            },
          },
        },
      },
    },
  },
});
