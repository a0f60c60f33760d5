import { and, assign, or, setup, stateIn } from 'xstate';
import { ApiError } from '../../client/client';
import type { Insights, InsightsFile, InsightsFormat, InsightsPeriod } from '../../client/insights';
import type { Role } from '../../client/types';
import { DEFAULT_TIME_ZONE } from '../../lib/schedule-types';
import { uzCatalog } from '../../lib/uz-catalog';
import { uzInsights } from '../../lib/uz-insights';
import type { Notice } from '../shared/notify';
import {
  downloadInsightsActor,
  type InsightsPlace,
  type InsightsScope,
  loadInsightsActor,
  loadPlaceActor,
} from './insights.actors';
import {
  isValidRange,
  type PeriodChoice,
  type PeriodPreset,
  presetPeriod,
  type RangeField,
  todayIn,
} from './period.rules';
import { isEmptyReport } from './report.rules';

/**
 * "Hisobot": what happened in a period, for a restaurant's owner (or the whole platform, for an admin). It first
 * finds the restaurant, whose time zone says what "today" is there (`opening`; none to show: `unavailable`), then
 * loads the report of the chosen period (`open.data`): "7 kun" at first, another preset at a press
 * (`period.choose`), or "Boshqa davr" typed in its own little form (`open.range`: `range.open`, `range.change`,
 * `range.apply` once the days pass period.rules.ts, `range.close`). A period where the menu was not opened and
 * nothing was ordered is `empty`, not a page of zeros. A restaurant's report downloads as CSV or Excel
 * (`insights.export`, `open.download`); React saves the file (`saveFile`) and shows toasts (`notify`).
 */

export interface InsightsInput {
  scope: InsightsScope;
  role: Role;
  /** The restaurant asked for (null: a manager's first; always null for the platform). */
  restaurantId: string | null;
  /** The clock the presets are read from; tests fix it. */
  now?: () => Date;
}

export interface InsightsContext {
  scope: InsightsScope;
  role: Role;
  askedId: string | null;
  /** The report's restaurant (or the platform) and its time zone, once found. */
  place: InsightsPlace | null;
  now: () => Date;
  /** The preset chosen, or `custom` for a range typed by hand. */
  choice: PeriodChoice;
  /** The period asked for (the one loading, or shown). */
  period: InsightsPeriod;
  /** "Boshqa davr"'s days as typed, checked before they become the period. */
  draft: InsightsPeriod;
  report: Insights | null;
  /** The period the shown report is of. */
  reportPeriod: InsightsPeriod | null;
  /** Why the restaurant or the report could not be shown (the server's words when it said why). */
  error: string | null;
  /** The format the running download asked for. */
  exportFormat: InsightsFormat;
}

export type InsightsEvent =
  | { type: 'insights.retry' }
  | { type: 'period.choose'; preset: PeriodPreset }
  | { type: 'range.open' }
  | { type: 'range.change'; field: RangeField; value: string }
  | { type: 'range.apply' }
  | { type: 'range.close' }
  | { type: 'insights.export'; format: InsightsFormat };

/** The preset a report opens with. */
export const FIRST_PRESET: PeriodPreset = 'week';

/**
 * The words of a failed call: the server's own when it said why (a period it refuses, a restaurant not found), the
 * client's when the server was not reached; null for anything else.
 */
function reasonOf(error: unknown): string | null {
  return error instanceof ApiError && error.message ? error.message : null;
}

const zoneOf = (context: InsightsContext) => context.place?.timeZone ?? DEFAULT_TIME_ZONE;

export const insightsMachine = setup({
  types: {
    context: {} as InsightsContext,
    events: {} as InsightsEvent,
    input: {} as InsightsInput,
  },
  actors: {
    loadPlace: loadPlaceActor,
    loadInsights: loadInsightsActor,
    downloadInsights: downloadInsightsActor,
  },
  actions: {
    notify: (_, _params: Notice) => {},
    /** Provided by React: the downloaded file is saved by the browser. */
    saveFile: (_, _params: { file: InsightsFile }) => {},
    settlePlace: assign(({ context }, { place }: { place: InsightsPlace }) => ({
      place,
      error: null,
      period: presetPeriod(FIRST_PRESET, context.now(), place.timeZone),
      choice: FIRST_PRESET,
    })),
    choosePreset: assign(({ context }, { preset }: { preset: PeriodPreset }) => ({
      choice: preset,
      period: presetPeriod(preset, context.now(), zoneOf(context)),
    })),
    showReport: assign(({ context }, { report }: { report: Insights }) => ({
      report,
      reportPeriod: context.period,
      error: null,
    })),
  },
  guards: {
    placeFound: (_, { place }: { place: InsightsPlace | null }) => place !== null,
    isEmpty: (_, { report }: { report: Insights }) => isEmptyReport(report),
    rangeValid: ({ context }) => isValidRange(context.draft, todayIn(context.now(), zoneOf(context))),
    isRestaurantReport: ({ context }) => context.place?.restaurantId != null,
  },
}).createMachine({
  id: 'insights',
  context: ({ input }) => {
    const now = input.now ?? (() => new Date());
    const period = presetPeriod(FIRST_PRESET, now(), DEFAULT_TIME_ZONE);
    return {
      scope: input.scope,
      role: input.role,
      askedId: input.scope === 'platform' ? null : input.restaurantId,
      place: null,
      now,
      choice: FIRST_PRESET,
      period,
      draft: period,
      report: null,
      reportPeriod: null,
      error: null,
      exportFormat: 'csv',
    };
  },
  initial: 'opening',
  states: {
    opening: {
      invoke: {
        id: 'loadPlace',
        src: 'loadPlace',
        input: ({ context }) => ({ scope: context.scope, role: context.role, restaurantId: context.askedId }),
        onDone: [
          {
            guard: { type: 'placeFound', params: ({ event }) => ({ place: event.output }) },
            target: 'open',
            actions: { type: 'settlePlace', params: ({ event }) => ({ place: event.output! }) },
          },
          {
            target: 'unavailable',
            actions: assign({
              error: ({ context }) =>
                context.role === 'manager' ? uzCatalog.noRestaurantOfManager : uzInsights.restaurantNotFound,
            }),
          },
        ],
        onError: {
          target: 'unavailable',
          actions: assign({ error: ({ event }) => reasonOf(event.error) ?? uzInsights.loadFailed }),
        },
      },
    },
    /** No restaurant to report on, or it could not be read: the reason, and "Qayta urinish". */
    unavailable: {
      on: { 'insights.retry': { target: 'opening' } },
    },
    open: {
      type: 'parallel',
      states: {
        data: {
          initial: 'loading',
          on: {
            // Another period: its load replaces the running one. A transition of `data` to its own child leaves and
            // enters that child again, so a load in flight is aborted. Not `reenter`: leaving `data` itself would
            // conflict with the form's transition on the same event (`range.apply`), and xstate would drop the form's.
            'period.choose': {
              target: '.loading',
              actions: { type: 'choosePreset', params: ({ event }) => ({ preset: event.preset }) },
            },
            'range.apply': {
              guard: and([stateIn({ open: { range: 'editing' } }), 'rangeValid']),
              target: '.loading',
            },
          },
          states: {
            loading: {
              invoke: {
                id: 'loadInsights',
                src: 'loadInsights',
                input: ({ context }) => ({ restaurantId: context.place?.restaurantId ?? null, period: context.period }),
                onDone: [
                  {
                    guard: { type: 'isEmpty', params: ({ event }) => ({ report: event.output }) },
                    target: 'empty',
                    actions: { type: 'showReport', params: ({ event }) => ({ report: event.output }) },
                  },
                  {
                    target: 'loaded',
                    actions: { type: 'showReport', params: ({ event }) => ({ report: event.output }) },
                  },
                ],
                onError: {
                  target: 'failed',
                  actions: assign({ error: ({ event }) => reasonOf(event.error) ?? uzInsights.loadFailed }),
                },
              },
            },
            loaded: {},
            /** Nothing happened in the period: no menu opened, no order. */
            empty: {},
            failed: {
              on: { 'insights.retry': { target: 'loading' } },
            },
          },
        },
        range: {
          initial: 'closed',
          states: {
            closed: {
              on: {
                // The form starts from the period shown, so changing one end is one field.
                'range.open': { target: 'editing', actions: assign({ draft: ({ context }) => context.period }) },
              },
            },
            editing: {
              on: {
                'range.change': {
                  actions: assign({
                    draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }),
                  }),
                },
                'range.apply': {
                  guard: 'rangeValid',
                  target: 'closed',
                  actions: assign({ choice: 'custom', period: ({ context }) => context.draft }),
                },
                'range.close': { target: 'closed' },
                'period.choose': { target: 'closed' },
              },
            },
          },
        },
        download: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'insights.export': {
                  guard: and([
                    'isRestaurantReport',
                    or([stateIn({ open: { data: 'loaded' } }), stateIn({ open: { data: 'empty' } })]),
                  ]),
                  target: 'downloading',
                  actions: assign({ exportFormat: ({ event }) => event.format }),
                },
              },
            },
            downloading: {
              invoke: {
                id: 'downloadInsights',
                src: 'downloadInsights',
                input: ({ context }) => ({
                  restaurantId: context.place?.restaurantId ?? '',
                  period: context.period,
                  format: context.exportFormat,
                }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'saveFile', params: ({ event }) => ({ file: event.output }) },
                },
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'notify',
                    params: ({ event }) => {
                      const reason = reasonOf(event.error);
                      return {
                        kind: 'error' as const,
                        text: reason ? `${uzInsights.exportFailed}: ${reason}` : `${uzInsights.exportFailed}.`,
                      };
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});
