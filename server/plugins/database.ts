import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** Exposes the opened database to every route and closes it with the app (an open PGlite keeps Node alive). */
export const databasePlugin = fp<{ database: Database; closeOnShutdown: boolean }>(
  async (app: FastifyInstance, { database, closeOnShutdown }) => {
    app.decorate('database', database);
    app.decorate('db', database.db);
    if (closeOnShutdown) app.addHook('onClose', () => database.close());
  },
);
