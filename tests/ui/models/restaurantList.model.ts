import type { EventObject, SnapshotFrom } from 'xstate';
import type { Restaurant } from '../../../client/types';
import { type RestaurantListEvent, restaurantListMachine } from '../../../machines/restaurants/restaurantList.machine';
import { SEARCH_DEBOUNCE_MS } from '../../../machines/shared/listQuery';
import type { ActorEventType, ModelEvent, PathModel } from '../../support/paths';
import { byOutcome, confirmOutcome } from './confirmDelete.model';
import { syncAnswer } from './sync.model';

/**
 * The admin restaurant list's test plan. The sample answer mirrors the seeded data of the UI test: 13 restaurants,
 * the newest (first) from the integration source, so two pages of 10 asked of the server; deleting one or two keeps
 * two pages. The search ('o') and the status filter (Faol) keep all 13 (every name has an o, all are active), so
 * the same sample answers them; what they narrow is tested by tests/ui/journeys/listSearch.test.tsx. A load that
 * fails while searching or filtering keeps the rows and what was asked for on screen.
 */

export const LIST_SIZE = 13;
/** What the search box's step types, and the status its filter step chooses. */
export const SEARCH_TEXT = 'o';
/** The typing pause ending (SEARCH_DEBOUNCE_MS): the search is sent. */
export const SEARCH_SENT = `xstate.after.${SEARCH_DEBOUNCE_MS}.restaurantList.data.typing`;
type ListInvoke = 'loadRestaurants' | 'confirmDelete' | 'syncRestaurant';

const sample = (i: number): Restaurant => ({
  _id: `r${i}`,
  name: `Restoran ${i}`,
  slug: `restoran-${i}`,
  address: '',
  phone_number: '',
  work_time: '',
  manager_id: null,
  type: i === 1 ? 'integration' : 'manual',
  is_active: true,
  bot_token: null,
  channel_id: null,
  image: null,
  logotype: null,
  hide_stopped: false,
  time_zone: 'Asia/Tashkent',
  working_hours: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
});

export const restaurantListEvents = [
  {
    type: 'xstate.done.actor.loadRestaurants',
    // A page as the server answers it: 10 rows (which ones matters not to the plan), the counts and the total.
    output: {
      restaurants: Array.from({ length: 10 }, (_, i) => sample(i + 1)),
      counts: { all_count: LIST_SIZE, active_count: LIST_SIZE, inactive_count: 0 },
      total: LIST_SIZE,
      page: 1,
      limit: 10,
    },
  },
  { type: 'xstate.error.actor.loadRestaurants', error: new Error('500') },
  { type: 'restaurants.retry' },
  { type: 'page.next' },
  { type: 'page.prev' },
  { type: 'search.change', value: SEARCH_TEXT },
  { type: SEARCH_SENT },
  { type: 'filter.status', value: 'active' },
  { type: 'restaurant.delete', id: 'r2' },
  { type: 'confirm.yes' },
  { type: 'confirm.no' },
  { type: 'restaurant.sync', id: 'r1' },
  // How the confirm-delete child ended: Ha and the call went through, Ha and the call failed, or Yo‘q.
  { type: 'xstate.done.actor.confirmDelete', output: { result: 'deleted' } },
  { type: 'xstate.done.actor.confirmDelete', output: { result: 'failed', error: new Error('500') } },
  { type: 'xstate.done.actor.confirmDelete', output: { result: 'cancelled' } },
  { type: 'xstate.done.actor.syncRestaurant', output: syncAnswer(1, 0, 0) },
  { type: 'xstate.error.actor.syncRestaurant', error: new Error('502') },
] satisfies Array<ModelEvent & { type: RestaurantListEvent['type'] | ActorEventType<ListInvoke> | typeof SEARCH_SENT }>;

type Snapshot = SnapshotFrom<typeof restaurantListMachine>;

/** The steps of a search typed over the rows shown, each with the state it leads to: typed, sent, failed. */
const SEARCH_STEPS: Record<string, 'typing' | 'loading' | 'failed'> = {
  'search.change': 'typing',
  [SEARCH_SENT]: 'loading',
  'xstate.error.actor.loadRestaurants': 'failed',
};

/**
 * A search typed over the rows shown whose call fails: the rows stay, with the error above them and the search box
 * still holding what was typed. Its states have the values of a first load's search (nothing shown yet), which the
 * plan reaches first; so they are states of their own, walked once, with nothing else going on.
 */
function searchesShownRows(s: Snapshot, e: EventObject | undefined) {
  const leadsTo = e && SEARCH_STEPS[e.type];
  return (
    leadsTo !== undefined &&
    s.matches({ data: leadsTo, removal: 'idle', sync: 'idle' }) &&
    s.context.query !== '' &&
    s.context.restaurants.length > 0
  );
}

export const restaurantListModel: PathModel<typeof restaurantListMachine> = {
  name: 'restaurantList',
  machine: restaurantListMachine,
  events: restaurantListEvents,
  // `restaurants.reload` comes from the dialogs (their own plans) and from delete/sync (raised, covered here).
  // The integration restaurant is the newest, on page 1: its sync button is only on screen there.
  // Ha / Yo‘q go to the confirm-delete child; its outcome (done.actor.confirmDelete) is the step that presses them.
  serializeState: (s, e, prev) =>
    `${byOutcome(s, e, prev)}${searchesShownRows(s, e) ? ' [searching the rows shown]' : ''}`,
  // The search is typed once into the empty box and the filter chosen once (choosing the same again is no change on
  // screen), neither while the delete question (a modal) is open; the type filter is walked by the journeys only
  // (any choice but Hammasi changes the sample's rows).
  filterEvents: (s: Snapshot, e) =>
    !(e.type === 'restaurant.sync' && s.context.page !== 1) &&
    e.type !== 'confirm.yes' &&
    e.type !== 'confirm.no' &&
    !(e.type === 'search.change' && (s.context.query !== '' || !s.matches({ removal: 'idle' }))) &&
    !(e.type === 'filter.status' && (s.context.status !== 'all' || !s.matches({ removal: 'idle' }))) &&
    // While typing only the pause comes next: the screen's own 300 ms run on a real clock, so nothing else is
    // walked during them (the machine tests cover the rest on a fake clock).
    !(s.matches({ data: 'typing' }) && e.type !== SEARCH_SENT),
  describeEvent: (e) =>
    e.type === 'xstate.done.actor.confirmDelete'
      ? confirmOutcome(e)
      : ({
          'xstate.done.actor.loadRestaurants': 'the list loads',
          'xstate.error.actor.loadRestaurants': 'the list fails to load',
          'restaurants.retry': 'retry',
          'page.next': 'next page',
          'page.prev': 'previous page',
          'search.change': `type '${SEARCH_TEXT}' into the search box`,
          [SEARCH_SENT]: 'a pause in typing: the search is sent',
          'filter.status': "choose Holati: 'Faol'",
          'restaurant.delete': 'delete a restaurant',
          'confirm.yes': "answer 'Ha'",
          'confirm.no': "answer 'Yo‘q'",
          'restaurant.sync': 'sync the integration restaurant',
          'xstate.done.actor.syncRestaurant': 'the sync succeeds',
          'xstate.error.actor.syncRestaurant': 'the POS fails during the sync',
        }[e.type] ?? e.type),
};
