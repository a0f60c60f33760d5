import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { DEFAULT_MENU_CACHE_MB } from './menu/cache-memory';
import { IMAGE_TIMEOUT_SECONDS } from './uploads/image-work';
import { parseStorageSettings, type StorageSettings } from './uploads/storage-settings';

/** Every setting the server reads, validated once at start (docs/configuration.md lists them). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Undefined means: generate one and keep it in DATA_DIR (see server/secrets.ts). */
  jwtSecret: string | undefined;
  jwtExpiresIn: string;
  adminLogin: string | undefined;
  adminPassword: string | undefined;
  demo: boolean;
  publicUrl: string | undefined;
  iikoApiUrl: string | undefined;
  iikoApiLogin: string | undefined;
  /** The Telegram Bot API base; undefined = https://api.telegram.org, or the local simulator in demo mode. */
  telegramApiUrl: string | undefined;
  /**
   * Where a diner is sent to pay (the checkout's base: Payme's GET form, Click's `services/pay`); undefined = the
   * providers' own hosts (Payme's sandbox host for a restaurant in test mode), or the local simulators in demo mode.
   */
  paymeCheckoutUrl: string | undefined;
  clickPayUrl: string | undefined;
  /** Minutes between scheduled syncs of every integration restaurant; 0 turns them off. */
  posSyncMinutes: number;
  logLevel: string;
  /** Failed logins allowed per IP and login within loginRateWindowMs. */
  loginRateMax: number;
  /** Failed logins allowed per IP, whatever the login, within loginRateWindowMs. */
  loginIpRateMax: number;
  loginRateWindowMs: number;
  /** Longest an uploaded image may take to re-encode before it is refused with a 503 (a slower machine may need more). */
  imageTimeoutSeconds: number;
  /** Where uploaded images are stored: DATA_DIR/uploads, or an S3 bucket (STORAGE_URL, S3_*; docs/storage.md). */
  storage: StorageSettings;
  /** Megabytes the public menu caches may hold together (pages, JSON and public reads; server/menu/cache-memory.ts). */
  menuCacheMb: number;
  /** The menu counts its opens, dish details and empty searches for the owner's report (MENU_COUNTING, default on). */
  menuCounting: boolean;
  /**
   * Which proxies may tell the client's address, protocol and host (X-Forwarded-*): false trusts none (the socket's
   * peer is the client), a number trusts that many hops, a list trusts those addresses/CIDRs (Fastify's trustProxy).
   */
  trustProxy: TrustProxy;
  /** The bearer token GET /metrics asks for; undefined: /metrics is off (404). */
  metricsToken: string | undefined;
}

export type TrustProxy = false | number | string[];

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const DURATION = /^\d+(ms|s|m|h|d)?$/;

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const text = (name: string) => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };
  const integer = (name: string, fallback: number, min: number, max: number) => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const flag = (name: string) => {
    const raw = text(name);
    if (raw === undefined) return false;
    if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
    if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
    problems.push(`${name} must be 1 or 0 (got "${raw}")`);
    return false;
  };
  const url = (name: string, protocols: string[]) => {
    const raw = text(name);
    if (raw === undefined) return undefined;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) throw new Error('protocol');
      return raw;
    } catch {
      problems.push(`${name} must be a ${protocols.map((p) => p.replace(':', '')).join(' or ')} URL (got "${raw}")`);
      return undefined;
    }
  };

  const port = integer('PORT', 3000, 0, 65535);
  const host = text('HOST') ?? '127.0.0.1';
  const dataDir = resolve(text('DATA_DIR') ?? './data');
  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:']);

  const jwtSecret = text('JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    problems.push('JWT_SECRET must be at least 32 characters long (or unset it to have one generated in DATA_DIR)');
  }
  const jwtExpiresIn = text('JWT_EXPIRES_IN') ?? '7d';
  if (!DURATION.test(jwtExpiresIn)) {
    problems.push(`JWT_EXPIRES_IN must be a duration such as 7d, 12h or 3600 (got "${jwtExpiresIn}")`);
  }

  const adminLogin = text('ADMIN_LOGIN');
  const adminPassword = text('ADMIN_PASSWORD');
  if ((adminLogin === undefined) !== (adminPassword === undefined)) {
    problems.push('ADMIN_LOGIN and ADMIN_PASSWORD must be set together');
  }
  if (adminPassword !== undefined && adminPassword.length < 8) {
    problems.push('ADMIN_PASSWORD must be at least 8 characters long');
  }

  const demo = flag('DEMO');
  const menuCounting = text('MENU_COUNTING') === undefined || flag('MENU_COUNTING');
  const publicUrl = url('PUBLIC_URL', ['http:', 'https:']);
  const iikoApiUrl = url('IIKO_API_URL', ['http:', 'https:']);
  const iikoApiLogin = text('IIKO_API_LOGIN');
  if ((iikoApiUrl === undefined) !== (iikoApiLogin === undefined)) {
    problems.push('IIKO_API_URL and IIKO_API_LOGIN must be set together');
  }

  const telegramApiUrl = url('TELEGRAM_API_URL', ['http:', 'https:']);
  const paymeCheckoutUrl = url('PAYME_CHECKOUT_URL', ['http:', 'https:']);
  const clickPayUrl = url('CLICK_PAY_URL', ['http:', 'https:']);

  const posSyncMinutes = integer('POS_SYNC_MINUTES', 15, 0, 24 * 60);

  const logLevel = text('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const loginRateMax = integer('LOGIN_RATE_MAX', 10, 1, 100_000);
  const loginIpRateMax = integer('LOGIN_IP_RATE_MAX', 30, 1, 1_000_000);
  const loginRateWindowMs = integer('LOGIN_RATE_WINDOW_MS', 15 * 60_000, 1000, 24 * 3600_000);

  const imageTimeoutSeconds = integer('IMAGE_TIMEOUT_SECONDS', IMAGE_TIMEOUT_SECONDS, 1, 600);
  const storage = parseStorageSettings(text, problems);
  const menuCacheMb = integer('MENU_CACHE_MB', DEFAULT_MENU_CACHE_MB, 1, 1024 * 1024);

  const trustProxy = parseTrustProxy(text('TRUST_PROXY'), problems);

  const metricsToken = text('METRICS_TOKEN');
  if (metricsToken !== undefined && metricsToken.length < 16) {
    problems.push('METRICS_TOKEN must be at least 16 characters long (or unset it to turn /metrics off)');
  }

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    jwtSecret,
    jwtExpiresIn,
    adminLogin,
    adminPassword,
    demo,
    publicUrl,
    iikoApiUrl,
    iikoApiLogin,
    telegramApiUrl,
    paymeCheckoutUrl,
    clickPayUrl,
    posSyncMinutes,
    logLevel,
    loginRateMax,
    loginIpRateMax,
    loginRateWindowMs,
    imageTimeoutSeconds,
    storage,
    menuCacheMb,
    menuCounting,
    trustProxy,
    metricsToken,
  };
}

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list as Fastify does. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An IPv4/IPv6 address, optionally with a /prefix (a CIDR) in that family's range. */
function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset trusts nobody, so no client can choose its own address (the login limits count per address) or
 * the host its QR codes point at. `1` (a hop count) suits one reverse proxy in front; a list names the proxies.
 * `true` (trust every hop) is refused on purpose: it is exactly the hole this setting closes.
 */
export function parseTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  if (raw === undefined) return false;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 20) problems.push(`TRUST_PROXY hop count must be from 0 to 20 (got "${raw}")`);
    return hops === 0 ? false : hops;
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isAddressOrCidr(entry));
  if (invalid.length > 0) {
    problems.push(
      `TRUST_PROXY must be a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDRs ` +
        `(e.g. 10.0.0.5,172.16.0.0/12, or ${PROXY_RANGE_NAMES.join('/')}); not valid: ${invalid.map((e) => `"${e}"`).join(', ')}`,
    );
    return false;
  }
  return entries;
}
