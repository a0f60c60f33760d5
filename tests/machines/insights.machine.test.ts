import { describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, createActor, type SnapshotFrom } from 'xstate';
import type { Insights } from '../../client/insights';
import { uz } from '../../lib/uz';
import { uzCatalog } from '../../lib/uz-catalog';
import { uzInsights } from '../../lib/uz-insights';
import { type InsightsEvent, type InsightsInput, insightsMachine } from '../../machines/insights/insights.machine';
import {
  selectCanChoosePeriod,
  selectCanExport,
  selectChart,
  selectChoice,
  selectDownloading,
  selectEmptySearches,
  selectFailure,
  selectFigures,
  selectHasExports,
  selectIsEmpty,
  selectIsLoaded,
  selectIsLoading,
  selectPeriodText,
  selectRangeErrors,
  selectRangeOpen,
  selectScopeLabel,
  selectScopeName,
  selectTables,
  selectToday,
  selectTopDishes,
  selectViewedNotOrdered,
} from '../../machines/insights/insights.selectors';
import { presetPeriod } from '../../machines/insights/period.rules';
import { chartSeries, headlineFigures } from '../../machines/insights/report.rules';
import { coverage, generatePaths, type PathEventType, pathName } from '../support/paths';
import {
  EMPTY_REPORT,
  EXPORT_REFUSED,
  INSIGHTS_RESTAURANT,
  type InsightsInvoke,
  insightsModel,
  PERIOD_REFUSED,
  PLACE_FAILED,
  SAMPLE_FILE,
  SAMPLE_REPORT,
} from '../ui/models/insights.model';
import { flush, pending, rejecting, resolving } from './helpers';
import { type ParallelStep, replayParallelPath } from './replay-parallel';

/**
 * "Hisobot": the insights machine. Examples with calls that answer, fail or never settle (the restaurant and its
 * time zone, the presets' days in that zone, "Boshqa davr", the empty period, the server's refusal, the exports),
 * then every generated path of its plan on a live actor.
 */

type Snapshot = SnapshotFrom<typeof insightsMachine>;

/** 20:30 UTC on 1 March 2026: already 2 March in Tashkent (UTC+5), still 1 March in Berlin. */
const NOW = new Date('2026-03-01T20:30:00Z');
const clock = () => NOW;
const MANAGER: InsightsInput = { scope: 'restaurant', role: 'manager', restaurantId: 'r1', now: clock };

function start(
  input: InsightsInput = MANAGER,
  actors: { loadPlace?: AnyActorLogic; loadInsights?: AnyActorLogic; downloadInsights?: AnyActorLogic } = {},
) {
  const notify = vi.fn();
  const saveFile = vi.fn();
  const place = resolving(INSIGHTS_RESTAURANT);
  const load = resolving(SAMPLE_REPORT);
  const download = resolving(SAMPLE_FILE);
  const machine = insightsMachine.provide({
    actors: {
      loadPlace: actors.loadPlace ?? place.logic,
      loadInsights: actors.loadInsights ?? load.logic,
      downloadInsights: actors.downloadInsights ?? download.logic,
    } as never,
    actions: { notify: (_, notice) => notify(notice), saveFile: (_, { file }) => saveFile(file) },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, notify, saveFile, place, load, download };
}

describe('insights machine: the restaurant and its days', () => {
  it("finds a manager's restaurant, then loads the last seven days of its own calendar", async () => {
    const { actor, place, load } = start();
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    expect(selectCanChoosePeriod(actor.getSnapshot())).toBe(false);
    await flush();
    await flush();
    expect(place.probe.inputs).toEqual([{ scope: 'restaurant', role: 'manager', restaurantId: 'r1' }]);
    // In Tashkent it is already 2 March.
    expect(load.probe.inputs).toEqual([{ restaurantId: 'r1', period: { from: '2026-02-24', to: '2026-03-02' } }]);
    const s = actor.getSnapshot();
    expect(selectIsLoaded(s)).toBe(true);
    expect(selectChoice(s)).toBe('week');
    expect(selectPeriodText(s)).toBe('24.02.2026 – 02.03.2026');
    expect([selectScopeLabel(s), selectScopeName(s)]).toEqual(['Restoran', INSIGHTS_RESTAURANT.name]);
    expect(selectHasExports(s)).toBe(true);
    expect(selectCanExport(s)).toBe(true);
  });

  it("counts the presets in the restaurant's zone: in Berlin it is still 1 March", async () => {
    const berlin = resolving({ ...INSIGHTS_RESTAURANT, timeZone: 'Europe/Berlin' });
    const { actor, load } = start(MANAGER, { loadPlace: berlin.logic });
    await flush();
    actor.send({ type: 'period.choose', preset: 'yesterday' });
    await flush();
    expect(load.probe.inputs.map((i) => (i as { period: unknown }).period)).toEqual([
      { from: '2026-02-23', to: '2026-03-01' },
      { from: '2026-02-28', to: '2026-02-28' },
    ]);
    expect(selectToday(actor.getSnapshot())).toBe('2026-03-01');
  });

  it.each([
    ['today', { from: '2026-03-02', to: '2026-03-02' }],
    ['yesterday', { from: '2026-03-01', to: '2026-03-01' }],
    ['week', { from: '2026-02-24', to: '2026-03-02' }],
    ['month', { from: '2026-02-01', to: '2026-03-02' }],
  ] as const)('"%s" loads %j', async (preset, period) => {
    const { actor, load } = start();
    await flush();
    actor.send({ type: 'period.choose', preset });
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    await flush();
    expect(load.probe.inputs.at(-1)).toEqual({ restaurantId: 'r1', period });
    expect(selectChoice(actor.getSnapshot())).toBe(preset);
  });

  it('an admin opens any restaurant by its id; the platform needs no restaurant and has no file', async () => {
    const admin = start({ scope: 'restaurant', role: 'admin', restaurantId: 'r9', now: clock });
    await flush();
    expect(admin.place.probe.inputs).toEqual([{ scope: 'restaurant', role: 'admin', restaurantId: 'r9' }]);

    const platformPlace = resolving({ restaurantId: null, name: null, slug: null, timeZone: 'Asia/Tashkent' });
    const platform = start(
      { scope: 'platform', role: 'admin', restaurantId: 'r9', now: clock },
      {
        loadPlace: platformPlace.logic,
      },
    );
    await flush();
    expect(platformPlace.probe.inputs).toEqual([{ scope: 'platform', role: 'admin', restaurantId: null }]);
    expect(platform.load.probe.inputs).toEqual([
      { restaurantId: null, period: { from: '2026-02-24', to: '2026-03-02' } },
    ]);
    const s = platform.actor.getSnapshot();
    expect([selectScopeLabel(s), selectScopeName(s)]).toEqual(['Butun platforma', 'barcha restoranlar']);
    expect(selectHasExports(s)).toBe(false);
    platform.actor.send({ type: 'insights.export', format: 'csv' });
    expect(selectDownloading(platform.actor.getSnapshot())).toBeNull();
    expect(platform.download.probe.inputs).toEqual([]);
  });

  it.each([
    ['manager', uzCatalog.noRestaurantOfManager],
    ['admin', uzInsights.restaurantNotFound],
  ] as const)('no restaurant to show (%s): says so, and tries again on "Qayta urinish"', async (role, text) => {
    const none = resolving(null);
    const { actor, load } = start({ ...MANAGER, role }, { loadPlace: none.logic });
    await flush();
    expect(actor.getSnapshot().value).toBe('unavailable');
    expect(selectFailure(actor.getSnapshot())).toBe(text);
    expect(load.probe.inputs).toEqual([]);
    actor.send({ type: 'insights.retry' });
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    await flush();
    expect(none.probe.inputs).toHaveLength(2);
  });

  it("a failed read of the restaurant shows the client's or the server's words", async () => {
    const down = rejecting(0, uz.networkError);
    const { actor } = start(MANAGER, { loadPlace: down.logic });
    await flush();
    expect(selectFailure(actor.getSnapshot())).toBe(uz.networkError);
  });
});

describe('insights machine: the report', () => {
  it('an empty period is `empty`, not a page of zeros', async () => {
    const { actor } = start(MANAGER, { loadInsights: resolving(EMPTY_REPORT).logic });
    await flush();
    const s = actor.getSnapshot();
    expect(selectIsEmpty(s)).toBe(true);
    expect(selectFigures(s)).toBeNull();
    // An empty period still downloads (the owner may want the file to say so).
    expect(selectCanExport(s)).toBe(true);
  });

  it("the server's refusal is shown in its words; 'Qayta urinish' asks for the same period again", async () => {
    let calls = 0;
    const answers = resolving((input: unknown) => {
      calls++;
      if (calls === 1) throw PERIOD_REFUSED;
      return { ...SAMPLE_REPORT, echo: input } as unknown as Insights;
    });
    const { actor } = start(MANAGER, { loadInsights: answers.logic });
    await flush();
    expect(selectFailure(actor.getSnapshot())).toBe(PERIOD_REFUSED.message);
    expect(selectCanExport(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'insights.retry' });
    await flush();
    expect(selectIsLoaded(actor.getSnapshot())).toBe(true);
    expect(answers.probe.inputs[1]).toEqual(answers.probe.inputs[0]);
    expect(selectFailure(actor.getSnapshot())).toBeNull();
  });

  it('another preset while a period loads aborts that call', async () => {
    const slow = pending();
    const { actor } = start(MANAGER, { loadInsights: slow.logic });
    await flush();
    actor.send({ type: 'period.choose', preset: 'today' });
    await flush();
    expect(slow.probe.aborted).toBe(1);
    expect(slow.probe.inputs).toHaveLength(2);
    expect((slow.probe.inputs[1] as { period: unknown }).period).toEqual({ from: '2026-03-02', to: '2026-03-02' });
  });

  it('the figures, the lists and the chart of a week; a day is drawn by hour', async () => {
    const { actor } = start();
    await flush();
    let s = actor.getSnapshot();
    expect(selectFigures(s)).toEqual(headlineFigures(SAMPLE_REPORT));
    expect(selectFigures(s)).toBe(selectFigures(actor.getSnapshot()));
    expect(selectTopDishes(s)?.map((d) => d.name)).toEqual(['Palov', "Sho'rva"]);
    expect(selectViewedNotOrdered(s)?.map((d) => d.name)).toEqual(['Manti']);
    expect(selectTables(s)?.map((t) => t.name)).toEqual(['2', '1']);
    expect(selectEmptySearches(s)?.map((q) => q.text)).toEqual(['kompot', 'lagmon']);
    expect(selectChart(s)?.unit).toBe('day');
    expect(selectChart(s)?.points).toHaveLength(7);

    actor.send({ type: 'period.choose', preset: 'today' });
    expect(selectChart(actor.getSnapshot())).toBeNull();
    await flush();
    s = actor.getSnapshot();
    expect(selectChart(s)).toEqual(chartSeries(SAMPLE_REPORT, presetPeriod('today', NOW, 'Asia/Tashkent')));
    expect(selectChart(s)?.unit).toBe('hour');
    expect(selectChart(s)?.points[19]).toEqual({ label: '19:00', menuOpens: 500, orders: 30 });
  });
});

describe('insights machine: "Boshqa davr"', () => {
  it('opens with the period shown; says what is wrong as the days are typed; loads them once they pass', async () => {
    const { actor, load } = start();
    await flush();
    actor.send({ type: 'range.open' });
    expect(selectRangeOpen(actor.getSnapshot())).toBe(true);
    expect(selectRangeErrors(actor.getSnapshot())).toEqual({});

    actor.send({ type: 'range.change', field: 'to', value: '2026-03-05' });
    expect(selectRangeErrors(actor.getSnapshot())).toEqual({ to: uzInsights.rangeFuture });
    actor.send({ type: 'range.apply' });
    expect(selectRangeOpen(actor.getSnapshot())).toBe(true);
    expect(load.probe.inputs).toHaveLength(1);

    actor.send({ type: 'range.change', field: 'to', value: '2026-02-01' });
    expect(selectRangeErrors(actor.getSnapshot())).toEqual({ to: uzInsights.rangeOrder });
    actor.send({ type: 'range.change', field: 'from', value: '' });
    expect(selectRangeErrors(actor.getSnapshot())).toEqual({ from: uzInsights.fromRequired });
    actor.send({ type: 'range.change', field: 'from', value: '2024-01-01' });
    expect(selectRangeErrors(actor.getSnapshot())).toEqual({ to: uzInsights.rangeTooLong });

    actor.send({ type: 'range.change', field: 'from', value: '2026-01-15' });
    expect(actor.getSnapshot().can({ type: 'range.apply' })).toBe(true);
    actor.send({ type: 'range.apply' });
    expect(selectRangeOpen(actor.getSnapshot())).toBe(false);
    expect(selectChoice(actor.getSnapshot())).toBe('custom');
    expect(selectPeriodText(actor.getSnapshot())).toBe('15.01.2026 – 01.02.2026');
    await flush();
    expect(load.probe.inputs.at(-1)).toEqual({ restaurantId: 'r1', period: { from: '2026-01-15', to: '2026-02-01' } });
  });

  it('closing the form, or pressing a preset, leaves the typed days unused', async () => {
    const { actor, load } = start();
    await flush();
    actor.send({ type: 'range.open' });
    actor.send({ type: 'range.change', field: 'from', value: '2026-02-01' });
    actor.send({ type: 'range.close' });
    expect(selectRangeOpen(actor.getSnapshot())).toBe(false);
    expect(selectRangeErrors(actor.getSnapshot())).toEqual({});
    // Applying with the form closed does nothing.
    actor.send({ type: 'range.apply' });
    await flush();
    expect(load.probe.inputs).toHaveLength(1);
    actor.send({ type: 'range.open' });
    expect(actor.getSnapshot().context.draft).toEqual({ from: '2026-02-24', to: '2026-03-02' });
    actor.send({ type: 'period.choose', preset: 'month' });
    expect(selectRangeOpen(actor.getSnapshot())).toBe(false);
    expect(selectChoice(actor.getSnapshot())).toBe('month');
  });
});

describe('insights machine: the files', () => {
  it.each(['csv', 'xlsx'] as const)(
    '%s: fetched for the period shown, then handed to React to save',
    async (format) => {
      const { actor, download, saveFile } = start();
      await flush();
      actor.send({ type: 'insights.export', format });
      expect(selectDownloading(actor.getSnapshot())).toBe(format);
      expect(selectCanExport(actor.getSnapshot())).toBe(false);
      await flush();
      expect(download.probe.inputs).toEqual([
        { restaurantId: 'r1', period: { from: '2026-02-24', to: '2026-03-02' }, format },
      ]);
      expect(saveFile).toHaveBeenCalledWith(SAMPLE_FILE);
      expect(selectDownloading(actor.getSnapshot())).toBeNull();
    },
  );

  it('a refused file is a toast with the reason; the report stays', async () => {
    const { actor, notify, saveFile } = start(MANAGER, {
      downloadInsights: rejecting(EXPORT_REFUSED.status, EXPORT_REFUSED.message).logic,
    });
    await flush();
    actor.send({ type: 'insights.export', format: 'xlsx' });
    await flush();
    expect(notify).toHaveBeenCalledWith({
      kind: 'error',
      text: `${uzInsights.exportFailed}: ${EXPORT_REFUSED.message}`,
    });
    expect(saveFile).not.toHaveBeenCalled();
    expect(selectIsLoaded(actor.getSnapshot())).toBe(true);
  });

  it('no file while the period loads, and no second file while one is coming', async () => {
    const slowLoad = pending();
    const { actor } = start(MANAGER, { loadInsights: slowLoad.logic });
    await flush();
    actor.send({ type: 'insights.export', format: 'csv' });
    expect(selectDownloading(actor.getSnapshot())).toBeNull();

    const slowFile = pending();
    const second = start(MANAGER, { downloadInsights: slowFile.logic });
    await flush();
    second.actor.send({ type: 'insights.export', format: 'csv' });
    second.actor.send({ type: 'insights.export', format: 'xlsx' });
    await flush();
    expect(slowFile.probe.inputs).toHaveLength(1);
    expect(selectDownloading(second.actor.getSnapshot())).toBe('csv');
  });

  it('a call that fails without an answer says only that the file failed', async () => {
    const { actor, notify } = start(MANAGER, {
      downloadInsights: resolving(() => {
        throw new Error('boom');
      }).logic,
    });
    await flush();
    actor.send({ type: 'insights.export', format: 'csv' });
    await flush();
    expect(notify).toHaveBeenCalledWith({ kind: 'error', text: `${uzInsights.exportFailed}.` });
  });
});

describe('insights machine: generated paths', () => {
  const paths = generatePaths(insightsModel);

  it('the paths visit every state and every transition', () => {
    const { states, transitions } = coverage(insightsModel, paths);
    expect(states.covered).toEqual([...states.all].sort());
    expect(transitions.covered).toEqual(transitions.all);
  });

  type Step = ParallelStep<Snapshot>;
  const startedIds = (w: { started: Array<{ id: string }> }) => w.started.map((c) => c.id);
  /** What each event does and what it must leave behind; a new event of the machine needs its entry here. */
  const steps = {
    'xstate.done.actor.loadPlace': (w, e, _b, after) => {
      if (e.output === null) {
        expect(selectFailure(after)).toBe(uzCatalog.noRestaurantOfManager);
        expect(w.started).toEqual([]);
      } else {
        expect(selectScopeName(after)).toBe(INSIGHTS_RESTAURANT.name);
        expect(w.started.map((c) => c.input)).toEqual([{ restaurantId: 'r1', period: after.context.period }]);
      }
    },
    'xstate.error.actor.loadPlace': (_w, _e, _b, after) => expect(selectFailure(after)).toBe(PLACE_FAILED.message),
    'xstate.done.actor.loadInsights': (_w, e, _b, after) => {
      const empty = (e.output as Insights).orders === 0;
      expect(selectIsEmpty(after)).toBe(empty);
      expect(selectFigures(after)).toEqual(empty ? null : headlineFigures(SAMPLE_REPORT));
      expect(after.context.reportPeriod).toEqual(after.context.period);
    },
    'xstate.error.actor.loadInsights': (_w, _e, _b, after) => expect(selectFailure(after)).toBe(PERIOD_REFUSED.message),
    'insights.retry': (w, _e, before) =>
      expect(startedIds(w)).toEqual([before.matches('unavailable') ? 'loadPlace' : 'loadInsights']),
    'period.choose': (w, e, _b, after) => {
      expect(selectChoice(after)).toBe(e.preset);
      expect(selectRangeOpen(after)).toBe(false);
      expect(w.started.map((c) => c.input)).toEqual([{ restaurantId: 'r1', period: after.context.period }]);
    },
    'range.open': (_w, _e, before, after) => {
      expect(selectRangeOpen(after)).toBe(true);
      expect(after.context.draft).toEqual(before.context.period);
    },
    'range.change': (_w, e, _b, after) => expect(after.context.draft[e.field as 'from' | 'to']).toBe(e.value),
    'range.apply': (w, _e, before, after) => {
      expect(after.context.period).toEqual(before.context.draft);
      expect(selectChoice(after)).toBe('custom');
      expect(startedIds(w)).toEqual(['loadInsights']);
    },
    'range.close': (w, _e, before, after) => {
      expect(selectRangeOpen(after)).toBe(false);
      expect(after.context.period).toEqual(before.context.period);
      expect(w.started).toEqual([]);
    },
    'insights.export': (w, _e, _b, after) => {
      expect(selectDownloading(after)).toBe('csv');
      expect(w.started.map((c) => c.input)).toEqual([
        { restaurantId: 'r1', period: after.context.period, format: 'csv' },
      ]);
    },
    'xstate.done.actor.downloadInsights': (_w, _e, _b, after) => expect(selectDownloading(after)).toBeNull(),
    'xstate.error.actor.downloadInsights': (_w, _e, _b, after) => expect(selectDownloading(after)).toBeNull(),
  } satisfies Record<PathEventType<InsightsEvent, InsightsInvoke>, Step>;

  it.each(paths.map((path, i) => [pathName(insightsModel, path, i), path] as const))('%s', async (_name, path) => {
    await replayParallelPath(
      insightsMachine,
      insightsModel.input,
      ['loadPlace', 'loadInsights', 'downloadInsights'],
      path,
      steps,
    );
  });
});
