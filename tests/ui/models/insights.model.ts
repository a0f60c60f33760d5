import type { EventObject, SnapshotFrom } from 'xstate';
import { ApiError } from '../../../client/client';
import type { Insights, InsightsFile } from '../../../client/insights';
import type { InsightsPlace } from '../../../machines/insights/insights.actors';
import { type InsightsEvent, insightsMachine } from '../../../machines/insights/insights.machine';
import { isOneDay, isValidRange, presetPeriod, todayIn } from '../../../machines/insights/period.rules';
import { type ActorEventType, byTransition, type ModelEvent, type PathModel } from '../../support/paths';

/**
 * "Hisobot" as a test plan, shared by tests/machines/insights.machine.test.ts (a live actor, its calls held) and
 * tests/ui/insights.paths.test.tsx (the rendered screen). A manager's restaurant in Tashkent's days is found (or its
 * read fails, and is tried again); the report of "7 kun" loads (a week with orders, an empty week, or the server's
 * refusal, tried again); "Bugun" loads a day (its chart is by hour) and "30 kun" a month; "Boshqa davr" is opened, its
 * first day moved back two years (too long: refused on the spot), its last day set a month on (shown), or the form
 * closed; the report is downloaded as CSV (saved, or refused).
 */

export type InsightsInvoke = 'loadPlace' | 'loadInsights' | 'downloadInsights';

export const INSIGHTS_RESTAURANT = {
  restaurantId: 'r1',
  name: 'Hisobot Choyxonasi',
  slug: 'hisobot-choyxonasi',
  timeZone: 'Asia/Tashkent',
} satisfies InsightsPlace;

/** The sample week: the last seven days in Tashkent when the plan is read. */
const week = presetPeriod('week', new Date(), 'Asia/Tashkent');
const weekDays = Array.from({ length: 7 }, (_, i) => {
  const day = new Date(`${week.from}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + i);
  return day.toISOString().slice(0, 10);
});

/** A week with diners: opens, orders, a dish viewed and never ordered, two tables, searches that found nothing. */
export const SAMPLE_REPORT: Insights = {
  menu_opens: 1234,
  orders: 56,
  items: 140,
  revenue: 4_560_000,
  average_check: 81_428,
  tips: 150_000,
  median_accept_seconds: 130,
  median_serve_seconds: 1500,
  median_call_seconds: 45,
  slowest_call_seconds: 45,
  unavailable_refusals: 3,
  by_day: weekDays.map((date, i) => ({ date, menu_opens: 100 + i * 20, orders: 5 + i, revenue: 400_000 + i * 10_000 })),
  by_hour: [
    { hour: 12, menu_opens: 300, orders: 20 },
    { hour: 19, menu_opens: 500, orders: 30 },
  ],
  dishes: [
    { product_id: 'p1', name: 'Palov', orders: 30, quantity: 42, revenue: 1_890_000, views: 120, unavailable: 0 },
    { product_id: 'p2', name: "Sho'rva", orders: 18, quantity: 20, revenue: 700_000, views: 60, unavailable: 3 },
    { product_id: 'p3', name: 'Manti', orders: 0, quantity: 0, revenue: 0, views: 25, unavailable: 0 },
  ],
  categories: [
    { category_id: 'c1', name: 'Issiq taomlar', orders: 48, quantity: 62, revenue: 2_590_000 },
    { category_id: 'c2', name: 'Ichimliklar', orders: 12, quantity: 20, revenue: 240_000 },
  ],
  tables: [
    { table_id: 't1', name: '1', orders: 20, revenue: 1_500_000, menu_opens: 400 },
    { table_id: 't2', name: '2', orders: 36, revenue: 3_060_000, menu_opens: 700 },
  ],
  empty_searches: [
    { text: 'lagmon', count: 4 },
    { text: 'kompot', count: 9 },
  ],
};

/** A period where nothing happened. */
export const EMPTY_REPORT: Insights = {
  menu_opens: 0,
  orders: 0,
  items: 0,
  revenue: 0,
  average_check: 0,
  tips: 0,
  median_accept_seconds: null,
  median_serve_seconds: null,
  median_call_seconds: null,
  slowest_call_seconds: null,
  unavailable_refusals: 0,
  by_day: [],
  by_hour: [],
  dishes: [],
  categories: [],
  tables: [],
  empty_searches: [],
};

/** The server's 400 for a period it refuses (its Uzbek message is what the screen shows). */
export const PERIOD_REFUSED = new ApiError(400, 'Davr 366 kundan oshmasligi kerak.');
export const PLACE_FAILED = new ApiError(500, 'Sinov xatosi');
export const EXPORT_REFUSED = new ApiError(403, "Bu restoran hisobotini ko'rishga ruxsat yo'q.");

export const SAMPLE_FILE: InsightsFile = {
  blob: new Blob(['date,menu_opens\n'], { type: 'text/csv' }),
  fileName: 'hisobot.csv',
};

/** "Boshqa davr"'s first day two years back (the range then runs past 366 days), its last a month after that. */
export const RANGE_FROM = '2024-01-01';
export const RANGE_TO = '2024-01-31';

type Snapshot = SnapshotFrom<typeof insightsMachine>;
type InsightsModelEvent = ModelEvent & { type: InsightsEvent['type'] | ActorEventType<InsightsInvoke> };

const events = [
  { type: 'xstate.done.actor.loadPlace', output: INSIGHTS_RESTAURANT },
  { type: 'xstate.done.actor.loadPlace', output: null },
  { type: 'xstate.error.actor.loadPlace', error: PLACE_FAILED },
  { type: 'xstate.done.actor.loadInsights', output: SAMPLE_REPORT },
  { type: 'xstate.done.actor.loadInsights', output: EMPTY_REPORT },
  { type: 'xstate.error.actor.loadInsights', error: PERIOD_REFUSED },
  { type: 'insights.retry' },
  { type: 'period.choose', preset: 'today' },
  { type: 'period.choose', preset: 'month' },
  { type: 'range.open' },
  { type: 'range.change', field: 'from', value: RANGE_FROM },
  { type: 'range.change', field: 'to', value: RANGE_TO },
  { type: 'range.apply' },
  { type: 'range.close' },
  { type: 'insights.export', format: 'csv' },
  { type: 'xstate.done.actor.downloadInsights', output: SAMPLE_FILE },
  { type: 'xstate.error.actor.downloadInsights', error: EXPORT_REFUSED },
] satisfies InsightsModelEvent[];

const rangeValid = (s: Snapshot) =>
  isValidRange(s.context.draft, todayIn(s.context.now(), s.context.place?.timeZone ?? 'Asia/Tashkent'));

/**
 * byTransition, with what changes the screen without changing the state: whether the period is one day (its chart is
 * by hour), whether the report had anything, and, while "Boshqa davr" is open, whether its days pass the checks.
 */
function serializeState(snapshot: Snapshot, event: EventObject | undefined, previous?: Snapshot) {
  const shape = isOneDay(snapshot.context.period) ? 'day' : 'days';
  const range = snapshot.matches({ open: { range: 'editing' } }) ? (rangeValid(snapshot) ? ' valid' : ' invalid') : '';
  return `${byTransition(snapshot, event, previous)} ${shape}${range}`;
}

function describeEvent(e: ModelEvent): string {
  switch (e.type) {
    case 'xstate.done.actor.loadPlace':
      return e.output ? 'the restaurant is found' : 'there is no restaurant to show';
    case 'xstate.error.actor.loadPlace':
      return "the restaurant's read fails";
    case 'xstate.done.actor.loadInsights':
      return (e.output as Insights).orders > 0 ? 'the report loads' : 'the report loads empty';
    case 'xstate.error.actor.loadInsights':
      return 'the server refuses the period';
    case 'period.choose':
      return `press '${e.preset === 'today' ? 'Bugun' : '30 kun'}'`;
    case 'range.change':
      return e.field === 'from' ? `first day ${RANGE_FROM}` : `last day ${RANGE_TO}`;
    case 'xstate.done.actor.downloadInsights':
      return 'the file is saved';
    case 'xstate.error.actor.downloadInsights':
      return 'the file is refused';
    default:
      return (
        {
          'insights.retry': "press 'Qayta urinish'",
          'range.open': "press 'Boshqa davr'",
          'range.apply': "press 'Ko'rsatish'",
          'range.close': "press 'Yopish'",
          'insights.export': "press 'CSV yuklab olish'",
        }[e.type] ?? e.type
      );
  }
}

/** The whole machine: a manager's restaurant report, walked on a live actor. */
export const insightsModel: PathModel<typeof insightsMachine> = {
  name: 'insights',
  machine: insightsMachine,
  input: { scope: 'restaurant', role: 'manager', restaurantId: 'r1' },
  events,
  serializeState,
  describeEvent,
};

/** A report (or its empty line) is on the screen: what "Boshqa davr" is walked beside. */
const reportShown = (s: Snapshot) => s.matches({ open: { data: 'loaded' } }) || s.matches({ open: { data: 'empty' } });

/**
 * What the rendered screen walks, as an admin opening a restaurant's report (the restaurant's read is then the
 * admin's own call, which the test can hold: a manager's is the session's call too). The restaurant is there (no
 * "no restaurant" answer: a journey walks it); "Boshqa davr" is used beside a report shown and, while it is open,
 * only its own form (the presets and the exports are walked with it closed); while a file is coming only its
 * outcome. The machine test walks every transition of the machine.
 */
export const insightsScreenModel: PathModel<typeof insightsMachine> = {
  ...insightsModel,
  name: 'insights (screen)',
  input: { scope: 'restaurant', role: 'admin', restaurantId: 'r1' },
  filterEvents: (s, e) => {
    if (e.type === 'xstate.done.actor.loadPlace') return e.output !== null;
    if (s.matches({ open: { download: 'downloading' } })) return e.type.endsWith('.downloadInsights');
    if (e.type.startsWith('range.') && !reportShown(s)) return false;
    if (s.matches({ open: { range: 'editing' } })) return !['period.choose', 'insights.export'].includes(e.type);
    return true;
  },
};
