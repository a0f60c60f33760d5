import { assign, type PromiseActorLogic, setup } from 'xstate';
import { uz } from '../../lib/uz';
import { serverMessage } from '../shared/errors';
import { defaultDialogActors, type LoadOptionsInput, type SaveInput } from './dialog.actors';
import { changedFields, hasChanges, trimmed } from './dialog.rules';
import type {
  DialogConfig,
  DialogItem,
  DialogMessages,
  DialogMode,
  DialogScope,
  FieldErrors,
  FormValues,
  ItemFields,
} from './dialog.types';

export type { LoadOptionsInput, SaveInput } from './dialog.actors';

/**
 * The one create/edit dialog of the panel. Opened with an item it edits it, without one it creates; it validates,
 * sends only the changed fields on edit ("Hech qanday o'zgarish yo'q." and no call when nothing changed), and
 * while saving it cannot be submitted again. Each dialog provides its own actors (machines/<feature>/*.actors.ts):
 * `loadOptions` (lists its selects need), `create` and `update`; and, when a failed save is not always told
 * (spec 8: options and rows only on HTTP 500), the guard `tellsFailure`.
 */

export interface DialogInput {
  config: DialogConfig;
  /** What the dialog is for (see DialogScope); default none. */
  scope?: DialogScope;
}

export interface DialogContext {
  config: DialogConfig;
  scope: DialogScope;
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
  /** `scope`: what the screen has learnt since the dialog started (merged into the input's). */
  | { type: 'dialog.open'; item?: DialogItem; scope?: DialogScope }
  | { type: 'dialog.change'; values: FormValues }
  | { type: 'dialog.submit' }
  | { type: 'dialog.close' }
  | { type: 'dialog.retry' };

const modeOf = (context: DialogContext): DialogMode => (context.item ? 'edit' : 'create');
const errorsOf = (context: DialogContext) => context.config.validate(context.values, modeOf(context));

/** The create and the update call differ only in what they send and the texts they toast. */
const SAVES = {
  create: {
    input: (context: DialogContext): SaveInput => ({
      item: null,
      values: trimmed(context.values),
      scope: context.scope,
    }),
    done: 'created',
    failed: 'createFailed',
  },
  update: {
    input: (context: DialogContext): SaveInput => ({
      item: context.item,
      values: changedFields(context.initial, context.values),
      scope: context.scope,
    }),
    done: 'updated',
    failed: 'updateFailed',
  },
} as const satisfies Record<
  'create' | 'update',
  { input: (context: DialogContext) => SaveInput; done: keyof DialogMessages; failed: keyof DialogMessages }
>;

type Failed = { event: { error: unknown } };

/** The state that runs one save: the same shape for create and update. */
const savingWith = (call: keyof typeof SAVES) =>
  ({
    invoke: {
      id: call,
      src: call,
      input: ({ context }: { context: DialogContext }) => SAVES[call].input(context),
      onDone: {
        target: '#dialog.closed',
        actions: [
          {
            type: 'notify',
            params: ({ context }: { context: DialogContext }) => ({
              kind: 'success' as const,
              text: context.config.messages[SAVES[call].done] ?? '',
            }),
          },
          { type: 'saved', params: ({ event }: { event: { output: unknown } }) => ({ output: event.output }) },
        ],
      },
      onError: [
        {
          guard: { type: 'tellsFailure', params: ({ event }: Failed) => ({ error: event.error }) },
          target: '#dialog.open.flow.failed',
          actions: [
            { type: 'rememberFailure', params: ({ event }: Failed) => ({ error: event.error }) },
            {
              type: 'notify',
              params: ({ context }: { context: DialogContext }) => ({
                kind: 'error' as const,
                text: context.config.messages[SAVES[call].failed] ?? '',
              }),
            },
          ],
        },
        {
          target: '#dialog.open.flow.failed',
          actions: [{ type: 'rememberFailure', params: ({ event }: Failed) => ({ error: event.error }) }],
        },
      ],
    },
  }) as const;

/** Nothing changed on an edit: the info toast (the config may word it its own way). */
const tellNoChanges = {
  type: 'notify',
  params: ({ context }: { context: DialogContext }) => ({
    kind: 'info' as const,
    text: context.config.messages.noChanges ?? uz.noChanges,
  }),
} as const;

export const dialogMachine = setup({
  types: {
    context: {} as DialogContext,
    events: {} as DialogEvent,
    input: {} as DialogInput,
  },
  actors: defaultDialogActors,
  actions: {
    /** Provided by React: a toast. */
    notify: (_, _params: { kind: 'success' | 'error' | 'info'; text: string }) => {},
    /** Provided by the screen: refresh what the dialog changed. */
    saved: (_, _params: { output: unknown }) => {},
    rememberFailure: assign((_, params: { error: unknown }) => ({ failure: serverMessage(params.error) })),
  },
  guards: {
    hasItem: ({ context }) => context.item !== null,
    isInvalid: ({ context }) => Object.keys(errorsOf(context)).length > 0,
    isUnchangedEdit: ({ context }) => context.item !== null && !hasChanges(context.initial, context.values),
    /** Whether a failed save is toasted (it is always shown in the form); a dialog may narrow it. */
    tellsFailure: (_, _params: { error: unknown }) => true,
  },
}).createMachine({
  id: 'dialog',
  context: ({ input }) => ({
    config: input.config,
    scope: input.scope ?? {},
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
            const scope = event.scope ? { ...context.scope, ...event.scope } : context.scope;
            return { item, scope, initial: values, values, errors: {}, failure: null };
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
                input: ({ context }) => ({ item: context.item, scope: context.scope }),
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
                    actions: tellNoChanges,
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
                creating: savingWith('create'),
                updating: savingWith('update'),
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
                    actions: tellNoChanges,
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

/**
 * A dialog whose save answers TOutput: what its `saved` action hands the screen (a created option, a new token…).
 * The machine itself passes the answer on untouched, so the type is carried beside it, set once by dialogWith.
 */
export type TypedDialogMachine<TOutput> = typeof dialogMachine & { readonly __output?: TOutput };

export interface DialogActors<TItem extends DialogItem, TOutput> {
  loadOptions?: PromiseActorLogic<unknown, LoadOptionsInput>;
  create?: PromiseActorLogic<TOutput, SaveInput<TItem>>;
  update?: PromiseActorLogic<TOutput, SaveInput<TItem>>;
}

/**
 * A feature's dialog: the generic one with the feature's calls (and, optionally, which failures it toasts). Typed by
 * what it edits and what it answers, so screens read the answer without casts.
 */
export function dialogWith<TItem extends DialogItem = DialogItem, TOutput = unknown>(
  actors: DialogActors<TItem, TOutput>,
  guards: { tellsFailure?: (args: unknown, params: { error: unknown }) => boolean } = {},
): TypedDialogMachine<TOutput> {
  // The machine sees every item as a DialogItem and every answer as unknown: the one place the types are widened.
  return dialogMachine.provide({ actors: actors as unknown as Partial<typeof defaultDialogActors>, guards });
}
