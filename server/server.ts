import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { scheduleAutoSync } from './integrations/auto-sync';
import { scheduleUploadSweep } from './plugins/upload-sweep';
import { ensureAdmin } from './seed/admin';
import { seedDemo } from './seed/demo';

/** The listener: reads the configuration, prepares the database, starts the app and closes it on a signal. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp(config, { database });
  app.addHook('onClose', () => database.close());

  if (config.adminLogin && config.adminPassword) {
    if (await ensureAdmin(database.db, config.adminLogin, config.adminPassword)) {
      app.log.info(`Admin "${config.adminLogin}" created from ADMIN_LOGIN.`);
    }
  }
  if (config.demo) {
    const logins = await seedDemo(database.db, { dataDir: config.dataDir });
    const lines = logins.map((l) => `  ${l.role.padEnd(8)} login: ${l.login.padEnd(12)} password: ${l.password}`);
    console.log(`\nDemo mode (DEMO=1). Demo accounts:\n${lines.join('\n')}\n`);
  }

  scheduleUploadSweep(app, config.dataDir);
  scheduleAutoSync(app, config.posSyncMinutes);

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal}: closing`);
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
  console.error(error);
  process.exit(1);
});
