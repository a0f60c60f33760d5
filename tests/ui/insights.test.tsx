import { fireEvent, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { uzInsights } from '../../lib/uz-insights';
import { periodText, presetPeriod } from '../../machines/insights/period.rules';
import { chartSeries } from '../../machines/insights/report.rules';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { expectPath, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { EMPTY_REPORT, SAMPLE_FILE, SAMPLE_REPORT } from './models/insights.model';
import { catchSavedFiles, type DrawnChart, type FakeInsightsApi } from './support/fakeInsights';

const fake = vi.hoisted(() => ({ api: null as unknown as FakeInsightsApi, drawn: [] as DrawnChart[] }));
vi.mock('../../client/insights', async (original) => {
  const { FakeInsightsApi: Api } = await import('./support/fakeInsights');
  fake.api = new Api();
  return { ...(await original<object>()), ...fake.api.functions() };
});
vi.mock('uplot', async () => ({ default: (await import('./support/fakeInsights')).fakeUplot(fake.drawn) }));

/**
 * "Hisobot" journeys with a fixed end: a manager opens the report from the restaurant's card (the last seven days of
 * the restaurant's own calendar), downloads it as Excel, reads the chart's numbers as a table, asks for a period of
 * their own; an admin opens the whole platform's report from the sidebar and a restaurant's from its page, and an
 * unknown restaurant's address says so. The report's calls are answered by the test (support/fakeInsights.ts); the
 * session and the restaurants are the real server's.
 */

let ui: UiHarness;
let manager: TestUser;
let admin: TestUser;
let files: ReturnType<typeof catchSavedFiles>;
const LOAD = { timeout: 10_000 };

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  fake.api.reset();
  fake.drawn.length = 0;
  fake.api.report = SAMPLE_REPORT;
  fake.api.file = SAMPLE_FILE;
  files = catchSavedFiles();
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
  admin = await createUser(ui.testApp.app, ui.db, 'admin');
});
afterEach(() => files.restore());

const restaurantOf = (managerId: string | null, values: { name: string; slug: string; time_zone?: string }) =>
  createRestaurant(ui.db, { manager_id: managerId, ...values });

describe("a manager's report", () => {
  it("opens from the restaurant's card: seven days of the restaurant's calendar, its figures and chart", async () => {
    // Samoa is 13 hours ahead of UTC: its "today" is not Tashkent's for most of the day.
    const restaurant = await restaurantOf(manager._id, {
      name: 'Apia Choyxona',
      slug: 'apia',
      time_zone: 'Pacific/Apia',
    });
    const app = renderApp('/manager', { token: manager.token, storage: { restaurantId: restaurant._id } });
    const card = within(await screen.findByTestId('manager-restaurant-apia', {}, LOAD));
    const link = card.getByRole('link', { name: uzInsights.title });
    expect(link).toHaveAttribute('href', `/insights?restaurant=${restaurant._id}`);
    await app.user.click(link);
    // The card's link names the restaurant; the shell makes it the working one and leaves /insights.
    await expectPath(app, '/insights');

    expect(await screen.findByTestId('figure-revenue', {}, LOAD)).toHaveTextContent("4 560 000 so'm");
    const week = presetPeriod('week', new Date(), 'Pacific/Apia');
    expect(fake.api.calls).toEqual([
      { kind: 'loadInsights', fn: 'restaurantInsights', restaurantId: restaurant._id, period: week },
    ]);
    expect(screen.getByTestId('insights-period')).toHaveTextContent(periodText(week));
    expect(screen.getByRole('button', { name: uzInsights.week })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('screen-context')).toHaveTextContent('Restoran: Apia Choyxona');
    expect(screen.getByTestId('figure-median_accept_seconds')).toHaveTextContent('2 daq 10 s');

    // The chart was drawn with the week's days, and its numbers are a table a screen reader can read.
    const series = chartSeries(SAMPLE_REPORT, week);
    await waitFor(() => expect(fake.drawn).toHaveLength(1));
    expect(fake.drawn[0]!.options.series.map((s) => s.label)).toEqual(['Kun', 'Menyu ochildi', 'Buyurtmalar']);
    const table = screen.getByTestId('insights-chart-table');
    expect(table.closest('details')).not.toBeNull();
    expect(within(table).getAllByRole('row')).toHaveLength(series.points.length + 1);
    expect(within(table).getByRole('columnheader', { name: uzInsights.menuOpens })).toBeInTheDocument();

    // The lists: the least ordered, the sales lost to the stop-list, the categories.
    const rowsOf = (id: string) =>
      within(screen.getByTestId(id))
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent);
    expect(rowsOf('insights-least-dishes')[0]).toContain("Sho'rva");
    expect(rowsOf('insights-refused')).toEqual(["Sho'rva3"]);
    expect(rowsOf('insights-categories').map((row) => row?.split(/\d/)[0])).toEqual(['Issiq taomlar', 'Ichimliklar']);
    expect(screen.getByTestId('figure-median_serve_seconds')).toHaveTextContent('25 daq');
  });

  it('downloads the period as Excel, under the name the server gives', async () => {
    const restaurant = await restaurantOf(manager._id, { name: 'Rayhon', slug: 'rayhon' });
    fake.api.file = { blob: new Blob(['PK…']), fileName: 'hisobot-rayhon.xlsx' };
    const app = renderApp('/insights', { token: manager.token, storage: { restaurantId: restaurant._id } });
    const excel = await screen.findByRole('button', { name: uzInsights.exportXlsx }, LOAD);
    await waitFor(() => expect(excel).toBeEnabled(), LOAD);
    await app.user.click(excel);
    await waitFor(() => expect(files.saved).toEqual([{ name: 'hisobot-rayhon.xlsx', text: 'PK…' }]));
    expect(fake.api.calls.at(-1)).toMatchObject({ fn: 'downloadInsightsXlsx', restaurantId: restaurant._id });
  });

  it('"Boshqa davr": refused on the spot while wrong, then that period is asked for', async () => {
    const restaurant = await restaurantOf(manager._id, { name: 'Rayhon', slug: 'rayhon' });
    const app = renderApp('/insights', { token: manager.token, storage: { restaurantId: restaurant._id } });
    await screen.findByTestId('figure-menu_opens', {}, LOAD);
    await app.user.click(screen.getByRole('button', { name: uzInsights.custom }));
    const form = within(screen.getByTestId('insights-range'));
    fireEvent.change(form.getByLabelText(uzInsights.rangeFrom), { target: { value: '2026-03-10' } });
    fireEvent.change(form.getByLabelText(uzInsights.rangeTo), { target: { value: '2026-03-01' } });
    expect(form.getByText(uzInsights.rangeOrder)).toBeVisible();
    expect(form.getByRole('button', { name: uzInsights.rangeApply })).toBeDisabled();

    fake.api.report = EMPTY_REPORT;
    fireEvent.change(form.getByLabelText(uzInsights.rangeTo), { target: { value: '2026-03-20' } });
    expect(form.queryByText(uzInsights.rangeOrder)).toBeNull();
    await app.user.click(form.getByRole('button', { name: uzInsights.rangeApply }));

    expect(await screen.findByTestId('insights-empty')).toHaveTextContent(uzInsights.empty);
    expect(fake.api.calls.at(-1)?.period).toEqual({ from: '2026-03-10', to: '2026-03-20' });
    expect(screen.getByTestId('insights-period')).toHaveTextContent('10.03.2026 – 20.03.2026');
    expect(screen.getByRole('button', { name: uzInsights.custom })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByTestId('insights-range')).toBeNull();
  });
});

describe("an admin's reports", () => {
  it('the whole platform, from the sidebar: no restaurant, no file, no tables', async () => {
    const app = renderApp('/admin/restaurants', { token: admin.token });
    const sidebar = within(await screen.findByRole('navigation', { name: 'sidebar' }, LOAD));
    await app.user.click(sidebar.getByRole('link', { name: uzInsights.title }));
    await expectPath(app, '/admin/insights');
    expect(await screen.findByTestId('figure-orders', {}, LOAD)).toHaveTextContent('56');
    expect(fake.api.calls.map((c) => [c.fn, c.restaurantId])).toEqual([['platformInsights', null]]);
    expect(screen.getByTestId('screen-context')).toHaveTextContent('Butun platforma: barcha restoranlar');
    expect(screen.queryByRole('button', { name: uzInsights.exportCsv })).toBeNull();
    expect(screen.queryByTestId('insights-tables')).toBeNull();
    expect(screen.getByTestId('insights-top-dishes')).toBeInTheDocument();
  });

  it("a restaurant's, from its page; the back button returns there", async () => {
    const restaurant = await restaurantOf(manager._id, { name: 'Bahor Kafe', slug: 'bahor' });
    const page = `/admin/viewRestaurant/${restaurant._id}/bahor`;
    const app = renderApp(page, { token: admin.token });
    // The page's own link (the sidebar's "Hisobot" is the platform's).
    const hrefs = () =>
      screen.getAllByRole('link', { name: uzInsights.title }).map((link) => link.getAttribute('href'));
    await waitFor(() => expect(hrefs().sort()).toEqual(['/admin/insights', `/admin/insights/${restaurant._id}`]), LOAD);
    const links = screen.getAllByRole('link', { name: uzInsights.title });
    await app.user.click(links.find((link) => link.getAttribute('href') !== '/admin/insights')!);
    await expectPath(app, `/admin/insights/${restaurant._id}`);
    expect(await screen.findByTestId('screen-context', {}, LOAD)).toHaveTextContent('Restoran: Bahor Kafe');
    await waitFor(() => expect(fake.api.calls.map((c) => c.restaurantId)).toEqual([restaurant._id]));
    await app.user.click(screen.getByRole('link', { name: 'Orqaga' }));
    await expectPath(app, page);
  });

  it("an unknown restaurant's address says so, and asks for no report", async () => {
    renderApp('/admin/insights/00000000-0000-4000-8000-000000000000', { token: admin.token });
    expect(await screen.findByText(uzInsights.restaurantNotFound, {}, LOAD)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Qayta urinish' })).toBeEnabled();
    expect(fake.api.calls).toEqual([]);
  });
});
