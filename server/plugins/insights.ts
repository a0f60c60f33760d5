import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { InsightCounter } from '../domain/insights/counter';
import { addCounts } from '../repositories/insights';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the public menu counts for the owner's report, written in batches (domain/insights/counter.ts). */
    insights: InsightCounter;
  }
}

/**
 * The process's insight counter; what it holds is written before the database closes. With counting off
 * (MENU_COUNTING=0) it is closed from the start: it counts nothing, and the report has only orders and calls.
 */
export const insightsPlugin = fp(
  async (app: FastifyInstance, { counting }: { counting: boolean }) => {
    const counter = new InsightCounter((rows) => addCounts(app.db, rows), app.log);
    if (!counting) await counter.close();
    app.decorate('insights', counter);
    app.addHook('preClose', () => counter.close());
  },
  { name: 'insights' },
);
