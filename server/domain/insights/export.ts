import writeExcelFile from 'write-excel-file/node';
import { INSIGHT_EXPORT_WORDS as W } from '../../messages/insight-export-words';
import type { InsightsReport } from './report';

type Cell = string | number | null;
interface Sheet {
  name: string;
  rows: Cell[][];
}

/**
 * The report as tables, one per part (the same in both files): the figures, each day, each hour, the dishes, the
 * categories, the tables, the searches that found nothing. Money in whole so'm, the currency in the column's name; medians in seconds.
 */
export function reportSheets(report: InsightsReport, period: { from: string; to: string }): Sheet[] {
  return [
    {
      name: W.summary,
      rows: [
        [W.figure, W.value],
        [W.period, `${period.from} — ${period.to}`],
        [W.menuOpens, report.menu_opens],
        [W.orders, report.orders],
        [W.items, report.items],
        [W.revenue, report.revenue],
        [W.averageCheck, report.average_check],
        [W.tips, report.tips],
        [W.medianAccept, report.median_accept_seconds],
        [W.medianServe, report.median_serve_seconds],
        [W.medianCall, report.median_call_seconds],
        [W.unavailableRefusals, report.unavailable_refusals],
      ],
    },
    {
      name: W.byDay,
      rows: [
        [W.date, W.menuOpens, W.orders, W.revenue],
        ...report.by_day.map((day) => [day.date, day.menu_opens, day.orders, day.revenue]),
      ],
    },
    {
      name: W.byHour,
      rows: [
        [W.hour, W.menuOpens, W.orders],
        ...report.by_hour.map((hour) => [`${String(hour.hour).padStart(2, '0')}:00`, hour.menu_opens, hour.orders]),
      ],
    },
    {
      name: W.dishes,
      rows: [
        [W.dish, W.orders, W.quantity, W.revenue, W.views, W.unavailable],
        ...report.dishes.map((d) => [d.name, d.orders, d.quantity, d.revenue, d.views, d.unavailable]),
      ],
    },
    {
      name: W.categories,
      rows: [
        [W.category, W.orders, W.quantity, W.revenue],
        ...report.categories.map((c) => [c.name, c.orders, c.quantity, c.revenue]),
      ],
    },
    {
      name: W.tables,
      rows: [
        [W.table, W.orders, W.revenue, W.menuOpens],
        ...report.tables.map((t) => [t.name, t.orders, t.revenue, t.menu_opens]),
      ],
    },
    {
      name: W.searches,
      rows: [[W.search, W.count], ...report.empty_searches.map((s) => [s.text, s.count])],
    },
  ];
}

/** A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180); a formula's first sign defused. */
function csvField(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  // A diner's search text starting with = + - @ would be a formula to a spreadsheet: made plain text.
  const text = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The report as one CSV file: each part under its name, a blank line between them. It starts with a byte order mark
 * so Excel reads the UTF-8 (Cyrillic names, oʻ) as such.
 */
export function reportCsv(sheets: Sheet[]): string {
  const parts = sheets.map((sheet) =>
    [[sheet.name], ...sheet.rows].map((row) => row.map(csvField).join(',')).join('\r\n'),
  );
  return `\uFEFF${parts.join('\r\n\r\n')}\r\n`;
}

/** The report as an Excel workbook, one sheet per part, its first row bold. */
export async function reportXlsx(sheets: Sheet[]): Promise<Buffer> {
  const workbook = sheets.map((sheet) => ({
    sheet: sheet.name,
    data: sheet.rows.map((row, index) =>
      row.map((value) => (value === null ? null : { value, ...(index === 0 ? { fontWeight: 'bold' as const } : {}) })),
    ),
  }));
  return writeExcelFile(workbook).toBuffer();
}
