import type { FastifyReply } from 'fastify';
import { reportCsv, reportSheets, reportXlsx } from '../domain/insights/export';
import type { ReportAsked } from '../domain/insights/reports';

export type InsightsFormat = 'json' | 'csv' | 'xlsx';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The report as JSON (`{ data }`), or as a CSV or Excel file to download, named after its subject and period. */
export async function sendInsights(reply: FastifyReply, format: InsightsFormat, asked: ReportAsked) {
  if (format === 'json') return { data: asked.report };
  const { from, to } = asked.period;
  const name = `hisobot-${asked.subject}-${from}-${to}.${format}`;
  const sheets = reportSheets(asked.report, asked.period);
  reply.header('content-disposition', `attachment; filename="${name}"`);
  if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(reportCsv(sheets));
  return reply.type(XLSX).send(await reportXlsx(sheets));
}
