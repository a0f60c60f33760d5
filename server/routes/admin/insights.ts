import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { platformInsights } from '../../domain/insights/reports';
import { bearer, errors } from '../../schemas/common';
import { InsightsQuery } from '../../schemas/insights';
import { sendInsights } from '../insights-files';
import { INSIGHTS_FORMATS } from '../manager/insights';
import type { RouteOptions } from '../options';

/** The platform's report: every restaurant's counts summed, the days in Tashkent's time. Admins only. */
export const adminInsightRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  const admin = app.requireRole('admin');
  const deps = { db: app.db, work: app.work };
  for (const { suffix, format, answer } of INSIGHTS_FORMATS) {
    app.get(
      `/admin/insights${suffix}`,
      {
        schema: {
          tags: ['admin: insights'],
          summary: `The platform's report for a period${format === 'json' ? '' : ` (${format.toUpperCase()} file)`}`,
          description:
            'The same report as a restaurant’s, over every restaurant: `from` and `to` are days in Asia/Tashkent, ' +
            'both included, at most 366 days.',
          security: bearer,
          querystring: InsightsQuery,
          response: { 200: answer, ...errors(400, 401, 403) },
        },
        onRequest: admin,
      },
      async (request, reply) => sendInsights(reply, format, await platformInsights(deps, request.query)),
    );
  }
};
