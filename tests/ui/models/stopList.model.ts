import type { SnapshotFrom } from 'xstate';
import { type StopListEvent, stopListMachine } from '../../../machines/stopList/stopList.machine';
import type { ActorEventType, ModelEvent, PathModel } from '../../support/paths';
import {
  sampleAnswers,
  sampleCategoryId,
  sampleCategoryTitle,
  sampleProductId,
  sampleProductName,
} from './stopList.sample';

/**
 * The stop-list machine's test plan. The load answer is the shared sample restaurant (stopList.sample.ts), which the
 * UI test seeds into the real database, so every sample event names a product or category the screen shows:
 * Mastava (Mavjud, in a category that keeps other available products), the whole Kaboblar (Mavjud: emptying it
 * turns it off), Chuchvara (Stop-list, active category) and the whole Nonlar (Stop-list, an inactive category).
 *
 * The move's answer has three samples: no category change, Kaboblar off, Nonlar on. Whether one matches the
 * machine's prediction decides between `idle` and `refreshing` (stale data); the screen's fixture produces the same
 * outcome with the real server by changing the database behind the screen's back when the model says "stale".
 */

export type StopListInvoke = 'loadStopList' | 'moveProducts' | 'refreshStopList';

const load = { restaurantId: 'r1', ...sampleAnswers() };

export const stopListEvents = [
  { type: 'xstate.done.actor.loadStopList', output: load },
  { type: 'xstate.error.actor.loadStopList', error: new Error('500') },
  { type: 'stopList.retry' },
  { type: 'stopList.tab', tab: 'available' },
  { type: 'stopList.tab', tab: 'stopped' },
  { type: 'stopList.search', query: 'kabob' },
  { type: 'stopList.clearSearch' },
  { type: 'stopList.showMore' },
  { type: 'stopList.toggleProduct', id: sampleProductId('Mastava') },
  { type: 'stopList.toggleProduct', id: sampleProductId('Chuchvara') },
  { type: 'stopList.toggleCategory', categoryId: sampleCategoryId('Kaboblar') },
  { type: 'stopList.toggleCategory', categoryId: sampleCategoryId('Nonlar') },
  { type: 'stopList.move' },
  { type: 'stopList.dismiss' },
  { type: 'xstate.done.actor.moveProducts', output: { products: [], categories: [] } },
  {
    type: 'xstate.done.actor.moveProducts',
    output: { products: [], categories: [{ _id: sampleCategoryId('Kaboblar'), is_active: false }] },
  },
  {
    type: 'xstate.done.actor.moveProducts',
    output: { products: [], categories: [{ _id: sampleCategoryId('Nonlar'), is_active: true }] },
  },
  { type: 'xstate.error.actor.moveProducts', error: new Error('500') },
  { type: 'xstate.done.actor.refreshStopList', output: load },
  { type: 'xstate.error.actor.refreshStopList', error: new Error('500') },
] satisfies Array<ModelEvent & { type: StopListEvent['type'] | ActorEventType<StopListInvoke> }>;

type Snapshot = SnapshotFrom<typeof stopListMachine>;

/** A state is its value, the transition that reached it, and whether anything is selected (the button shows). */
function serializeState(snapshot: Snapshot, event: { type: string } | undefined, previous?: Snapshot): string {
  const key = (s: Snapshot) => `${JSON.stringify(s.value)}${s.context.selected.size > 0 ? '+selection' : ''}`;
  return previous && event ? `${key(snapshot)} <- ${key(previous)} ${event.type}` : key(snapshot);
}

export const stopListModel: PathModel<typeof stopListMachine> = {
  name: 'stopList',
  machine: stopListMachine,
  input: { restaurantId: 'r1' },
  events: stopListEvents,
  serializeState,
  describeEvent: (e) => {
    switch (e.type) {
      case 'xstate.done.actor.loadStopList':
        return 'the restaurant loads';
      case 'xstate.error.actor.loadStopList':
        return 'the load fails';
      case 'stopList.retry':
        return 'retry the load';
      case 'stopList.tab':
        return `open the ${e.tab === 'available' ? 'Mavjud' : 'Stop-list'} tab`;
      case 'stopList.search':
        return `search "${e.query}"`;
      case 'stopList.clearSearch':
        return 'clear the search';
      case 'stopList.showMore':
        return "ko'proq ko'rsatish";
      case 'stopList.toggleProduct':
        return `tick ${sampleProductName(String(e.id))}`;
      case 'stopList.toggleCategory':
        return `tick the category ${sampleCategoryTitle(String(e.categoryId))}`;
      case 'stopList.move':
        return 'press the floating button';
      case 'stopList.dismiss':
        return 'close the error';
      case 'xstate.done.actor.moveProducts':
        return 'the move succeeds';
      case 'xstate.error.actor.moveProducts':
        return 'the move fails';
      case 'xstate.done.actor.refreshStopList':
        return 'the reload succeeds';
      case 'xstate.error.actor.refreshStopList':
        return 'the reload fails';
      default:
        return e.type;
    }
  },
};
