import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { scheduleAutoSync } from './integrations/auto-sync';
import { scheduleUploadSweep } from './jobs/upload-sweep';
import { ensureCanListen, PortUnavailableError } from './port-check';
import { ensureAdmin } from './seed/admin';

/**
 * A stop lets the requests under way finish for this long; past it their connections are closed, so a stuck request
 * cannot hold up a restart (a process manager kills a process that outstays its own limit, e.g. systemd's 90 s).
 */
const STOP_GRACE_MS = 10_000;

/** The listener: reads the configuration, prepares the database, starts the app and closes it on a signal. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Before anything in DATA_DIR is touched: the embedded database belongs to one process (several processes share
  // a PostgreSQL server instead, and with it DATA_DIR/uploads, on purpose).
  if (!config.databaseUrl) {
    const lock = lockDataDir(config.dataDir);
    // Every way out goes through 'exit' (process.exit after a clean close, a failed start, a crash). A kill -9
    // leaves the lock behind; the next start sees its process is gone and takes it over.
    process.on('exit', () => lock.release());
  }
  // A start that cannot listen stops here, before migrations or seeding have written anything.
  await ensureCanListen(config.host, config.port);

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp(config, { database }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  app.addHook('onClose', () => database.close());
  try {
    await serve(app, config);
  } catch (error) {
    // Whatever failed, the database is closed as a clean stop closes it: the next start needs no recovery.
    await app.close();
    throw error;
  }
}

/** Admin and demo seeding, scheduled work, signals, then listening. */
async function serve(app: FastifyInstance, config: Config): Promise<void> {
  if (config.adminLogin && config.adminPassword) {
    if (await ensureAdmin(app.db, config.adminLogin, config.adminPassword)) {
      app.log.info(`Admin "${config.adminLogin}" created from ADMIN_LOGIN.`);
    }
  }
  if (config.demo) {
    // Loaded only in demo mode: a production start imports nothing of server/dev.
    const { seedDemo } = await import('./dev/demo/seed');
    const logins = await seedDemo(app.db, {
      dataDir: config.dataDir,
      telegram: app.telegram.demoSettings,
      integration: app.integration,
      ...(app.demoPrinter ? { printer: { host: app.demoPrinter.host, port: app.demoPrinter.port } } : {}),
    });
    // The demo bot is polled from now, not at the poller's next look at the bots.
    app.telegram.poller?.refreshSoon();
    const lines = logins.map(
      (l) =>
        `  ${l.role.padEnd(8)} login: ${l.login.padEnd(12)} password: ${l.password ?? '(changed since it was seeded)'}`,
    );
    console.log(`\nDemo mode (DEMO=1). Demo accounts:\n${lines.join('\n')}\n`);
  }

  scheduleUploadSweep(app, config.dataDir);
  scheduleAutoSync(app, config.posSyncMinutes);

  let closing = false;
  // Every signal is heard while the server closes, and the repeats are ignored: a Ctrl-C reaches it twice under `npm
  // start` (from the terminal, and passed on by the starter, scripts/server-build.ts), as does a stop that signals every
  // process of a service, and a repeat left to Node's default would end the process before the database is closed.
  //
  // A graceful stop (a restart, a deploy): /ready answers 503 from now on; new connections are refused and a request
  // on a kept-alive one gets a 503 (Fastify), which a proxy passes to another process; open staff streams are told to
  // reconnect at once (elsewhere) and ended; the background loops stop between steps and free their leases, the
  // outbox senders finish the message under way; requests under way finish (STOP_GRACE_MS at most); the database
  // closes last.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal}: closing`);
      const force = setTimeout(() => {
        app.log.warn(
          `Requests still under way ${STOP_GRACE_MS / 1000} s after ${signal}: their connections are closed`,
        );
        app.server.closeAllConnections();
      }, STOP_GRACE_MS);
      force.unref();
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  const address = await app.listen({ port: config.port, host: config.host });
  console.log(`Menyu is running at ${address.replace('0.0.0.0', '127.0.0.1')}  (API docs: ${address}/docs)`);
}

main().catch((error) => {
  // Refusals an operator can act on are one clear line; anything else keeps its stack.
  const refusal = error instanceof DataDirLockedError || error instanceof PortUnavailableError;
  console.error(refusal ? error.message : error);
  process.exit(1);
});
