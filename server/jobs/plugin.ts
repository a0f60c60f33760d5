import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RunWork } from '../domain/unit-of-work';
import { Scheduler } from './scheduler';
import { scheduleUpkeep } from './upkeep';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's background loops, each round run by one process of those sharing the database (jobs/scheduler.ts). */
    jobs: Scheduler;
  }
}

/**
 * The app's one scheduler, with the upkeep every server runs (jobs/upkeep.ts); the listener adds the POS sync and the
 * upload sweep (server.ts). Timers start once the app is ready; on close, before the database and the integration
 * close (preClose), the timers stop and rounds under way are told to stop and waited for.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const jobs = new Scheduler({ db: app.db, log: app.log });
    app.decorate('jobs', jobs);
    // The domain's unit of work is registered after this plugin: looked up when a job runs.
    const work: RunWork = (useCase) => app.work(useCase);
    scheduleUpkeep(jobs, app.db, work);
    app.addHook('onReady', async () => jobs.start());
    app.addHook('preClose', () => jobs.close());
  },
  { name: 'jobs' },
);
