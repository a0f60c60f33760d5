import { act, fireEvent, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { Insights } from '../../client/insights';
import { uz } from '../../lib/uz';
import { uzInsights } from '../../lib/uz-insights';
import type { InsightsEvent, insightsMachine } from '../../machines/insights/insights.machine';
import { periodText, todayIn, validateRange } from '../../machines/insights/period.rules';
import {
  chartSeries,
  emptySearches,
  headlineFigures,
  tablesByRevenue,
  topDishes,
  viewedNotOrdered,
} from '../../machines/insights/report.rules';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { generatePaths, type PathEventType, pathName, runPathOnScreen, type UiFixture } from '../support/paths';
import { findToast, type RenderedApp, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { INSIGHTS_RESTAURANT, type InsightsInvoke, insightsScreenModel } from './models/insights.model';
import { HeldCalls } from './support/calls';
import { catchSavedFiles, type DrawnChart, type FakeInsightsApi } from './support/fakeInsights';

const fake = vi.hoisted(() => ({ api: null as unknown as FakeInsightsApi, drawn: [] as DrawnChart[] }));
vi.mock('../../client/insights', async (original) => {
  const { FakeInsightsApi: Api } = await import('./support/fakeInsights');
  fake.api = new Api();
  return { ...(await original<object>()), ...fake.api.functions() };
});
vi.mock('uplot', async () => ({ default: (await import('./support/fakeInsights')).fakeUplot(fake.drawn) }));

/**
 * Every generated path of "Hisobot" (insightsScreenModel), walked on the rendered screen as an admin opening a
 * restaurant's report (/admin/insights/{id}): the restaurant is read from the real server (its call held, failed or
 * let go), the report and its files are the contract's calls, answered by the test (support/fakeInsights.ts). After
 * each step the screen is compared with the model's state: the period and its pressed choice, the spinner, the
 * server's words and "Qayta urinish", the empty line, the figures, the chart (what uPlot was given, and the same
 * numbers as a table), the lists, "Boshqa davr"'s form and what it says is wrong, the export buttons.
 */

type Snapshot = SnapshotFrom<typeof insightsMachine>;

interface World {
  app?: RenderedApp;
  calls: HeldCalls<'loadPlace'>;
  files: ReturnType<typeof catchSavedFiles>;
}

let ui: UiHarness;
let admin: TestUser;
const app = (w: World) => w.app!;
const words = (text: string | null | undefined) => (text ?? '').replaceAll('\u00a0', ' ').trim();
const presetButton = (name: string) => screen.getByRole('button', { name });
const exportButton = (name: string) => screen.getByRole('button', { name });
const rangeField = (label: string) => within(screen.getByTestId('insights-range')).getByLabelText(label);

const fixtures = {
  'xstate.done.actor.loadPlace': {
    exec: async (w) => {
      w.calls.take('loadPlace').release();
      await waitFor(() => expect(presetButton(uzInsights.today)).toBeEnabled(), { timeout: 10_000 });
    },
  },
  'xstate.error.actor.loadPlace': {
    exec: async (w) => {
      w.calls.take('loadPlace').fail(500);
      await screen.findByText('Sinov xatosi', { selector: '.alert span' }, { timeout: 10_000 });
    },
  },
  'xstate.done.actor.loadInsights': {
    exec: async (_w, e) => {
      (await fake.api.take('loadInsights')).resolve(e.output);
      const empty = (e.output as Insights).orders === 0;
      if (empty) await screen.findByTestId('insights-empty');
      else await screen.findByTestId('figure-menu_opens');
    },
  },
  'xstate.error.actor.loadInsights': {
    exec: async (_w, e) => {
      (await fake.api.take('loadInsights')).reject(e.error);
      await screen.findByText((e.error as Error).message, { selector: '.alert span' });
    },
  },
  'insights.retry': { exec: (w) => app(w).user.click(screen.getByRole('button', { name: uz.retry })) },
  'period.choose': {
    exec: (w, e) => app(w).user.click(presetButton(e.preset === 'today' ? uzInsights.today : uzInsights.month)),
  },
  'range.open': { exec: (w) => app(w).user.click(presetButton(uzInsights.custom)) },
  'range.change': {
    // A date field's value as the browser's picker sets it (jsdom has no picker to type into).
    exec: (_w, e) => {
      fireEvent.change(rangeField(e.field === 'from' ? uzInsights.rangeFrom : uzInsights.rangeTo), {
        target: { value: String(e.value) },
      });
    },
  },
  'range.apply': { exec: (w) => app(w).user.click(screen.getByRole('button', { name: uzInsights.rangeApply })) },
  'range.close': { exec: (w) => app(w).user.click(screen.getByRole('button', { name: uzInsights.rangeClose })) },
  'insights.export': { exec: (w) => app(w).user.click(exportButton(uzInsights.exportCsv)) },
  'xstate.done.actor.downloadInsights': {
    exec: async (w, e, { before }) => {
      const held = await fake.api.take('downloadInsights');
      // The file asked for is the period shown, as CSV, of the restaurant shown.
      expect(held.call.fn).toBe('downloadInsightsCsv');
      expect(held.call.period).toEqual((before as Snapshot).context.period);
      held.resolve(e.output);
      const file = e.output as { fileName: string; blob: Blob };
      const text = await file.blob.text();
      await waitFor(() => expect(w.files.saved.at(-1)).toEqual({ name: file.fileName, text }));
    },
  },
  'xstate.error.actor.downloadInsights': {
    exec: async (_w, e) => {
      (await fake.api.take('downloadInsights')).reject(e.error);
      await findToast(`${uzInsights.exportFailed}: ${(e.error as Error).message}`);
    },
  },
} satisfies Record<PathEventType<InsightsEvent, InsightsInvoke>, UiFixture<World>>;

/** The figures, the chart and its table, and the lists are the model's report, as the rules read it. */
function expectReport(s: Snapshot) {
  const report = s.context.report!;
  for (const figure of headlineFigures(report)) {
    const card = screen.getByTestId(`figure-${figure.key}`);
    expect(words(card.querySelector('dt')?.textContent)).toBe(figure.label);
    expect(card.querySelector('dd')?.textContent).toBe(figure.value);
  }
  const series = chartSeries(report, s.context.reportPeriod!);
  expect(
    screen.getByRole('heading', { name: series.unit === 'hour' ? uzInsights.chartByHour : uzInsights.chartByDay }),
  ).toBeVisible();
  const rows = within(screen.getByTestId('insights-chart-table')).getAllByRole('row').slice(1);
  expect(rows.map((row) => words(row.textContent))).toEqual(
    series.points.map((p) => `${p.label}${p.menuOpens}${p.orders}`),
  );
  const drawn = fake.drawn.filter((chart) => !chart.destroyed);
  expect(drawn).toHaveLength(1);
  expect(drawn[0]!.data).toEqual([
    series.points.map((_, i) => i),
    series.points.map((p) => p.menuOpens),
    series.points.map((p) => p.orders),
  ]);
  const names = (testId: string) =>
    within(screen.getByTestId(testId))
      .queryAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('td')?.textContent);
  expect(names('insights-top-dishes')).toEqual(topDishes(report).map((d) => d.name));
  expect(names('insights-viewed')).toEqual(viewedNotOrdered(report).map((d) => d.name));
  expect(names('insights-tables')).toEqual(tablesByRevenue(report).map((t) => t.name));
  expect(names('insights-searches')).toEqual(emptySearches(report).map((q) => q.text));
}

const noReport = () => {
  expect(screen.queryByTestId('figure-menu_opens')).toBeNull();
  expect(screen.queryByTestId('insights-chart-table')).toBeNull();
  expect(fake.drawn.filter((chart) => !chart.destroyed)).toEqual([]);
};

const checks = {
  opening: async () => {
    expect(await screen.findByRole('heading', { level: 1, name: uzInsights.title }, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByText(uz.loadingUz)).toBeVisible();
    expect(presetButton(uzInsights.week)).toBeDisabled();
    expect(exportButton(uzInsights.exportCsv)).toBeDisabled();
    noReport();
  },
  unavailable: async (_w: World, s: Snapshot) => {
    expect(await screen.findByText(s.context.error!, { selector: '.alert span' })).toBeVisible();
    expect(screen.getByRole('button', { name: uz.retry })).toBeEnabled();
    expect(presetButton(uzInsights.week)).toBeDisabled();
    noReport();
  },
  'open.data.loading': async (_w: World, s: Snapshot) => {
    await waitFor(() => expect(screen.getByText(uz.loadingUz)).toBeVisible());
    expect(screen.getByTestId('insights-period')).toHaveTextContent(periodText(s.context.period));
    const pressed = screen.getAllByRole('button', { pressed: true }).map((b) => b.textContent);
    const choice = { today: 'Bugun', yesterday: 'Kecha', week: '7 kun', month: '30 kun', custom: 'Boshqa davr' };
    expect(pressed).toEqual([choice[s.context.choice]]);
    expect(screen.getByTestId('screen-context')).toHaveTextContent(`Restoran: ${INSIGHTS_RESTAURANT.name}`);
    expect(screen.queryByTestId('insights-empty')).toBeNull();
    noReport();
  },
  'open.data.loaded': async (_w: World, s: Snapshot) => {
    await waitFor(() => expectReport(s));
    expect(screen.queryByText(uz.loadingUz)).toBeNull();
    expect(screen.queryByTestId('insights-empty')).toBeNull();
  },
  'open.data.empty': async () => {
    expect(await screen.findByTestId('insights-empty')).toHaveTextContent(uzInsights.empty);
    noReport();
  },
  'open.data.failed': async (_w: World, s: Snapshot) => {
    expect(await screen.findByText(s.context.error!, { selector: '.alert span' })).toBeVisible();
    expect(screen.getByRole('button', { name: uz.retry })).toBeEnabled();
    noReport();
  },
  'open.range.closed': async () => {
    await waitFor(() => expect(screen.queryByTestId('insights-range')).toBeNull());
    expect(presetButton(uzInsights.custom)).toBeEnabled();
  },
  'open.range.editing': async (_w: World, s: Snapshot) => {
    const form = within(await screen.findByTestId('insights-range'));
    const today = todayIn(new Date(), INSIGHTS_RESTAURANT.timeZone);
    const errors = validateRange(s.context.draft, today);
    expect(rangeField(uzInsights.rangeFrom)).toHaveValue(s.context.draft.from);
    expect(rangeField(uzInsights.rangeTo)).toHaveValue(s.context.draft.to);
    expect(rangeField(uzInsights.rangeTo)).toHaveAttribute('max', today);
    for (const message of [uzInsights.rangeOrder, uzInsights.rangeTooLong, uzInsights.fromRequired]) {
      const said = Object.values(errors).includes(message);
      expect(form.queryByText(message) !== null, message).toBe(said);
    }
    const valid = Object.keys(errors).length === 0;
    expect(form.getByRole('button', { name: uzInsights.rangeApply })).toHaveProperty('disabled', !valid);
  },
  'open.download.idle': async (_w: World, s: Snapshot) => {
    const shown = s.matches({ open: { data: 'loaded' } }) || s.matches({ open: { data: 'empty' } });
    await waitFor(() => expect(exportButton(uzInsights.exportCsv)).toHaveProperty('disabled', !shown));
    expect(exportButton(uzInsights.exportXlsx)).toHaveProperty('disabled', !shown);
    expect(exportButton(uzInsights.exportCsv)).toHaveAttribute('aria-busy', 'false');
  },
  'open.download.downloading': async () => {
    await waitFor(() => expect(exportButton(uzInsights.exportCsv)).toHaveAttribute('aria-busy', 'true'));
    expect(exportButton(uzInsights.exportCsv)).toBeDisabled();
    expect(exportButton(uzInsights.exportXlsx)).toBeDisabled();
  },
};

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  fake.api.reset();
  fake.drawn.length = 0;
  admin = await createUser(ui.testApp.app, ui.db, 'admin');
});

const paths = generatePaths(insightsScreenModel);

describe('insights screen: generated paths (an admin opens a restaurant’s report)', () => {
  let files: ReturnType<typeof catchSavedFiles>;
  beforeEach(() => {
    files = catchSavedFiles();
  });
  afterEach(() => files.restore());

  paths.forEach((path, index) => {
    it(pathName(insightsScreenModel, path, index), async () => {
      const restaurant = await createRestaurant(ui.db, {
        name: INSIGHTS_RESTAURANT.name,
        slug: INSIGHTS_RESTAURANT.slug,
        time_zone: INSIGHTS_RESTAURANT.timeZone,
      });
      const world: World = {
        files,
        calls: new HeldCalls<'loadPlace'>(ui.net, { loadPlace: ['GET', '/admin/restaurants'] }),
      };
      await runPathOnScreen({
        model: insightsScreenModel,
        path,
        fixtures,
        checks,
        world,
        start: async (w) => {
          w.app = renderApp(`/admin/insights/${restaurant._id}`, { token: admin.token });
          await act(async () => {});
        },
        onInvoke: (w, id) => {
          if (id === 'loadPlace') w.calls.arm(id);
          else fake.api.hold(id as 'loadInsights' | 'downloadInsights');
        },
      });
      // Every report asked for was this restaurant's.
      expect(fake.api.calls.every((call) => call.restaurantId === restaurant._id)).toBe(true);
    });
  });
});
