import type { ManagerRestaurantsEvent } from '../../../machines/manager/managerRestaurants.machine';
import { managerRestaurantsMachine } from '../../../machines/manager/managerRestaurants.machine';
import { type ManagersEvent, managersMachine } from '../../../machines/managers/managers.machine';
import type { RestaurantViewEvent } from '../../../machines/restaurants/restaurantView.machine';
import { restaurantViewMachine } from '../../../machines/restaurants/restaurantView.machine';
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

export const managersModel: PathModel<typeof managersMachine> = {
  name: 'managers',
  machine: managersMachine,
  events: [
    {
      type: 'xstate.done.actor.loadManagers',
      output: [{ _id: 'm1', login: 'yangi.menedjer', is_active: true, restaurants_count: 0 }],
    },
    { type: 'xstate.error.actor.loadManagers', error: new Error('500') },
    { type: 'managers.retry' },
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
    ModelEvent & { type: ManagersEvent['type'] | ActorEventType<'loadManagers' | 'confirmDelete' | 'setActive'> }
  >,
  serializeState: byOutcome,
  // Ha / Yo‘q go to the confirm-delete child; its outcome (done.actor.confirmDelete) is the step that presses them.
  // The deactivation question (issue 12 #13) is the screen's own: there they are steps.
  filterEvents: (s, e) => s.matches('confirmingDeactivate') || (e.type !== 'confirm.yes' && e.type !== 'confirm.no'),
  describeEvent: (e) =>
    e.type === 'xstate.done.actor.confirmDelete'
      ? confirmOutcome(e, { failed: "answer 'Ha'; the server refuses (the manager has restaurants)" })
      : named({
          'xstate.done.actor.loadManagers': 'the managers load',
          'xstate.error.actor.loadManagers': 'the managers fail to load',
          'managers.retry': 'retry',
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
