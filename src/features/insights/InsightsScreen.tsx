import './insights.css';
import { useSelector } from '@xstate/react';
import { Button } from 'react-bootstrap';
import { Link, useMatch, useParams, useSearchParams } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { Role } from '../../../client/types';
import { uz } from '../../../lib/uz';
import { uzInsights } from '../../../lib/uz-insights';
import type { InsightsScope } from '../../../machines/insights/insights.actors';
import type { insightsMachine } from '../../../machines/insights/insights.machine';
import {
  selectCanExport,
  selectChart,
  selectDownloading,
  selectFailure,
  selectFigures,
  selectHasExports,
  selectIsEmpty,
  selectIsLoading,
  selectRestaurantLink,
  selectScopeLabel,
  selectScopeName,
} from '../../../machines/insights/insights.selectors';
import { paths } from '../../app/paths';
import { useWorkingRestaurant } from '../../app/useWorkingRestaurant';
import { Icon } from '../../components/Icon';
import { LoadError, Loading } from '../../components/LoadState';
import { ScreenTitle } from '../../components/ScreenTitle';
import { Figures } from './Figures';
import { InsightsChartPanel } from './InsightsChartPanel';
import { PeriodPicker } from './PeriodPicker';
import { ReportLists } from './ReportLists';
import { useInsights } from './useInsights';

type InsightsActor = ActorRefFrom<typeof insightsMachine>;

/**
 * "Hisobot": what happened in a period of the restaurant's days — the menu opened, orders, revenue, how fast orders
 * are accepted and calls answered, the chart of opens and orders, the dishes, the tables, the searches that found
 * nothing — and the period's files (CSV, Excel). Managers at /insights (their working restaurant, or `?restaurant=`),
 * admins at /admin/insights (the whole platform) and /admin/insights/{id} (a restaurant).
 */
function InsightsScreen({
  scope,
  viewer,
  restaurantId,
}: {
  scope: InsightsScope;
  viewer: Role;
  restaurantId: string | null;
}) {
  const actor = useInsights(scope, viewer, restaurantId);
  const loading = useSelector(actor, selectIsLoading);
  const failure = useSelector(actor, selectFailure);
  const empty = useSelector(actor, selectIsEmpty);
  const figures = useSelector(actor, selectFigures);
  const chart = useSelector(actor, selectChart);
  const label = useSelector(actor, selectScopeLabel);
  const name = useSelector(actor, selectScopeName);
  const restaurant = useSelector(actor, selectRestaurantLink);
  return (
    <section className="screen insights-screen">
      <header className="screen-header">
        <div className="d-flex align-items-center gap-2" style={{ minWidth: 0 }}>
          {viewer === 'admin' && restaurant && (
            <Link
              to={paths.adminViewRestaurant(restaurant.id, restaurant.slug)}
              className="btn btn-sm btn-outline-secondary"
              aria-label={uz.back}
            >
              <Icon name="back" />
            </Link>
          )}
          <ScreenTitle title={uzInsights.title} label={label} name={name} />
        </div>
        <Exports actor={actor} />
      </header>
      <PeriodPicker actor={actor} />
      {loading && <Loading />}
      {failure && <LoadError message={failure} onRetry={() => actor.send({ type: 'insights.retry' })} />}
      {empty && (
        <p className="insights-empty text-secondary text-center py-4" data-testid="insights-empty">
          {uzInsights.empty}
        </p>
      )}
      {figures && <Figures figures={figures} />}
      {chart && <InsightsChartPanel series={chart} />}
      {figures && <ReportLists actor={actor} />}
    </section>
  );
}

/** The period's report as a file: CSV and Excel, a restaurant's only. */
function Exports({ actor }: { actor: InsightsActor }) {
  const shown = useSelector(actor, selectHasExports);
  const canExport = useSelector(actor, selectCanExport);
  const downloading = useSelector(actor, selectDownloading);
  if (!shown) return null;
  return (
    <div className="d-flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="outline-primary"
        disabled={!canExport}
        aria-busy={downloading === 'csv'}
        onClick={() => actor.send({ type: 'insights.export', format: 'csv' })}
      >
        {uzInsights.exportCsv}
      </Button>
      <Button
        size="sm"
        variant="outline-primary"
        disabled={!canExport}
        aria-busy={downloading === 'xlsx'}
        onClick={() => actor.send({ type: 'insights.export', format: 'xlsx' })}
      >
        {uzInsights.exportXlsx}
      </Button>
    </div>
  );
}

/**
 * /insights: the working restaurant (the shell's header switches it). `?restaurant=` (the restaurant card's link) is
 * made the working one by the shell first; until then it is the one shown, under the same key.
 */
export function ManagerInsightsScreen() {
  const [params] = useSearchParams();
  const working = useWorkingRestaurant();
  const shown = params.get('restaurant') ?? (working === 'none' ? null : working);
  return <InsightsScreen key={shown ?? 'none'} scope="restaurant" viewer="manager" restaurantId={shown} />;
}

/** /admin/insights/{id}: a restaurant's report, opened from its page. */
export function AdminRestaurantInsightsScreen() {
  const { id = '' } = useParams();
  return <InsightsScreen key={id} scope="restaurant" viewer="admin" restaurantId={id} />;
}

/** /admin/insights: the whole platform's report. */
export function PlatformInsightsScreen() {
  return <InsightsScreen scope="platform" viewer="admin" restaurantId={null} />;
}

/** The report's lazy entry (src/router/screens.ts): its address says which report it is. */
export function InsightsRoute() {
  const { id } = useParams();
  const admin = useMatch('/admin/*') !== null;
  if (!admin) return <ManagerInsightsScreen />;
  return id ? <AdminRestaurantInsightsScreen /> : <PlatformInsightsScreen />;
}
