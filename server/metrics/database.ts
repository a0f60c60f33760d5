import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { Gauge, type Registry } from 'prom-client';
import type { Database, Db } from '../db/client';
import { outboxBacklog } from '../repositories/outbox-backlog';

/** node-postgres' drizzle keeps its pool as `$client`; read at each scrape, never while the app is built. */
function poolOf(db: Db | undefined): pg.Pool | undefined {
  return (db as { $client?: pg.Pool } | undefined)?.$client;
}

/**
 * On PostgreSQL, each connection pool (`main`: the requests and jobs; `events`: the staff events' reads) as connections
 * busy and idle and requests waiting for one. The embedded database has no pool (one process, one connection): its
 * series are absent.
 */
export function databasePoolMetrics(registry: Registry, database: Database): void {
  const pools = () =>
    database.kind === 'postgres'
      ? [
          { pool: 'main', client: poolOf(database.db) },
          { pool: 'events', client: poolOf(database.eventsDb) },
        ]
      : [];
  new Gauge({
    name: 'menyu_db_pool_connections',
    help: 'PostgreSQL pool connections by pool (main, events) and state (busy, idle).',
    labelNames: ['pool', 'state'],
    registers: [registry],
    collect() {
      this.reset();
      for (const { pool, client } of pools()) {
        if (!client) continue;
        this.set({ pool, state: 'idle' }, client.idleCount);
        this.set({ pool, state: 'busy' }, client.totalCount - client.idleCount);
      }
    },
  });
  new Gauge({
    name: 'menyu_db_pool_waiting_requests',
    help: 'Queries waiting for a free PostgreSQL pool connection, by pool (main, events).',
    labelNames: ['pool'],
    registers: [registry],
    collect() {
      this.reset();
      for (const { pool, client } of pools()) if (client) this.set({ pool }, client.waitingCount);
    },
  });
}

/**
 * Each outbox's backlog, asked of the database at each scrape: rows still to send and the age of the oldest. A scrape
 * whose query fails leaves both out (the log says why), so an alert on their absence fires rather than one on a stale 0.
 */
export function outboxMetrics(registry: Registry, db: () => Db, log: FastifyBaseLogger): void {
  let backlog: ReturnType<typeof outboxBacklog> | undefined;
  // Both gauges are collected in one scrape: they share one query.
  const read = () => {
    backlog ??= outboxBacklog(db()).finally(() => {
      backlog = undefined;
    });
    return backlog;
  };
  const collectFrom = (field: 'pending' | 'oldestSeconds') =>
    async function (this: Gauge) {
      this.reset();
      try {
        for (const row of await read()) this.set({ outbox: row.outbox }, row[field]);
      } catch (error) {
        log.warn({ err: error }, '/metrics: could not read the outboxes');
      }
    };
  new Gauge({
    name: 'menyu_outbox_pending',
    help: 'Rows waiting to be sent, by outbox (telegram, till, print).',
    labelNames: ['outbox'],
    registers: [registry],
    collect: collectFrom('pending'),
  });
  new Gauge({
    name: 'menyu_outbox_oldest_pending_seconds',
    help: 'Age of the oldest row waiting to be sent, by outbox (telegram, till, print); 0 when none waits.',
    labelNames: ['outbox'],
    registers: [registry],
    collect: collectFrom('oldestSeconds'),
  });
}
