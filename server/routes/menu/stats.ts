import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { MenuCache } from '../../menu/cache';
import { parseStat } from '../../menu/stats';
import { slugKey } from '../../repositories/restaurants';
import { errors } from '../../schemas/common';
import { MenuOrderParams } from '../../schemas/order-requests';

/** A beacon's body is a few dozen bytes. */
const STATS_BODY_LIMIT = 1024;

/**
 * `POST /menu/{slug}/stats`: the menu page's beacon for the owner's report (server/menu/stats.ts), counted in this
 * process's memory (domain/insights/counter.ts). Always 204, whatever it carried: a beacon's answer is never read, and
 * a restaurant's existence is the menu page's to tell. A dish is counted only when its key names one of the menu's.
 */
export function registerMenuStats(app: FastifyInstance, cache: MenuCache): void {
  app.post(
    '/menu/:slug/stats',
    {
      bodyLimit: STATS_BODY_LIMIT,
      schema: {
        tags: ['menu'],
        summary: "The menu page's beacon: a dish's detail opened, a search that found nothing",
        description:
          'Sent by the page with navigator.sendBeacon (text/plain or JSON): `{ "d": "<the dish\'s data-k>" }` or ' +
          '`{ "s": "<what was typed>" }`. Counted for the owner\'s report (`/manager/restaurants/{id}/insights`); ' +
          'nothing about the diner is kept. Always 204.',
        params: MenuOrderParams,
        response: { 204: Type.Null({ description: 'Counted, or nothing to count' }), ...errors(413, 415) },
      },
    },
    async (request, reply) => {
      const stat = parseStat(request.body);
      const menu = stat ? await cache.get(slugKey((request.params as { slug: string }).slug)) : undefined;
      if (stat && menu) {
        if ('search' in stat) app.insights.add(menu.restaurantId, 'empty_search', stat.search);
        else {
          const productId = menu.productOfKey(stat.detail);
          if (productId) app.insights.add(menu.restaurantId, 'detail_open', productId);
        }
      }
      return reply.code(204).send();
    },
  );
}
