import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Static, Type } from 'typebox';
import { type Database, migrationsFolder, pingDatabase } from '../db/client';
import { migrationsApplied } from '../repositories/migrations';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * From now on GET /ready answers 503 (the server is stopping, or about to): app.close() marks it first thing
     * (its preClose), so a load balancer that polls /ready takes the process out of rotation while it closes.
     */
    markStopping(): void;
    /** Whether markStopping was called. */
    readonly stopping: boolean;
  }
}

/** A database that does not answer this fast is not ready for a diner either. */
const DATABASE_TIMEOUT_MS = 2000;

const Check = Type.Union([Type.Literal('ok'), Type.Literal('failed'), Type.Literal('skipped')]);
const ReadyAnswer = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not ready')]),
  stopping: Type.Boolean(),
  database: Check,
  migrations: Check,
});

/** The timestamp of the newest migration in the sources' folder (read once: the folder is this code's). */
export function newestShippedMigration(): number {
  return Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis));
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * GET /ready, for a load balancer or an orchestrator: 200 while this process should get traffic, 503 while it should
 * not: it is stopping, its database does not answer, or the database lacks a migration this code needs. GET /health
 * stays the liveness probe (is the process worth keeping?); a 503 here only takes the process out of rotation.
 */
export const readyPlugin = fp<{ database: Database }>(
  async (app: FastifyInstance, { database }) => {
    let stopping = false;
    app.decorate('markStopping', () => {
      stopping = true;
    });
    app.decorate('stopping', { getter: () => stopping });
    app.addHook('preClose', async () => {
      stopping = true;
    });
    let newestShipped: number | undefined;

    app.get(
      '/ready',
      {
        schema: {
          tags: ['health'],
          summary: 'Readiness: database reachable, migrations applied, not stopping',
          hide: true,
          response: { 200: ReadyAnswer, 503: ReadyAnswer },
        },
      },
      async (request, reply) => {
        const answer: Static<typeof ReadyAnswer> = {
          status: 'ready',
          stopping,
          database: 'skipped',
          migrations: 'skipped',
        };
        if (!stopping) {
          try {
            await withTimeout(pingDatabase(database.db), DATABASE_TIMEOUT_MS);
            answer.database = 'ok';
            newestShipped ??= newestShippedMigration();
            answer.migrations = (await withTimeout(migrationsApplied(database.db, newestShipped), DATABASE_TIMEOUT_MS))
              ? 'ok'
              : 'failed';
          } catch (error) {
            request.log.warn({ err: error }, '/ready: the database check failed');
            if (answer.database === 'skipped') answer.database = 'failed';
            else answer.migrations = 'failed';
          }
        }
        const ready = !stopping && answer.database === 'ok' && answer.migrations === 'ok';
        answer.status = ready ? 'ready' : 'not ready';
        return reply
          .code(ready ? 200 : 503)
          .header('cache-control', 'no-store')
          .send(answer);
      },
    );
  },
  { name: 'ready' },
);
