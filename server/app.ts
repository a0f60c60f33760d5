import compress from '@fastify/compress';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { Config, TrustProxy } from './config';
import { type Database, openDatabase, pingDatabase } from './db/client';
import { integrationPlugin } from './integrations/plugin';
import { jobsPlugin } from './jobs/plugin';
import { type PrintSenderSettings, printSenderPlugin } from './jobs/print-plugin';
import { type TillSenderSettings, tillSenderPlugin } from './jobs/till-plugin';
import { authPlugin } from './plugins/auth';
import { databasePlugin } from './plugins/database';
import { registerDocs } from './plugins/docs';
import { domainPlugin } from './plugins/domain';
import { answerFrameworkError, registerErrorHandling } from './plugins/errors';
import { insightsPlugin } from './plugins/insights';
import { menuCacheMemoryPlugin } from './plugins/menu-cache-memory';
import { menuChangesPlugin } from './plugins/menu-changes';
import { metricsPlugin } from './plugins/metrics';
import { readyPlugin } from './plugins/ready';
import { requestLogPlugin } from './plugins/request-log';
import { registerSecurityHeaders } from './plugins/security-headers';
import { sharedLimitsPlugin } from './plugins/shared-limits';
import { registerSpa } from './plugins/spa';
import { imageStorePlugin } from './plugins/uploads';
import { fromProjectRoot } from './project-root';
import { requestIdOf } from './request-id';
import { apiRoutes } from './routes';
import { authRoutes } from './routes/auth';
import { sharedSchemaCompilers } from './schemas/compilers';
import { schemaKeywords } from './schemas/keywords';
import { resolveJwtSecret } from './secrets';
import { telegramPlugin } from './telegram/plugin';

export interface BuildOptions {
  /** An opened database (tests pass a fresh PGlite); otherwise one is opened from the config. */
  database?: Database;
  /** Folder of the built SPA (default: ./dist next to the repository root). */
  distDir?: string;
  /** Pino logger options or false (tests keep the log quiet). */
  logger?: boolean | { level: string };
  /** Telegram delivery's outbox tick and long-polling wait (tests shorten them; see server/telegram/plugin.ts). */
  telegramTickMs?: number;
  telegramPollSeconds?: number;
  /** How often an open staff events stream is checked again (default server/events/stream.ts RECHECK_MS). */
  eventsRecheckMs?: number;
  /** Open staff events streams per user (default server/events/hub.ts MAX_STREAMS_PER_USER; the bench lifts it). */
  streamsPerUser?: number;
  /** The till sender's retries, tick and lease (tests shorten them; see server/jobs/till-sender.ts). */
  tillSender?: TillSenderSettings;
  /** The kitchen tickets' retries, tick and lease, and printing to this machine (tests; see server/jobs/print-sender.ts). */
  printSender?: PrintSenderSettings;
  /** Add the abuse limits up in the database (default: on PostgreSQL only; see server/plugins/shared-limits.ts). */
  shareLimits?: boolean;
}

/**
 * Fastify (5.8+) ignores a bare hop count on purpose (it cannot tell a proxy from a client), so a count becomes
 * proxy-addr's function form: the `hops` nearest addresses, the socket's peer first, are trusted as proxies.
 */
function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export const defaultDistDir = fromProjectRoot('dist');

/** Builds the whole server without listening, so tests can `inject` requests into it. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // X-Forwarded-* only from the proxies TRUST_PROXY names: otherwise any client could choose its own address.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // One line per request is noise for a restaurant's server; errors are still logged with their request.
    logController: new LogController({ disableRequestLogging: true }),
    // The proxy's X-Request-Id when it sent one (server/request-id.ts).
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    // No type coercion: a number sent where a string is expected is a 400, not silently "5".
    // Our keywords (no control characters, not blank, 2 decimals): see server/schemas/keywords.ts.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false, keywords: schemaKeywords } },
    // Compiled once per process, however many apps it builds (server/schemas/compilers.ts).
    schemaController: { compilersFactory: sharedSchemaCompilers },
    // A malformed or over-long URL is answered before routing; it gets the same Uzbek error body as the rest.
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  registerErrorHandling(app);
  // Before every route and plugin, so no answer misses nosniff or the no-store default.
  registerSecurityHeaders(app);
  // Before every route: the metrics time each route by its pattern, and a handler's work logs with its request's id.
  await app.register(metricsPlugin, { token: config.metricsToken, database });
  await app.register(requestLogPlugin);
  await app.register(readyPlugin, { database });
  // First, so a browser navigation to a client route that shares a path with an API call gets the SPA.
  await registerSpa(app, options.distDir ?? defaultDistDir);
  await app.register(databasePlugin, { database, closeOnShutdown: options.database === undefined });
  await app.register(jobsPlugin);
  // Before the routes: with a bucket, answers carry its public image addresses (plugins/uploads.ts).
  await app.register(imageStorePlugin, { config });
  await app.register(sharedLimitsPlugin, { share: options.shareLimits });
  await app.register(insightsPlugin, { counting: config.menuCounting });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(authPlugin, {
    secret: resolveJwtSecret(config.jwtSecret, config.dataDir),
    expiresIn: config.jwtExpiresIn,
    demo: config.demo,
  });
  await app.register(menuChangesPlugin);
  await app.register(menuCacheMemoryPlugin, { megabytes: config.menuCacheMb });
  await app.register(domainPlugin);
  await app.register(integrationPlugin, { config });
  await app.register(tillSenderPlugin, { settings: options.tillSender });
  await app.register(printSenderPlugin, { settings: options.printSender, demo: config.demo });
  // Demo mode's kitchen printer (a simulator on raw TCP) and its /dev/printer page; a production start loads none of it.
  if (config.demo) await (await import('./dev/printer/demo')).registerDemoPrinter(app);
  await app.register(telegramPlugin, {
    config,
    tickMs: options.telegramTickMs,
    pollSeconds: options.telegramPollSeconds,
  });
  // Demo mode's Payme and Click simulators, loaded only when they run: a production start imports nothing of server/dev.
  if (config.demo && (!config.paymeCheckoutUrl || !config.clickPayUrl)) {
    await (await import('./dev/payments/demo')).registerDemoPayments(app, {
      payme: !config.paymeCheckoutUrl,
      click: !config.clickPayUrl,
    });
  }
  await registerDocs(app, { publicUrl: config.publicUrl });

  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Liveness and database check', hide: false } },
    async () => {
      await pingDatabase(app.db);
      return { status: 'ok', database: database.kind };
    },
  );
  await app.register(authRoutes, {
    demo: config.demo,
    loginRateMax: config.loginRateMax,
    loginIpRateMax: config.loginIpRateMax,
    loginRateWindowMs: config.loginRateWindowMs,
  });
  await app.register(apiRoutes, {
    config,
    eventsRecheckMs: options.eventsRecheckMs,
    streamsPerUser: options.streamsPerUser,
  });

  return app;
}
