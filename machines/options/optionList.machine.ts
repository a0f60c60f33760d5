import { type ActorRefFrom, assign, enqueueActions, setup, stopChild } from 'xstate';
import type { OptionRow } from '../../client/options';
import type { MenuLanguage } from '../../client/types';
import { uz } from '../../lib/uz';
import { restaurantLanguagesActor } from '../shared/languages.actors';
import { listRegion } from '../shared/listRegion';
import type { Notice } from '../shared/notify';
import { DEFAULT_LANGUAGES } from '../shared/translations.rules';
import { optionChild, type optionMachine } from './option.machine';
import { loadOptionsActor } from './optionList.actors';
import { isServerError, type OptionSummary, optionActorId, summaryOf } from './options.rules';

/**
 * A product's options (spec 2.10, Mahsulot Parametrlari): loads them with their rows and spawns one option card
 * actor per option (each spawns one actor per row). Dialog answers are routed by id: a saved option to its card
 * (or a new card), a saved row to its option's card. The selected option is where 'Qator qo'shish' adds a row;
 * with none selected the row form says 'Avval opsiya tanlang' (spec 5).
 */

export interface OptionListInput {
  productId: string;
  /** The admin's restaurant of the product (`?restaurant=` of /admin/product-option/…), whose languages are read. */
  restaurantId?: string | null;
}

export interface OptionListContext {
  productId: string;
  restaurantId: string | null;
  options: Array<ActorRefFrom<typeof optionMachine>>;
  /** The option a new row goes to. */
  selectedId: string | null;
  /** The languages the restaurant's menu offers: the badges of options and rows, the forms' tabs. */
  languages: MenuLanguage[];
}

export type OptionListEvent =
  | { type: 'options.retry' }
  | { type: 'option.select'; id: string }
  /** From the option dialog: a created or renamed option. */
  | { type: 'option.saved'; option: OptionSummary }
  /** From the row dialog: a created or edited row. */
  | { type: 'row.saved'; row: OptionRow }
  /** From an option card: it was deleted. */
  | { type: 'option.removed'; id: string };

const list = listRegion({
  types: {} as { context: OptionListContext; events: OptionListEvent },
  load: { name: 'loadOptions', actor: loadOptionsActor, input: (context) => ({ productId: context.productId }) },
  alsoLoaded: { type: 'spawnOptions', params: (_, output) => ({ options: output, expanded: false }) },
  retry: 'options.retry',
  // Spec 8: only a server error is reported; the screen shows the failure either way.
  failed: { notice: { kind: 'error', text: uz.optLoadFailed }, reported: (error) => isServerError({ error }) },
});

export const optionListMachine = setup({
  types: { context: {} as OptionListContext, events: {} as OptionListEvent, input: {} as OptionListInput },
  actors: {
    option: optionChild,
    ...list.actors,
    loadLanguages: restaurantLanguagesActor,
  },
  actions: {
    notify: (_, _params: Notice) => {},
    spawnOptions: assign({
      options: (
        { context, spawn },
        params: { options: Array<OptionSummary & { rows: OptionRow[] }>; expanded: boolean },
      ) => [
        ...context.options,
        ...params.options.map((option) =>
          spawn('option', {
            id: optionActorId(option),
            input: { option: summaryOf(option), rows: option.rows, expanded: params.expanded },
          }),
        ),
      ],
    }),
  },
  guards: {
    /** A card of this option id is shown (an option's own id, a row's option, a selection). */
    knowsOption: ({ context }, { id }: { id: string }) =>
      context.options.some((ref) => ref.id === optionActorId({ _id: id })),
  },
}).createMachine({
  id: 'optionList',
  context: ({ input }) => ({
    productId: input.productId,
    restaurantId: input.restaurantId ?? null,
    options: [],
    selectedId: null,
    languages: [...DEFAULT_LANGUAGES],
  }),
  /** The menu's languages, for the translation badges and the forms' tabs (none known: Uzbek alone). */
  invoke: {
    id: 'loadLanguages',
    src: 'loadLanguages',
    input: ({ context }) => ({ restaurantId: context.restaurantId, productId: context.productId }),
    onDone: { actions: assign({ languages: ({ event }) => event.output }) },
    // Not the list's failure: the list still works, in Uzbek alone.
    onError: {},
  },

  initial: 'loading',
  states: {
    loading: list.states.loading,
    failed: list.states.failed,
    ready: {
      on: {
        ...list.states.ready.on,
        'option.select': {
          guard: { type: 'knowsOption', params: ({ event }) => ({ id: event.id }) },
          actions: assign({ selectedId: ({ event }) => event.id }),
        },
        'option.saved': [
          {
            guard: { type: 'knowsOption', params: ({ event }) => ({ id: event.option._id }) },
            actions: enqueueActions(({ enqueue, event }) => {
              enqueue.sendTo(optionActorId(event.option), { type: 'option.update', option: event.option });
            }),
          },
          {
            // A new option opens, ready for its first rows.
            actions: [
              {
                type: 'spawnOptions',
                params: ({ event }) => ({ options: [{ ...event.option, rows: [] }], expanded: true }),
              },
              assign({ selectedId: ({ event }) => event.option._id }),
            ],
          },
        ],
        'row.saved': {
          guard: { type: 'knowsOption', params: ({ event }) => ({ id: event.row.product_option_id }) },
          actions: enqueueActions(({ enqueue, event }) => {
            enqueue.sendTo(optionActorId({ _id: event.row.product_option_id }), { type: 'row.saved', row: event.row });
          }),
        },
        'option.removed': {
          actions: [
            stopChild(({ event }) => optionActorId({ _id: event.id })),
            assign(({ context, event }) => ({
              options: context.options.filter((ref) => ref.id !== optionActorId({ _id: event.id })),
              selectedId: context.selectedId === event.id ? null : context.selectedId,
            })),
          ],
        },
      },
    },
  },
});
