import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { reportCsv, reportSheets, reportXlsx } from '../../server/domain/insights/export';
import type { InsightsReport } from '../../server/domain/insights/report';
import { INSIGHT_EXPORT_WORDS as W } from '../../server/messages/insight-export-words';

/** The owner's report as files (server/domain/insights/export.ts): the same tables in the CSV and the workbook. */

const report: InsightsReport = {
  menu_opens: 40,
  orders: 3,
  items: 7,
  revenue: 150000,
  average_check: 50000,
  tips: 5000,
  median_accept_seconds: 42,
  median_serve_seconds: null,
  median_call_seconds: 15,
  slowest_call_seconds: 60,
  unavailable_refusals: 2,
  by_day: [{ date: '2026-12-04', menu_opens: 40, orders: 3, revenue: 150000 }],
  by_hour: Array.from({ length: 24 }, (_, hour) => ({
    hour,
    menu_opens: hour === 9 ? 40 : 0,
    orders: hour === 9 ? 3 : 0,
  })),
  dishes: [
    { product_id: 'p1', name: 'Osh, "to\'y"', orders: 3, quantity: 5, revenue: 125000, views: 9, unavailable: 0 },
    { product_id: 'p2', name: 'Choy', orders: 0, quantity: 0, revenue: 0, views: 4, unavailable: 2 },
  ],
  categories: [{ category_id: 'c1', name: 'Milliy', orders: 3, quantity: 5, revenue: 125000 }],
  tables: [{ table_id: 't1', name: '5', orders: 3, revenue: 150000, menu_opens: 12 }],
  empty_searches: [
    { text: '=SUM(A1)', count: 3 },
    { text: 'lag\nmon', count: 1 },
  ],
};
const period = { from: '2026-12-04', to: '2026-12-04' };

describe('reportCsv', () => {
  // Made inside each test, not when the file is read: what a test runs is what it covers.
  const csvOf = () => reportCsv(reportSheets(report, period));
  const partsOf = () => csvOf().slice(1).split('\r\n\r\n');

  it('starts with a byte order mark and ends its last line', () => {
    const csv = csvOf();
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.endsWith('"lag\nmon",1\r\n')).toBe(true);
  });

  it('writes the figures, an unmeasured median as an empty field', () => {
    const parts = partsOf();
    expect(parts[0]!.split('\r\n')).toEqual([
      W.summary,
      `${W.figure},${W.value}`,
      `${W.period},2026-12-04 — 2026-12-04`,
      `${W.menuOpens},40`,
      `${W.orders},3`,
      `${W.items},7`,
      `${W.revenue},150000`,
      `${W.averageCheck},50000`,
      `${W.tips},5000`,
      `"${W.medianAccept}",42`,
      `"${W.medianServe}",`,
      `"${W.medianCall}",15`,
      `${W.unavailableRefusals},2`,
    ]);
  });

  it('writes each day, each hour as HH:00, the dishes, categories and tables, quoting what holds a comma or quote', () => {
    const parts = partsOf();
    expect(parts[1]!.split('\r\n')).toEqual([
      W.byDay,
      `${W.date},${W.menuOpens},${W.orders},${W.revenue}`,
      '2026-12-04,40,3,150000',
    ]);
    const hours = parts[2]!.split('\r\n');
    expect(hours).toHaveLength(2 + 24);
    expect(hours.slice(0, 3)).toEqual([W.byHour, `${W.hour},${W.menuOpens},${W.orders}`, '00:00,0,0']);
    expect(hours[2 + 9]).toBe('09:00,40,3');
    expect(hours.at(-1)).toBe('23:00,0,0');
    expect(parts[3]!.split('\r\n')).toEqual([
      W.dishes,
      `${W.dish},${W.orders},${W.quantity},${W.revenue},${W.views},${W.unavailable}`,
      `"Osh, ""to'y""",3,5,125000,9,0`,
      'Choy,0,0,0,4,2',
    ]);
    expect(parts[4]!.split('\r\n')).toEqual([
      W.categories,
      `${W.category},${W.orders},${W.quantity},${W.revenue}`,
      'Milliy,3,5,125000',
    ]);
    expect(parts[5]!.split('\r\n')).toEqual([
      W.tables,
      `${W.table},${W.orders},${W.revenue},${W.menuOpens}`,
      '5,3,150000,12',
    ]);
  });

  it('makes a search starting like a formula plain text, and quotes one with a line break', () => {
    const parts = partsOf();
    expect(parts[6]).toBe(`${W.searches}\r\n${W.search},${W.count}\r\n'=SUM(A1),3\r\n"lag\nmon",1\r\n`);
    for (const sign of ['+', '-', '@']) {
      const one = reportCsv([{ name: 'x', rows: [[`${sign}1`, 1]] }]);
      expect(one).toBe(`\uFEFFx\r\n'${sign}1,1\r\n`);
    }
  });
});

describe('reportXlsx', () => {
  it('makes one sheet per part, with the same cells, its first row bold', async () => {
    const files = unzipSync(new Uint8Array(await reportXlsx(reportSheets(report, period))));
    const workbook = strFromU8(files['xl/workbook.xml']!);
    for (const name of [W.summary, W.byDay, W.byHour, W.dishes, W.categories, W.tables, W.searches]) {
      expect(workbook).toContain(`name="${name}"`);
    }
    // Text cells are shared strings: a search that looks like a formula stays a string, never a formula cell.
    const strings = strFromU8(files['xl/sharedStrings.xml']!);
    expect(strings).toContain(`<t>Osh, "to'y"</t>`);
    expect(strings).toContain('<t>=SUM(A1)</t>');
    expect(strFromU8(files['xl/worksheets/sheet1.xml']!)).not.toContain('<f>');
    expect(strFromU8(files['xl/styles.xml']!)).toContain('<b/>');
  });
});
