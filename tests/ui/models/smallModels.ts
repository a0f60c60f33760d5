import type { ManagerRestaurantsEvent } from '../../../machines/manager/managerRestaurants.machine';
import { managerRestaurantsMachine } from '../../../machines/manager/managerRestaurants.machine';
import { type ManagersEvent, managersMachine } from '../../../machines/managers/managers.machine';
import type { RestaurantViewEvent } from '../../../machines/restaurants/restaurantView.machine';
import { restaurantViewMachine } from '../../../machines/restaurants/restaurantView.machine';
import { SEARCH_DEBOUNCE_MS } from '../../../machines/shared/listQuery';
import { type UploadEvent, uploadMachine } from '../../../machines/upload/upload.machine';
import type { ActorEventType, ModelEvent, PathModel } from '../../support/paths';
import { byOutcome, confirmOutcome } from './confirmDelete.model';

/** Test plans of the smaller machines: restaurant view, managers, the manager's restaurants, picture upload. */

const named = (names: Record<string, string>) => (e: ModelEvent) => names[e.type] ?? e.type;

export const VIEWED = { _id: 'viewed', slug: 'korilgan-restoran', name: "Ko'rilgan Restoran" };

export const restaurantViewModel: PathModel<typeof restaurantViewMachine> = {
  name: 'restaurantView',
  machine: restaurantViewMachine,
  input: { id: VIEWED._id, slug: VIEWED.slug, role: 'admin' },
  events: [
    { type: 'xstate.done.actor.loadRestaurant', output: { restaurant: VIEWED, managerLogin: 'menedjer' } },
    { type: 'xstate.error.actor.loadRestaurant', error: new Error('500') },
    { type: 'restaurant.retry' },
    { type: 'restaurant.delete' },
    { type: 'confirm.yes' },
    { type: 'confirm.no' },
    // How the confirm-delete child ended: Ha and the call went through, Ha and the call failed, or Yo‘q.
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'deleted' } },
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'failed', error: new Error('500') } },
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'cancelled' } },
  ] satisfies Array<
    ModelEvent & { type: RestaurantViewEvent['type'] | ActorEventType<'loadRestaurant' | 'confirmDelete'> }
  >,
  serializeState: byOutcome,
  // Ha / Yo‘q go to the confirm-delete child; its outcome (done.actor.confirmDelete) is the step that presses them.
  filterEvents: (_s, e) => e.type !== 'confirm.yes' && e.type !== 'confirm.no',
  describeEvent: (e) =>
    e.type === 'xstate.done.actor.confirmDelete'
      ? confirmOutcome(e)
      : named({
          'xstate.done.actor.loadRestaurant': 'the restaurant loads',
          'xstate.error.actor.loadRestaurant': 'the restaurant fails to load',
          'restaurant.retry': 'retry',
          'restaurant.delete': "press O'chirish",
          'confirm.yes': "answer 'Ha'",
          'confirm.no': "answer 'Yo‘q'",
        })(e),
};

/** What the managers' search step types, and the pause that sends it (SEARCH_DEBOUNCE_MS). */
export const MANAGER_SEARCH = 'a';
export const MANAGER_SEARCH_SENT = `xstate.after.${SEARCH_DEBOUNCE_MS}.managers.typing`;

const behindQuestion = (s: { matches(state: 'confirmingDelete' | 'confirmingDeactivate'): boolean }) =>
  s.matches('confirmingDelete') || s.matches('confirmingDeactivate');

export const managersModel: PathModel<typeof managersMachine> = {
  name: 'managers',
  machine: managersMachine,
  events: [
    {
      type: 'xstate.done.actor.loadManagers',
      output: {
        data: [{ _id: 'm1', login: 'yangi.menedjer', is_active: true, restaurants_count: 0 }],
        total: 1,
        page: 1,
        limit: 10,
      },
    },
    { type: 'xstate.error.actor.loadManagers', error: new Error('500') },
    { type: 'managers.retry' },
    // The search and the status filter keep the one manager (its login has an a; it is active). Paging needs more
    // than one page: walked by tests/ui/journeys/listSearch.test.tsx.
    { type: 'search.change', value: MANAGER_SEARCH },
    { type: MANAGER_SEARCH_SENT },
    { type: 'filter.status', value: 'active' },
    { type: 'manager.delete', id: 'm1' },
    { type: 'manager.toggleActive', id: 'm1' },
    { type: 'confirm.yes' },
    { type: 'confirm.no' },
    // How the confirm-delete child ended: Ha and the call went through, Ha and the server refused, or Yo‘q.
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'deleted' } },
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'failed', error: new Error('409') } },
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'cancelled' } },
    { type: 'xstate.done.actor.setActive' },
    { type: 'xstate.error.actor.setActive', error: new Error('500') },
  ] satisfies Array<
    ModelEvent & {
      type:
        | ManagersEvent['type']
        | ActorEventType<'loadManagers' | 'confirmDelete' | 'setActive'>
        | typeof MANAGER_SEARCH_SENT;
    }
  >,
  serializeState: byOutcome,
  // Ha / Yo‘q go to the confirm-delete child; its outcome (done.actor.confirmDelete) is the step that presses them.
  // The deactivation question is the screen's own: there they are steps.
  // The search is typed once into the empty box, the filter chosen once, never behind an open question (a modal);
  // while typing only the pause comes next (the screen's 300 ms run on a real clock).
  filterEvents: (s, e) =>
    (s.matches('confirmingDeactivate') || (e.type !== 'confirm.yes' && e.type !== 'confirm.no')) &&
    !(e.type === 'search.change' && (s.context.query !== '' || behindQuestion(s))) &&
    !(e.type === 'filter.status' && (s.context.status !== 'all' || behindQuestion(s))) &&
    !(s.matches('typing') && e.type !== MANAGER_SEARCH_SENT),
  describeEvent: (e) =>
    e.type === 'xstate.done.actor.confirmDelete'
      ? confirmOutcome(e, { failed: "answer 'Ha'; the server refuses (the manager has restaurants)" })
      : named({
          'xstate.done.actor.loadManagers': 'the managers load',
          'xstate.error.actor.loadManagers': 'the managers fail to load',
          'managers.retry': 'retry',
          'search.change': `type '${MANAGER_SEARCH}' into the search box`,
          [MANAGER_SEARCH_SENT]: 'a pause in typing: the search is sent',
          'filter.status': "choose Holati: 'Faol'",
          'manager.delete': 'delete a manager',
          'manager.toggleActive': 'deactivate / activate a manager',
          'confirm.yes': "answer 'Ha'",
          'confirm.no': "answer 'Yo‘q'",
          'xstate.done.actor.setActive': 'the change is saved',
          'xstate.error.actor.setActive': 'the change fails',
        })(e),
};

export const managerRestaurantsModel: PathModel<typeof managerRestaurantsMachine> = {
  name: 'managerRestaurants',
  machine: managerRestaurantsMachine,
  events: [
    { type: 'xstate.done.actor.loadMyRestaurants', output: [{ _id: 'r1' }] },
    { type: 'xstate.done.actor.loadMyRestaurants', output: [] },
    { type: 'xstate.error.actor.loadMyRestaurants', error: new Error('500') },
    { type: 'restaurants.retry' },
  ] satisfies Array<ModelEvent & { type: ManagerRestaurantsEvent['type'] | ActorEventType<'loadMyRestaurants'> }>,
  describeEvent: (e) =>
    e.type === 'xstate.done.actor.loadMyRestaurants'
      ? (e.output as unknown[]).length > 0
        ? 'the restaurants load'
        : 'the manager has no restaurant'
      : e.type === 'xstate.error.actor.loadMyRestaurants'
        ? 'the restaurants fail to load'
        : 'retry',
};

export const uploadModel: PathModel<typeof uploadMachine> = {
  name: 'upload',
  machine: uploadMachine,
  input: { restaurantId: 'r1', kind: 'logotype' },
  // `upload.progress` is sent by the request itself as bytes go out (jsdom reports upload progress only at the end;
  // the progress bar is checked in Chromium by tests/e2e/admin.spec.ts and in tests/machines/upload.machine.test.ts).
  events: [
    { type: 'upload.start', file: 'logo.png' },
    { type: 'upload.cancel' },
    { type: 'xstate.done.actor.upload', output: { url: '/uploads/logo.webp' } },
    { type: 'xstate.error.actor.upload', error: new Error('400') },
  ] satisfies Array<ModelEvent & { type: Exclude<UploadEvent['type'], 'upload.progress'> | ActorEventType<'upload'> }>,
  describeEvent: named({
    'upload.start': 'choose a logo file',
    'upload.cancel': "press 'Bekor qilish'",
    'xstate.done.actor.upload': 'the server stores it',
    'xstate.error.actor.upload': 'the server refuses the file',
  }),
};
