import { describe, expect, it } from 'vitest';
import type { Insights } from '../../client/insights';
import { NBSP } from '../../lib/format';
import { dayLabel, formatCount, formatDuration } from '../../lib/insight-format';
import {
  categoriesByRevenue,
  chartSeries,
  emptySearches,
  headlineFigures,
  isEmptyReport,
  LIST_LIMIT,
  leastOrdered,
  refusedDishes,
  tablesByRevenue,
  topDishes,
  viewedNotOrdered,
} from '../../machines/insights/report.rules';
import { EMPTY_REPORT, SAMPLE_REPORT } from '../ui/models/insights.model';

/** What the report screen reads from an answer (machines/insights/report.rules.ts), as an owner reads it. */

const words = (text: string) => text.replaceAll(NBSP, ' ');

describe('the figures as an owner reads them', () => {
  it.each([
    [0, '0 s'],
    [45, '45 s'],
    [60, '1 daq'],
    [130, '2 daq 10 s'],
    [3600, '1 soat'],
    [3900, '1 soat 5 daq'],
    [3959, '1 soat 5 daq'],
    [59.6, '1 daq'],
  ])('%s seconds: "%s"', (seconds, text) => {
    expect(words(formatDuration(seconds))).toBe(text);
  });

  it('a median with nothing to measure is a dash', () => {
    expect(formatDuration(null)).toBe('—');
  });

  it('keeps every figure on one line: no-break spaces only', () => {
    expect(formatDuration(130)).toBe(`2${NBSP}daq${NBSP}10${NBSP}s`);
    expect(formatCount(1234567)).toBe(`1${NBSP}234${NBSP}567`);
    for (const figure of headlineFigures(SAMPLE_REPORT)) expect(figure.value).not.toMatch(/ /);
  });

  it("the eight headline figures, money in so'm", () => {
    expect(headlineFigures(SAMPLE_REPORT).map((f) => [f.label, words(f.value)])).toEqual([
      ['Menyu ochildi', '1 234'],
      ['Buyurtmalar', '56'],
      ['Tushum', "4 560 000 so'm"],
      ["O'rtacha chek", "81 428 so'm"],
      ['Qabul qilish vaqti (median)', '2 daq 10 s'],
      ['Berilgunicha vaqt (median)', '25 daq'],
      ['Chaqiruvga javob (median)', '45 s'],
      ["Mavjud bo'lmagani uchun rad etildi", '3'],
    ]);
    expect(headlineFigures(EMPTY_REPORT).map((f) => words(f.value))).toEqual([
      '0',
      '0',
      "0 so'm",
      "0 so'm",
      '—',
      '—',
      '—',
      '0',
    ]);
  });

  it('a period is empty when the menu was not opened and nothing was ordered', () => {
    expect(isEmptyReport(EMPTY_REPORT)).toBe(true);
    expect(isEmptyReport({ ...EMPTY_REPORT, menu_opens: 1 })).toBe(false);
    expect(isEmptyReport({ ...EMPTY_REPORT, orders: 1 })).toBe(false);
  });
});

describe('the chart', () => {
  const report: Insights = {
    ...EMPTY_REPORT,
    menu_opens: 10,
    by_day: [
      { date: '2026-11-30', menu_opens: 4, orders: 1, revenue: 50_000 },
      { date: '2026-12-02', menu_opens: 6, orders: 2, revenue: 90_000 },
    ],
    by_hour: [{ hour: 9, menu_opens: 3, orders: 1 }],
  };

  it('draws every day of the period; a day the answer left out is zero', () => {
    expect(chartSeries(report, { from: '2026-11-30', to: '2026-12-03' })).toEqual({
      unit: 'day',
      points: [
        { label: '30-noyabr', menuOpens: 4, orders: 1 },
        { label: '1-dekabr', menuOpens: 0, orders: 0 },
        { label: '2-dekabr', menuOpens: 6, orders: 2 },
        { label: '3-dekabr', menuOpens: 0, orders: 0 },
      ],
    });
  });

  it("draws a single day's 24 hours", () => {
    const series = chartSeries(report, { from: '2026-12-02', to: '2026-12-02' });
    expect(series.unit).toBe('hour');
    expect(series.points.map((p) => p.label)).toHaveLength(24);
    expect(series.points[0]).toEqual({ label: '00:00', menuOpens: 0, orders: 0 });
    expect(series.points[9]).toEqual({ label: '09:00', menuOpens: 3, orders: 1 });
  });

  it('names days as Uzbek calendars do', () => {
    expect(dayLabel('2026-01-05')).toBe('5-yanvar');
    expect(dayLabel('2026-09-15')).toBe('15-sentabr');
  });
});

describe('the lists', () => {
  it('the least ordered dishes, fewest first, of those ordered at all', () => {
    expect(leastOrdered(SAMPLE_REPORT).map((d) => d.name)).toEqual(["Sho'rva", 'Palov']);
  });

  it('the dishes refused as not available, most refused first, and none when nothing was refused', () => {
    expect(refusedDishes(SAMPLE_REPORT).map((d) => [d.name, d.unavailable])).toEqual([["Sho'rva", 3]]);
    expect(refusedDishes(EMPTY_REPORT)).toEqual([]);
  });

  it('the categories as the server ordered them, by revenue', () => {
    expect(categoriesByRevenue(SAMPLE_REPORT).map((c) => c.name)).toEqual(['Issiq taomlar', 'Ichimliklar']);
  });

  const dish = (name: string, orders: number, views: number, quantity = orders) => ({
    product_id: name,
    name,
    orders,
    quantity,
    revenue: orders * 10_000,
    views,
    unavailable: 0,
  });

  it('top dishes: the most ordered first, never a dish nobody ordered', () => {
    const report = { ...SAMPLE_REPORT, dishes: [dish('Manti', 2, 9), dish('Palov', 5, 1), dish('Choy', 0, 40)] };
    expect(topDishes(report).map((d) => d.name)).toEqual(['Palov', 'Manti']);
  });

  it('viewed and not ordered: opened by diners, never ordered, most viewed first', () => {
    const report = {
      ...SAMPLE_REPORT,
      dishes: [dish('Choy', 0, 40), dish('Palov', 5, 100), dish('Kompot', 0, 0), dish('Somsa', 0, 12)],
    };
    expect(viewedNotOrdered(report).map((d) => d.name)).toEqual(['Choy', 'Somsa']);
  });

  it(`each list shows its top ${LIST_LIMIT}`, () => {
    const many = Array.from({ length: LIST_LIMIT + 5 }, (_, i) => dish(`Taom ${i}`, i + 1, 0));
    expect(topDishes({ ...SAMPLE_REPORT, dishes: many })).toHaveLength(LIST_LIMIT);
    expect(topDishes({ ...SAMPLE_REPORT, dishes: many })[0]?.name).toBe(`Taom ${LIST_LIMIT + 4}`);
  });

  it('tables by revenue, searches by how often', () => {
    expect(tablesByRevenue(SAMPLE_REPORT).map((t) => t.name)).toEqual(['2', '1']);
    expect(emptySearches(SAMPLE_REPORT)).toEqual([
      { text: 'kompot', count: 9 },
      { text: 'lagmon', count: 4 },
    ]);
  });
});
