import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { HttpError } from './errors';
import { messages } from './messages';
import { WorkQueue, WorkQueueFull } from './work-queue';

// scrypt with N=2^15, r=8, p=1 costs ~40-80 ms here: slow enough to make offline guessing expensive,
// fast enough that login stays instant (N=2^17 measured ~330 ms). Parameters are stored with each
// hash, so raising them later only affects new hashes.
const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

/**
 * Every hash runs through this queue. scrypt runs on libuv's thread pool, which gzip, file reads and image work share:
 * a flood of logins (random names pass any per-login limit) would otherwise fill the pool and make everyone wait.
 * Two at a time is ~40 hashes/s here; 64 waiting is about 1.6 s of work; beyond that a login is refused at once with
 * 503 and Retry-After rather than queued behind the flood.
 */
export const passwordWork = new WorkQueue({ concurrency: 2, maxWaiting: 64 });

export const PASSWORD_WORK_BUSY = messages.serverBusy;
/** Seconds a client is told to wait when the queue is full: about what the waiting work takes. */
export const PASSWORD_WORK_RETRY_AFTER = 2;

/** 503 when the hashing queue is full; `retryAfter` is sent as the Retry-After header. */
export class PasswordWorkBusy extends HttpError {
  readonly retryAfter = PASSWORD_WORK_RETRY_AFTER;
  constructor() {
    super(503, PASSWORD_WORK_BUSY);
  }
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return passwordWork
    .run(() => scryptOnce(password, salt, options))
    .catch((error: unknown) => {
      throw error instanceof WorkQueueFull ? new PasswordWorkBusy() : error;
    });
}

function scryptOnce(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 256 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, expected] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !expected) return false;
  const expectedKey = Buffer.from(expected, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
}

/** A valid hash of a random password: compared against when the login does not exist, so timing does not reveal it. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
