import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { formatCount } from '../../../lib/insight-format';
import { uzInsights } from '../../../lib/uz-insights';
import type { ChartSeries } from '../../../machines/insights/report.rules';

/**
 * The menu's opens and the orders per day (or per hour of a one-day period), drawn by uPlot on a canvas: its own
 * chunk, loaded only when a report is shown (InsightsChartPanel lazy-loads this module), so the panel's first
 * download does not carry it. The canvas is hidden from screen readers: the same numbers are the table under it.
 */

const HEIGHT = 220;
const OPENS_COLOUR = '#0d6efd';
const ORDERS_COLOUR = '#198754';

/** Whole steps only: a day or an hour has no half. */
const STEPS = [1, 2, 3, 4, 6, 7, 12, 14, 30, 60];

/** An axis's counts as the figures write them (`12 000`); a step between whole counts is not labelled. */
const counts = (_u: uPlot, splits: number[]) => splits.map((v) => (Number.isInteger(v) ? formatCount(v) : ''));

const fromZero: uPlot.Scale.Range = (_u, _min, max) => [0, Math.max(1, max)];

function options(series: ChartSeries, width: number): uPlot.Options {
  const labels = series.points.map((p) => p.label);
  const labelAt = (i: number | null | undefined) => (i != null && Number.isInteger(i) ? (labels[i] ?? '') : '');
  return {
    width,
    height: HEIGHT,
    // Counts start at zero (a quiet week must not look busy), and a period of zeros still has an axis.
    scales: { x: { time: false }, opens: { range: fromZero }, orders: { range: fromZero } },
    cursor: { drag: { x: false, y: false } },
    // The legend names the two lines; their values are the table under the chart (a hover shows none on a phone).
    legend: { live: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    series: [
      { label: series.unit === 'hour' ? uzInsights.hour : uzInsights.day, value: (_u, i) => labelAt(i) },
      { label: uzInsights.menuOpens, scale: 'opens', stroke: OPENS_COLOUR, fill: 'rgba(13, 110, 253, 0.08)', width: 2 },
      { label: uzInsights.orders, scale: 'orders', stroke: ORDERS_COLOUR, width: 2 },
    ],
    axes: [
      // A label such as "10-noyabr" is ~60 px wide: ticks at least 72 px apart, so they never overlap.
      { incrs: STEPS, space: 72, values: (_u, splits) => splits.map(labelAt) },
      { scale: 'opens', stroke: OPENS_COLOUR, size: 56, values: counts },
      {
        scale: 'orders',
        side: 1,
        stroke: ORDERS_COLOUR,
        size: 44,
        values: counts,
        grid: { show: false },
      },
    ],
  };
}

const dataOf = (series: ChartSeries): uPlot.AlignedData => [
  series.points.map((_, i) => i),
  series.points.map((p) => p.menuOpens),
  series.points.map((p) => p.orders),
];

export default function InsightsChart({ series }: { series: ChartSeries }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const plot = new uPlot(options(series, element.clientWidth), dataOf(series), element);
    // The chart follows its box (a phone turned, the sidebar shown); without ResizeObserver it keeps its first width.
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [series]);
  return <div ref={box} className="insights-chart" aria-hidden="true" data-testid="insights-chart" />;
}
