import { Component, lazy, type ReactNode, Suspense } from 'react';
import { Card, Table } from 'react-bootstrap';
import { formatCount } from '../../../lib/insight-format';
import { uzInsights } from '../../../lib/uz-insights';
import type { ChartSeries } from '../../../machines/insights/report.rules';

// Its own chunk: uPlot is fetched when a report is first shown, not with the panel.
const InsightsChart = lazy(() => import('./InsightsChart'));

/** A chart whose code could not be fetched (offline) is left out: the table under it has the same numbers. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The chart of opens and orders, and under it the same numbers as a table (a canvas says nothing to a reader). */
export function InsightsChartPanel({ series }: { series: ChartSeries }) {
  const title = series.unit === 'hour' ? uzInsights.chartByHour : uzInsights.chartByDay;
  return (
    <Card className="mb-3 shadow-sm" as="section" aria-labelledby="insights-chart-title">
      <Card.Body>
        <h2 className="h6" id="insights-chart-title">
          {title}
        </h2>
        <ChartBoundary>
          <Suspense fallback={<div className="insights-chart-placeholder" />}>
            <InsightsChart series={series} />
          </Suspense>
        </ChartBoundary>
        <details className="insights-chart-table mt-2">
          <summary className="small">{uzInsights.chartAsTable}</summary>
          <Table size="sm" className="mb-0 mt-2" data-testid="insights-chart-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{series.unit === 'hour' ? uzInsights.hour : uzInsights.day}</th>
                <th scope="col" className="text-end">
                  {uzInsights.menuOpens}
                </th>
                <th scope="col" className="text-end">
                  {uzInsights.orders}
                </th>
              </tr>
            </thead>
            <tbody>
              {series.points.map((point) => (
                <tr key={point.label}>
                  <th scope="row" className="fw-normal">
                    {point.label}
                  </th>
                  <td className="text-end">{formatCount(point.menuOpens)}</td>
                  <td className="text-end">{formatCount(point.orders)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </details>
      </Card.Body>
    </Card>
  );
}
