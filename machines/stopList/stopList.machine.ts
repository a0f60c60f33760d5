import { assign, type DoneActorEvent, setup } from 'xstate';
import type { AvailabilityChange } from '../../client/stopList';
import { uz } from '../../lib/uz';
import { uzCatalog } from '../../lib/uz-catalog';
import type { Notice } from '../shared/notify';
import { applyMove, type CategoryChange, cascade, sameChanges } from './cascade';
import { buildCatalog, type Catalog, EMPTY_CATALOG, type Tab, tabIsActive } from './catalog';
import { CATEGORY_PAGE, groupsFor, isVisible, visibleIdsOf } from './groups';
import { NOTHING_SELECTED, toggleCategory, toggleProduct } from './selection';
import { type LoadOutput, stopListActors } from './stopList.actors';

type MoveDone = { event: DoneActorEvent<AvailabilityChange> };
type LoadDone = { event: DoneActorEvent<LoadOutput> };

/**
 * The stop-list screen (spec 2.11 and the stop-list rules of 4) as one machine: loading, the two tabs (Mavjud /
 * Stop-list are states), and inside each tab the move cycle: idle → moving → idle, or → failed (nothing changed,
 * the selection stays, retry or dismiss), or → refreshing when the server's cascade differs from the one predicted
 * from the screen's data (that data was stale: it is reloaded). Search, the visible category count and the selection
 * are context; the cascade and selection rules are the pure functions of cascade.ts / selection.ts / groups.ts.
 * While a move runs, the selection and the tab cannot change (the call is for exactly what was selected).
 */

export interface StopListInput {
  /** The stored restaurant id (spec 3: restaurantId); null: the first of /manager/restaurants/me. */
  restaurantId: string | null;
}

/** The move in flight or last failed: what was sent, and the category changes predicted from the screen's data. */
export interface PendingMove {
  ids: string[];
  is_active: boolean;
  expected: CategoryChange[];
}

export interface StopListContext {
  restaurantId: string | null;
  catalog: Catalog;
  /** The search box's text, as typed. */
  query: string;
  /** How many categories are shown (5, plus 5 per "ko'proq ko'rsatish"). */
  visibleCount: number;
  /** Selected product ids, all of the current tab. */
  selected: ReadonlySet<string>;
  pending: PendingMove | null;
}

export type StopListEvent =
  | { type: 'stopList.retry' }
  | { type: 'stopList.tab'; tab: Tab }
  | { type: 'stopList.search'; query: string }
  | { type: 'stopList.clearSearch' }
  | { type: 'stopList.showMore' }
  | { type: 'stopList.toggleProduct'; id: string }
  | { type: 'stopList.toggleCategory'; categoryId: string }
  | { type: 'stopList.move' }
  | { type: 'stopList.dismiss' };

type TabParams = { tab: Tab };
/** Guards and actions take the event's payload as params (the transition that names them knows the event). */
type ProductParams = { tab: Tab; id: string };
type CategoryParams = { tab: Tab; categoryId: string };

export const stopListMachine = setup({
  types: {
    context: {} as StopListContext,
    events: {} as StopListEvent,
    input: {} as StopListInput,
  },
  actors: stopListActors,
  actions: {
    /** React shows it as a toast (ToastProvider). */
    notify: (_, _params: Notice) => {},
    takeLoad: assign((_, output: LoadOutput) => ({
      restaurantId: output.restaurantId,
      catalog: buildCatalog(output.categories, output.products),
    })),
    /** A tab switch empties the selection and shows 5 categories again (spec 4). */
    resetForTab: assign({ selected: NOTHING_SELECTED, visibleCount: CATEGORY_PAGE }),
    search: assign((_, { query }: { query: string }) => ({ query, visibleCount: CATEGORY_PAGE })),
    showMore: assign({ visibleCount: ({ context }) => context.visibleCount + CATEGORY_PAGE }),
    toggleProduct: assign({
      selected: ({ context }, { id }: ProductParams) => toggleProduct(context.selected, id),
    }),
    toggleCategory: assign({
      selected: ({ context }, { tab, categoryId }: CategoryParams) =>
        toggleCategory(context.selected, visibleIdsOf(context.catalog, tab, context.query, categoryId)),
    }),
    prepareMove: assign({
      pending: ({ context }, { tab }: TabParams) => {
        const ids = [...context.selected];
        const is_active = !tabIsActive(tab);
        return { ids, is_active, expected: cascade(context.catalog, { ids, is_active }) };
      },
    }),
    /** The server's answer is the truth for the categories; every moved product now has the new is_active. */
    applyMove: assign(({ context }, changes: CategoryChange[]) =>
      context.pending ? { catalog: applyMove(context.catalog, context.pending, changes) } : {},
    ),
    finishMove: assign({ selected: NOTHING_SELECTED, pending: null }),
  },
  guards: {
    isTab: (_, { tab, wanted }: TabParams & { wanted: Tab }) => wanted === tab,
    queryChanged: ({ context }, { query }: { query: string }) => query !== context.query,
    hasQuery: ({ context }) => context.query !== '',
    canShowMore: ({ context }, { tab }: TabParams) =>
      context.visibleCount < groupsFor(context.catalog, tab, context.query).length,
    productVisible: ({ context }, { tab, id }: ProductParams) => isVisible(context.catalog, tab, context.query, id),
    categoryHasVisible: ({ context }, { tab, categoryId }: CategoryParams) =>
      visibleIdsOf(context.catalog, tab, context.query, categoryId).length > 0,
    hasSelection: ({ context }) => context.selected.size > 0,
    /** The server changed exactly the categories the screen predicted: its data was current. */
    answerAsExpected: ({ context }, changes: CategoryChange[]) => sameChanges(context.pending!.expected, changes),
  },
}).createMachine({
  id: 'stopList',
  context: ({ input }) => ({
    restaurantId: input.restaurantId,
    catalog: EMPTY_CATALOG,
    query: '',
    visibleCount: CATEGORY_PAGE,
    selected: NOTHING_SELECTED,
    pending: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadStopList',
        src: 'loadStopList',
        input: ({ context }) => ({ restaurantId: context.restaurantId }),
        onDone: { target: 'available', actions: { type: 'takeLoad', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      on: { 'stopList.retry': { target: 'loading' } },
    },
    available: tabState('available'),
    stopped: tabState('stopped'),
  },
});

/** One tab: the same move cycle on both; only the direction (is_active) and the other tab differ. */
function tabState(tab: Tab) {
  const other: Tab = tab === 'available' ? 'stopped' : 'available';
  const params = { tab };
  const productParams = ({ event }: { event: { id: string } }): ProductParams => ({ tab, id: event.id });
  const categoryParams = ({ event }: { event: { categoryId: string } }): CategoryParams => ({
    tab,
    categoryId: event.categoryId,
  });
  // Allowed while nothing runs (idle, or after a failure).
  const editing = {
    'stopList.tab': {
      guard: { type: 'isTab', params: ({ event }: { event: { tab: Tab } }) => ({ tab: other, wanted: event.tab }) },
      target: `#stopList.${other}`,
      actions: 'resetForTab',
    },
    'stopList.toggleProduct': {
      guard: { type: 'productVisible', params: productParams },
      actions: { type: 'toggleProduct', params: productParams },
    },
    'stopList.toggleCategory': {
      guard: { type: 'categoryHasVisible', params: categoryParams },
      actions: { type: 'toggleCategory', params: categoryParams },
    },
    'stopList.move': { guard: 'hasSelection', target: 'moving', actions: { type: 'prepareMove', params } },
  } as const;
  // Called while the answer is applied: the move is still pending.
  const count = ({ context }: { context: StopListContext }) => context.pending!.ids.length;
  const notifyMoved = {
    type: 'notify',
    params: (args: { context: StopListContext }): Notice => ({
      kind: 'success',
      text: tab === 'available' ? uzCatalog.stopListMoved(count(args)) : uzCatalog.stopListReturned(count(args)),
    }),
  } as const;
  const takeAnswer = [
    { type: 'applyMove', params: ({ event }: MoveDone) => event.output.categories },
    notifyMoved,
    'finishMove',
  ] as const;
  return {
    initial: 'idle',
    on: {
      'stopList.search': {
        guard: { type: 'queryChanged', params: ({ event }: { event: { query: string } }) => ({ query: event.query }) },
        actions: { type: 'search', params: ({ event }: { event: { query: string } }) => ({ query: event.query }) },
      },
      'stopList.clearSearch': { guard: 'hasQuery', actions: { type: 'search', params: { query: '' } } },
      'stopList.showMore': { guard: { type: 'canShowMore', params }, actions: 'showMore' },
    },
    states: {
      idle: { on: editing },
      moving: {
        tags: ['moving'],
        invoke: {
          id: 'moveProducts',
          src: 'moveProducts',
          input: ({ context }: { context: StopListContext }) => ({
            ids: context.pending?.ids ?? [],
            is_active: context.pending?.is_active ?? !tabIsActive(tab),
          }),
          onDone: [
            {
              guard: { type: 'answerAsExpected', params: ({ event }: MoveDone) => event.output.categories },
              target: 'idle',
              actions: takeAnswer,
            },
            { target: 'refreshing', actions: takeAnswer },
          ],
          onError: { target: 'failed' },
        },
      },
      /** Nothing changed on the server; the selection stays for a retry. */
      failed: {
        tags: ['moveFailed'],
        on: { ...editing, 'stopList.dismiss': { target: 'idle' } },
      },
      /** The answer showed the screen's data was stale: reload it, keeping the tab and the search. */
      refreshing: {
        tags: ['refreshing'],
        invoke: {
          id: 'refreshStopList',
          src: 'loadStopList',
          input: ({ context }: { context: StopListContext }) => ({ restaurantId: context.restaurantId }),
          onDone: { target: 'idle', actions: { type: 'takeLoad', params: ({ event }: LoadDone) => event.output } },
          onError: {
            target: 'idle',
            actions: { type: 'notify', params: { kind: 'error', text: uz.stopListLoadFailed } },
          },
        },
      },
    },
  } as const;
}
