import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { restaurantInsights } from '../../domain/insights/reports';
import { bearer, errors, IdParams } from '../../schemas/common';
import { InsightsAnswer, InsightsQuery } from '../../schemas/insights';
import { authenticated } from '../../viewer';
import { type InsightsFormat, sendInsights } from '../insights-files';
import type { RouteOptions } from '../options';

/** The paths of one report in its three forms, and what each answers. */
export const INSIGHTS_FORMATS: { suffix: string; format: InsightsFormat; answer: object }[] = [
  { suffix: '', format: 'json', answer: InsightsAnswer },
  {
    suffix: '.csv',
    format: 'csv',
    answer: { description: 'The report as CSV', content: { 'text/csv': { schema: { type: 'string' } } } },
  },
  {
    suffix: '.xlsx',
    format: 'xlsx',
    answer: {
      description: 'The report as an Excel workbook, a sheet per part',
      content: {
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
          schema: { type: 'string', format: 'binary' },
        },
      },
    },
  },
];

/**
 * The owner's report ("Hisobot") of one restaurant: menu opens, orders, revenue, dishes, tables, service times, the
 * stop-list's lost sales and the searches that found nothing, for a period of its days. Admins and the owning manager
 * only (401 anonymous, 403 a kitchen device, 404 another manager's).
 */
export const managerInsightRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  const staff = app.requireRole('admin', 'manager');
  const deps = { db: app.db, work: app.work };
  for (const { suffix, format, answer } of INSIGHTS_FORMATS) {
    app.get(
      `/manager/restaurants/:id/insights${suffix}`,
      {
        schema: {
          tags: ['insights'],
          summary: `A restaurant's report for a period${format === 'json' ? '' : ` (${format.toUpperCase()} file)`}`,
          description:
            "`from` and `to` are the restaurant's days (its `time_zone`), both included, at most 366 days. Menu opens " +
            'and refusals are counted as they happen (written within a second); orders and calls are read from the ' +
            'orders themselves, so the report is current to the moment. Money in whole so’m.',
          security: bearer,
          params: IdParams,
          querystring: InsightsQuery,
          response: { 200: answer, ...errors(400, 401, 403, 404) },
        },
        onRequest: staff,
      },
      async (request, reply) =>
        sendInsights(
          reply,
          format,
          await restaurantInsights(deps, authenticated(request), request.params.id, request.query),
        ),
    );
  }
};
