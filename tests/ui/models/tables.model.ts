import type { SnapshotFrom } from 'xstate';
import { ApiError } from '../../../client/client';
import type { Table } from '../../../client/tables';
import type { Restaurant } from '../../../client/types';
import { type TableListEvent, tableListMachine } from '../../../machines/tables/tableList.machine';
import type { ActorEventType, ModelEvent, PathModel } from '../../support/paths';
import { byOutcome, confirmOutcome } from './confirmDelete.model';

/**
 * The "Stollar" list machine's test plan, shared by tests/machines/tables.machine.test.ts (a live actor,
 * its calls replaced) and tests/ui/tables.paths.test.tsx (the rendered screen against the real server). The sample
 * restaurant has two tables: "1" (on) and "2" (off). Answers that only make sense for one state are kept to it
 * (`filterEvents`): a switch's answer is the pressed table with its other position, a load's answer is the
 * restaurant asked for.
 */

export type TableListInvoke = 'loadTables' | 'setActive' | 'confirmDelete' | 'renewToken';

const restaurant = (id: string, name: string, slug: string): Restaurant =>
  ({
    _id: id,
    name,
    slug,
    address: "Toshkent, Navoiy ko'chasi 1",
    phone_number: '+998 90 123 45 67',
    work_time: '09:00 - 23:00',
    is_active: true,
    ordering_enabled: true,
  }) as unknown as Restaurant;

export const SAMPLE_RESTAURANT = restaurant('r1', 'Stol Restoran', 'stol-restoran');
export const OTHER_RESTAURANT = restaurant('r2', 'Ikkinchi Restoran', 'ikkinchi-restoran');

const table = (id: string, name: string, is_active: boolean): Table => ({
  _id: id,
  restaurant_id: 'r1',
  name,
  is_active,
  token: `${id}`.padEnd(32, '0'),
  source: 'manual',
  pos_table_id: null,
  createdAt: '2026-11-26T10:00:00.000Z',
});
export const SAMPLE_TABLES = [table('t1', '1', true), table('t2', '2', false)];
/** The sample table's name by its model id (the UI test finds the real one by it). */
export const sampleTableName = (id: string) => SAMPLE_TABLES.find((t) => t._id === id)?.name ?? id;

type Snapshot = SnapshotFrom<typeof tableListMachine>;

/** A sample event of this machine: one of its own events or an outcome of one of its calls. */
export type TableModelEventType = TableListEvent['type'] | ActorEventType<TableListInvoke>;
type TableModelEvent = ModelEvent & { type: TableModelEventType };

const loadEvents = (restaurants: Restaurant[]): ModelEvent[] => [
  {
    type: 'xstate.done.actor.loadTables',
    output: { restaurants, restaurantId: 'r1', tables: SAMPLE_TABLES, printPass: 'pass-r1' },
  },
  ...(restaurants.length > 1
    ? [
        {
          type: 'xstate.done.actor.loadTables',
          output: { restaurants, restaurantId: 'r2', tables: [], printPass: 'pass-r2' },
        },
      ]
    : []),
  { type: 'xstate.error.actor.loadTables', error: new ApiError(500, 'Serverda xatolik') },
];

const listEvents: ModelEvent[] = [
  { type: 'tables.retry' },
  { type: 'tables.reload' },
  { type: 'tables.choose', restaurantId: 'r2' },
  { type: 'table.toggle', id: 't1' },
  { type: 'table.toggle', id: 't2' },
  ...SAMPLE_TABLES.flatMap((t) => [
    { type: 'xstate.done.actor.setActive', output: { ...t, is_active: false } },
    { type: 'xstate.done.actor.setActive', output: { ...t, is_active: true } },
  ]),
  { type: 'xstate.error.actor.setActive', error: new ApiError(500, 'Serverda xatolik') },
  { type: 'table.delete', id: 't1' },
  { type: 'confirm.yes' },
  { type: 'confirm.no' },
  // How the confirm-delete child ended: Ha and the call went through, Ha and the call failed, or Yo‘q.
  { type: 'xstate.done.actor.confirmDelete', output: { result: 'deleted' } },
  {
    type: 'xstate.done.actor.confirmDelete',
    output: { result: 'failed', error: new ApiError(404, 'Stol topilmadi.') },
  },
  { type: 'xstate.done.actor.confirmDelete', output: { result: 'cancelled' } },
  // A new QR code for table "1": asked, then Ha (the new token answers, or the call fails) or Yo‘q.
  { type: 'token.renew', id: 't1' },
  { type: 'renew.yes' },
  { type: 'renew.no' },
  { type: 'xstate.done.actor.renewToken', output: { ...SAMPLE_TABLES[0]!, token: 'f'.repeat(32) } },
  { type: 'xstate.error.actor.renewToken', error: new ApiError(404, 'Stol topilmadi.') },
];

/**
 * The samples as the machine's events (a cast: the arrays above widen `type` to string; the UI test's fixtures are
 * typed by TableModelEventType, and a sample the machine never accepts would leave the coverage test short).
 */
const typed = (events: ModelEvent[]) => events as TableModelEvent[];

/** An answer the machine could really get in this state. */
function answers(s: Snapshot, e: ModelEvent): boolean {
  if (e.type === 'xstate.done.actor.loadTables')
    return (e.output as { restaurantId: string }).restaurantId === s.context.restaurantId;
  if (e.type === 'xstate.done.actor.setActive') {
    const answer = e.output as Table;
    const pressed = s.context.tables.find((t) => t._id === s.context.toggleId);
    return pressed !== undefined && answer._id === pressed._id && answer.is_active === !pressed.is_active;
  }
  if (e.type === 'xstate.done.actor.renewToken') return (e.output as Table)._id === s.context.renewId;
  // Ha / Yo‘q go to the confirm-delete child; its outcome (done.actor.confirmDelete) is the step that presses them.
  return e.type !== 'confirm.yes' && e.type !== 'confirm.no';
}

function describeEvent(e: ModelEvent): string {
  switch (e.type) {
    case 'xstate.done.actor.loadTables':
      return `the tables of ${(e.output as { restaurantId: string }).restaurantId} load`;
    case 'xstate.error.actor.loadTables':
      return 'the load fails';
    case 'tables.retry':
      return 'retry the load';
    case 'tables.reload':
      return 'a dialog saved: reload';
    case 'tables.choose':
      return `choose the restaurant ${String(e.restaurantId)}`;
    case 'table.toggle':
      return `press the switch of table ${sampleTableName(String(e.id))}`;
    case 'xstate.done.actor.setActive': {
      const answer = e.output as Table;
      return `table ${answer.name} is now ${answer.is_active ? 'on' : 'off'}`;
    }
    case 'xstate.error.actor.setActive':
      return 'the switch call fails';
    case 'table.delete':
      return `press O'chirish of table ${sampleTableName(String(e.id))}`;
    case 'xstate.done.actor.confirmDelete':
      return confirmOutcome(e);
    case 'token.renew':
      return `press QR-kodni yangilash of table ${sampleTableName(String(e.id))}`;
    case 'renew.yes':
      return 'answer Ha to the new QR code';
    case 'renew.no':
      return 'answer Yo‘q to the new QR code';
    case 'xstate.done.actor.renewToken':
      return `table ${(e.output as Table).name} has a new token`;
    case 'xstate.error.actor.renewToken':
      return 'the new QR code call fails';
    default:
      return e.type;
  }
}

/**
 * The whole machine (a manager with two restaurants, so `tables.choose` has one to go to; `tables.reload` as a dialog's
 * save sends it): walked on a live actor.
 */
export const tableListModel: PathModel<typeof tableListMachine> = {
  name: 'tableList',
  machine: tableListMachine,
  input: { role: 'manager', restaurantId: 'r1' },
  events: typed([...loadEvents([SAMPLE_RESTAURANT, OTHER_RESTAURANT]), ...listEvents]),
  serializeState: byOutcome,
  filterEvents: answers,
  describeEvent,
};

/** A press on the list while a question's modal covers it (the delete question, or the new QR code's warning). */
function behindModal(s: Snapshot, e: ModelEvent): boolean {
  const onList = e.type === 'table.toggle' || e.type === 'table.delete' || e.type === 'token.renew';
  return onList && (s.matches({ removal: 'confirming' }) || !s.matches({ renewal: 'idle' }));
}

/**
 * What the rendered screen walks: one restaurant (no choice to make), no dialog saves (`tables.reload`, walked by the
 * journeys), and nothing on the list pressed behind an open question (the modal covers the list).
 */
export const tableScreenModel: PathModel<typeof tableListMachine> = {
  ...tableListModel,
  name: 'tableList (screen)',
  events: typed([...loadEvents([SAMPLE_RESTAURANT]), ...listEvents.filter((e) => e.type !== 'tables.choose')]),
  filterEvents: (s, e) => answers(s, e) && e.type !== 'tables.reload' && !behindModal(s, e),
};
