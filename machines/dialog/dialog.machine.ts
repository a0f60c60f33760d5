import { and, assign, or, type PromiseActorLogic, raise, setup, stateIn } from 'xstate';
import type { MenuLanguage } from '../../client/types';
import { uz } from '../../lib/uz';
import { serverMessage } from '../shared/errors';
import {
  DEFAULT_LANGUAGES,
  languagesValue,
  MENU_LANGUAGES,
  moveLanguage,
  normalLanguages,
  offeredLanguages,
  parseLanguages,
  toggleLanguage,
  withWholeLanguages,
} from '../shared/translations.rules';
import { defaultDialogActors, type LoadOptionsInput, type SaveInput } from './dialog.actors';
import { changedFields, trimmed } from './dialog.rules';
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
 *
 * One tab per language the restaurant offers (`languages`, from the input or `dialog.open`), the region
 * `tab`; Uzbek Latin first and the one a form opens on. A translation is a value keyed `<language>.<field>` (the
 * config's withTranslations), so it is changed and compared like any field; an edit sends each changed language
 * whole (the API replaces a language). A restaurant form chooses its languages (`dialog.languages.*` on its
 * `languages` value), and its tabs follow that choice.
 */

export interface DialogInput {
  config: DialogConfig;
  /** What the dialog is for (see DialogScope); default none. */
  scope?: DialogScope;
  /** The languages the restaurant's menu offers; default Uzbek Latin alone: no tabs. */
  languages?: readonly MenuLanguage[];
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
  /** The restaurant's menu languages: the tabs a form without its own `languages` value shows. */
  languages: readonly MenuLanguage[];
}

export type DialogEvent =
  /** `scope`: what the screen has learnt since the dialog started (merged into the input's). */
  | { type: 'dialog.open'; item?: DialogItem; scope?: DialogScope; languages?: readonly MenuLanguage[] }
  | { type: 'dialog.change'; values: FormValues }
  | { type: 'dialog.submit' }
  | { type: 'dialog.close' }
  | { type: 'dialog.retry' }
  /** Show the fields of this language (only one the form offers). */
  | { type: 'dialog.tab'; language: MenuLanguage }
  /** A restaurant form: offer or stop offering a language (never Uzbek Latin), move one earlier or later. */
  | { type: 'dialog.languages.toggle'; language: MenuLanguage }
  | { type: 'dialog.languages.move'; language: MenuLanguage; by: -1 | 1 };

const modeOf = (context: DialogContext): DialogMode => (context.item ? 'edit' : 'create');
const errorsOf = (context: DialogContext) => context.config.validate(context.values, modeOf(context));
/** An edit's changed fields among those the form shows (DialogConfig.shown). */
const changesOf = (context: DialogContext) => {
  const shown = context.config.shown ?? ((values: FormValues) => values);
  return changedFields(shown(context.initial), shown(context.values));
};

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
      values: withWholeLanguages(changesOf(context), context.values),
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

/** The tab state of each language (a state name cannot hold the dash of `uz-Cyrl`). */
const TAB_STATE = { uz: 'uz', 'uz-Cyrl': 'uzCyrl', ru: 'ru', en: 'en' } as const satisfies Record<MenuLanguage, string>;

/**
 * A language's tab: left for Uzbek Latin when a restaurant form turns its language off (the only way a shown tab can
 * stop being offered: every opening starts on Uzbek Latin).
 */
const tabState = (language: MenuLanguage) =>
  language === 'uz'
    ? {}
    : {
        on: {
          'dialog.languages.toggle': {
            guard: and([
              'choosesLanguages',
              or([stateIn({ open: { flow: 'editing' } }), stateIn({ open: { flow: 'failed' } })]),
              {
                type: 'isLanguage' as const,
                params: ({ event }: { event: { language: MenuLanguage } }) => ({ asked: event.language, language }),
              },
            ]),
            target: 'uz' as const,
          },
        },
      };

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
    /** An invalid submit shows the Uzbek fields: the rules that can fail are theirs. */
    showUzbek: raise({ type: 'dialog.tab', language: 'uz' }),
    /** A restaurant form's languages: one turned on or off, or moved (translations.rules). */
    toggleLanguage: assign(({ context }, { language }: { language: MenuLanguage }) => ({
      values: {
        ...context.values,
        languages: languagesValue(toggleLanguage(parseLanguages(context.values.languages), language)),
      },
    })),
    moveLanguage: assign(({ context }, { language, by }: { language: MenuLanguage; by: -1 | 1 }) => ({
      values: {
        ...context.values,
        languages: languagesValue(moveLanguage(parseLanguages(context.values.languages), language, by)),
      },
    })),
  },
  guards: {
    hasItem: ({ context }) => context.item !== null,
    isInvalid: ({ context }) => Object.keys(errorsOf(context)).length > 0,
    isUnchangedEdit: ({ context }) => context.item !== null && Object.keys(changesOf(context)).length === 0,
    /** Whether a failed save is toasted (it is always shown in the form); a dialog may narrow it. */
    tellsFailure: (_, _params: { error: unknown }) => true,
    /** A `dialog.tab` for this tab's language, which the form offers. */
    opensTab: ({ context }, { asked, language }: { asked: MenuLanguage; language: MenuLanguage }) =>
      asked === language && offeredLanguages(context.values, context.languages).includes(language),
    /** The event names this tab's language. */
    isLanguage: (_, { asked, language }: { asked: MenuLanguage; language: MenuLanguage }) => asked === language,
    /** A restaurant form: it holds its own `languages` choice. */
    choosesLanguages: ({ context }) => typeof context.values.languages === 'string',
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
    languages: normalLanguages(input.languages ?? DEFAULT_LANGUAGES),
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
            const languages = event.languages ? normalLanguages(event.languages) : context.languages;
            return { item, scope, initial: values, values, errors: {}, failure: null, languages };
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
        /** Which language's fields the form shows; every opening starts on Uzbek Latin. */
        tab: {
          initial: 'uz',
          on: {
            'dialog.tab': MENU_LANGUAGES.map((language) => ({
              guard: {
                type: 'opensTab' as const,
                params: ({ event }: { event: { language: MenuLanguage } }) => ({ asked: event.language, language }),
              },
              target: `.${TAB_STATE[language]}`,
            })),
          },
          states: {
            uz: tabState('uz'),
            uzCyrl: tabState('uz-Cyrl'),
            ru: tabState('ru'),
            en: tabState('en'),
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
                'dialog.languages.toggle': {
                  guard: 'choosesLanguages',
                  actions: { type: 'toggleLanguage', params: ({ event }) => ({ language: event.language }) },
                },
                'dialog.languages.move': {
                  guard: 'choosesLanguages',
                  actions: {
                    type: 'moveLanguage',
                    params: ({ event }) => ({ language: event.language, by: event.by }),
                  },
                },
                'dialog.submit': [
                  {
                    guard: 'isInvalid',
                    actions: [assign({ errors: ({ context }) => errorsOf(context) }), 'showUzbek'],
                  },
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
                  // A refusal said at a field (a table's taken name) goes once that field is changed, as in editing.
                  actions: assign(({ context, event }) => {
                    const errors = { ...context.errors };
                    for (const field of Object.keys(event.values)) delete errors[field];
                    return { values: { ...context.values, ...event.values }, errors };
                  }),
                },
                'dialog.languages.toggle': {
                  guard: 'choosesLanguages',
                  target: 'editing',
                  actions: { type: 'toggleLanguage', params: ({ event }) => ({ language: event.language }) },
                },
                'dialog.languages.move': {
                  guard: 'choosesLanguages',
                  target: 'editing',
                  actions: {
                    type: 'moveLanguage',
                    params: ({ event }) => ({ language: event.language, by: event.by }),
                  },
                },
                'dialog.submit': [
                  {
                    guard: 'isInvalid',
                    target: 'editing',
                    actions: [assign({ errors: ({ context }) => errorsOf(context) }), 'showUzbek'],
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
