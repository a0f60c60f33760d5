import { describe, expect, it } from 'vitest';
import { parsePeriod } from '../../server/domain/insights/period';
import { type CurrentNames, EMPTY_SEARCHES_SHOWN, namedSubjects, reportOf } from '../../server/domain/insights/report';
import type { InsightGroup, InsightKind } from '../../server/repositories/insights';

/**
 * The owner's report made from its groups (server/domain/insights/report.ts, reportOf): totals, days and hours with
 * their zeros, dishes, categories and tables named as they are now and in their order, the searches that found nothing.
 */

const group = (kind: InsightKind, values: Partial<InsightGroup> & { count: number }): InsightGroup => ({
  kind,
  day: null,
  hour: null,
  subject: null,
  quantity: 0,
  amount: 0,
  label: null,
  ...values,
});
const names = (parts: Partial<CurrentNames> = {}): CurrentNames => ({
  dish: new Map(),
  category: new Map(),
  table: new Map(),
  ...parts,
});
const period = parsePeriod('2026-12-03', '2026-12-04');

describe('reportOf', () => {
  it('answers zeros and unmeasured medians for a period with nothing, every day and hour listed', () => {
    const report = reportOf([], names(), period);
    expect(report).toMatchObject({
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
      dishes: [],
      categories: [],
      tables: [],
      empty_searches: [],
    });
    expect(report.by_day).toEqual([
      { date: '2026-12-03', menu_opens: 0, orders: 0, revenue: 0 },
      { date: '2026-12-04', menu_opens: 0, orders: 0, revenue: 0 },
    ]);
    expect(report.by_hour).toHaveLength(24);
    expect(report.by_hour[23]).toEqual({ hour: 23, menu_opens: 0, orders: 0 });
  });

  it('sums the totals, the average check rounded to the so’m, and fills the days and hours that had any', () => {
    const report = reportOf(
      [
        group('open', { count: 40 }),
        group('order', { count: 3, quantity: 7, amount: 100001 }),
        group('tip', { count: 2, amount: 5000 }),
        group('unavailable', { count: 2 }),
        group('open', { day: '2026-12-04', count: 40 }),
        group('order', { day: '2026-12-04', count: 3, amount: 100001 }),
        group('open', { hour: 9, count: 30 }),
        group('order', { hour: 9, count: 2 }),
        group('accept_seconds', { subject: '30', count: 1 }),
        group('accept_seconds', { subject: '90', count: 2 }),
        group('serve_seconds', { subject: '600', count: 1 }),
        group('call_seconds', { subject: '20', count: 1 }),
        group('call_seconds', { subject: '75', count: 1 }),
      ],
      names(),
      period,
    );
    expect(report).toMatchObject({
      menu_opens: 40,
      orders: 3,
      items: 7,
      revenue: 100001,
      average_check: 33334,
      tips: 5000,
      unavailable_refusals: 2,
      median_accept_seconds: 90,
      median_serve_seconds: 600,
      median_call_seconds: 48,
      slowest_call_seconds: 75,
    });
    expect(report.by_day[1]).toEqual({ date: '2026-12-04', menu_opens: 40, orders: 3, revenue: 100001 });
    expect(report.by_day[0]).toEqual({ date: '2026-12-03', menu_opens: 0, orders: 0, revenue: 0 });
    expect(report.by_hour[9]).toEqual({ hour: 9, menu_opens: 30, orders: 2 });
  });

  it('names dishes as they are now (or as ordered, once deleted), leaves out the nameless, and orders them', () => {
    const report = reportOf(
      [
        group('dish', { subject: 'osh', count: 5, quantity: 6, amount: 300, label: 'Osh (eski)' }),
        group('dish', { subject: 'somsa', count: 5, quantity: 5, amount: 200 }),
        group('dish', { subject: 'gone', count: 2, quantity: 2, amount: 90, label: "O'chirilgan" }),
        group('detail_open', { subject: 'choy', count: 9 }),
        group('detail_open', { subject: 'kofe', count: 9 }),
        group('detail_open', { subject: 'somsa', count: 1 }),
        group('unavailable', { subject: 'manti', count: 4 }),
        group('unavailable', { subject: 'unknown', count: 1 }),
      ],
      names({
        dish: new Map([
          ['osh', 'Osh'],
          ['somsa', 'Somsa'],
          ['choy', 'Choy'],
          ['kofe', 'Kofe'],
          ['manti', 'Manti'],
        ]),
      }),
      period,
    );
    expect(report.dishes.map((dish) => [dish.name, dish.orders, dish.revenue, dish.views, dish.unavailable])).toEqual([
      ['Osh', 5, 300, 0, 0],
      ['Somsa', 5, 200, 1, 0],
      ["O'chirilgan", 2, 90, 0, 0],
      ['Choy', 0, 0, 9, 0],
      ['Kofe', 0, 0, 9, 0],
      ['Manti', 0, 0, 0, 4],
    ]);
    expect(report.dishes[0]).toMatchObject({ product_id: 'osh', quantity: 6 });
  });

  it('sums the ordered dishes per the category each is in now, by revenue, then orders', () => {
    const category = (id: string, title: string) => ({ _id: id, title });
    const report = reportOf(
      [
        group('dish', { subject: 'osh', count: 2, quantity: 3, amount: 100 }),
        group('dish', { subject: 'lagmon', count: 1, quantity: 1, amount: 100 }),
        group('dish', { subject: 'choy', count: 4, quantity: 4, amount: 100 }),
        group('dish', { subject: 'kofe', count: 1, quantity: 1, amount: 50 }),
        group('dish', { subject: 'orphan', count: 1, quantity: 1, amount: 999, label: 'Yetim' }),
        group('detail_open', { subject: 'manti', count: 3 }),
      ],
      names({
        dish: new Map([
          ['osh', 'Osh'],
          ['lagmon', "Lag'mon"],
          ['choy', 'Choy'],
          ['kofe', 'Kofe'],
          ['manti', 'Manti'],
        ]),
        category: new Map([
          ['osh', category('milliy', 'Milliy')],
          ['lagmon', category('milliy', 'Milliy')],
          ['choy', category('ichimlik', 'Ichimliklar')],
          ['kofe', category('ichimlik', 'Ichimliklar')],
          ['manti', category('bug', "Bug'da")],
        ]),
      }),
      period,
    );
    expect(report.categories).toEqual([
      { category_id: 'milliy', name: 'Milliy', orders: 3, quantity: 4, revenue: 200 },
      { category_id: 'ichimlik', name: 'Ichimliklar', orders: 5, quantity: 5, revenue: 150 },
    ]);
    // A tie in revenue: the category with more orders first, though its dishes each have fewer.
    const tie = reportOf(
      [
        group('dish', { subject: 'a', count: 5, amount: 100 }),
        group('dish', { subject: 'b1', count: 4, amount: 50 }),
        group('dish', { subject: 'b2', count: 4, amount: 50 }),
      ],
      names({
        dish: new Map([
          ['a', 'A'],
          ['b1', 'B1'],
          ['b2', 'B2'],
        ]),
        category: new Map([
          ['a', category('ca', 'CA')],
          ['b1', category('cb', 'CB')],
          ['b2', category('cb', 'CB')],
        ]),
      }),
      period,
    );
    expect(tie.categories.map((c) => c.name)).toEqual(['CB', 'CA']);
  });

  it('names tables as they are now (or as ordered), leaves out the nameless, by revenue, orders, then menu opens', () => {
    const report = reportOf(
      [
        group('table', { subject: 't1', count: 2, amount: 500 }),
        group('table', { subject: 't2', count: 3, amount: 500 }),
        group('table', { subject: 't3', count: 1, amount: 900, label: 'Eski 3' }),
        group('table', { subject: '', count: 1, amount: 50 }),
        group('table_open', { subject: 't4', count: 2 }),
        group('table_open', { subject: 't5', count: 7 }),
        group('table_open', { subject: 't1', count: 11 }),
      ],
      names({
        table: new Map([
          ['t1', '1'],
          ['t2', '2'],
          ['t4', '4'],
          ['t5', '5'],
        ]),
      }),
      period,
    );
    expect(report.tables.map((table) => [table.name, table.orders, table.revenue, table.menu_opens])).toEqual([
      ['Eski 3', 1, 900, 0],
      ['2', 3, 500, 0],
      ['1', 2, 500, 11],
      ['5', 0, 0, 7],
      ['4', 0, 0, 2],
    ]);
    expect(report.tables[1]!.table_id).toBe('t2');
  });

  it(`lists the ${EMPTY_SEARCHES_SHOWN} searches that found nothing most often, ties by their text`, () => {
    const searches = Array.from({ length: EMPTY_SEARCHES_SHOWN + 3 }, (_, n) =>
      group('empty_search', { subject: `q${String(n).padStart(2, '0')}`, count: n % 5 }),
    );
    const report = reportOf(searches, names(), period);
    expect(report.empty_searches).toHaveLength(EMPTY_SEARCHES_SHOWN);
    expect(report.empty_searches.slice(0, 3)).toEqual([
      { text: 'q04', count: 4 },
      { text: 'q09', count: 4 },
      { text: 'q14', count: 4 },
    ]);
    expect(report.empty_searches.at(-1)).toEqual({ text: 'q05', count: 0 });
  });
});

describe('namedSubjects', () => {
  it('answers each dish and table the groups name once, whatever they were counted for', () => {
    expect(
      namedSubjects([
        group('dish', { subject: 'osh', count: 1 }),
        group('detail_open', { subject: 'osh', count: 1 }),
        group('unavailable', { subject: 'manti', count: 1 }),
        group('table', { subject: 't1', count: 1 }),
        group('table_open', { subject: 't1', count: 1 }),
        group('table_open', { subject: 't2', count: 1 }),
        group('open', { day: '2026-12-04', count: 1 }),
        group('empty_search', { subject: 'pizza', count: 1 }),
      ]),
    ).toEqual({ dishIds: ['osh', 'manti'], tableIds: ['t1', 't2'] });
  });
});
