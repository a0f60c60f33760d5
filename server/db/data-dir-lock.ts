import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * The embedded database (PGlite) belongs to one process: two servers on one DATA_DIR each overwrite the other's
 * writes and can leave the folder unopenable. A server takes this lock before it opens the database and keeps it
 * until it exits; a second server is refused while the first lives. A lock left behind by a crash or `kill -9` is
 * recognised (its process is gone) and taken over.
 */
export const LOCK_FILE_NAME = 'menyu.lock';

/** Who holds the lock, as written in the lock file. */
export interface LockOwner {
  pid: number;
  hostname: string;
  /** Linux: the kernel's boot id; a lock from an earlier boot is stale whatever its PID. */
  bootId: string | null;
  /** Linux: the process's start time (clock ticks since boot), so a PID reused by another program is told apart. */
  processStart: string | null;
  /** When the lock was taken (ISO 8601). */
  since: string;
  /** Unique per lock, so a process only ever removes the lock it took itself. */
  token: string;
}

export interface DataDirLock {
  /** The lock file. */
  file: string;
  /** Removes the lock if it is still this process's. Safe to call more than once (and from an 'exit' handler). */
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly owner: LockOwner | undefined,
  ) {
    const holder = owner ? `process ${owner.pid} on ${owner.hostname}, since ${owner.since}` : 'starting right now';
    super(
      `The data folder ${dataDir} is in use by another Menyu server (${holder}). Its embedded database belongs to ` +
        'one process: stop that server first, or give this one another DATA_DIR (several servers on one data set ' +
        `need DATABASE_URL). Lock file: ${join(dataDir, LOCK_FILE_NAME)}`,
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * The holder touches the lock file this often. Only needed for a lock taken on another host (a data folder on
 * shared storage, or a container recreated with a new hostname), whose process cannot be looked up from here.
 */
const HEARTBEAT_MS = 10_000;
/** A lock from another host with no heartbeat for this long is stale. */
const FOREIGN_STALE_MS = 60_000;
/** Taking over a stale lock lasts milliseconds; a takeover guard this old was left by a process that died. */
const TAKEOVER_STALE_MS = 10_000;

/** Lock files held by this process: a second lock on the same folder from the same process is refused too. */
const heldHere = new Set<string>();

/** Takes the lock on `dataDir` (creating the folder), or throws DataDirLockedError while another live process holds it. */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE_NAME);
  const mine: LockOwner = { ...processIdentity(process.pid), since: new Date().toISOString(), token: randomUUID() };
  const text = `${JSON.stringify(mine)}\n`;
  if (heldHere.has(file)) throw new DataDirLockedError(dataDir, readLock(file)?.owner);
  // Each pass either takes the lock, refuses, or removes one stale lock; only processes racing each other need more.
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createExclusively(file, text)) return held(file, text);
    const existing = readLock(file);
    if (!existing) continue; // removed between our attempt and the read: try again
    if (!isStale(existing)) throw new DataDirLockedError(dataDir, existing.owner);
    removeStaleLock(file, existing.text, text);
  }
  throw new DataDirLockedError(dataDir, readLock(file)?.owner);
}

function held(file: string, text: string): DataDirLock {
  heldHere.add(file);
  const heartbeat = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(file, now, now);
    } catch {
      // The folder went away or is read-only for a moment: the next beat tries again.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    file,
    release() {
      clearInterval(heartbeat);
      heldHere.delete(file);
      // Only our own lock: if it was taken over (we were thought dead), it now belongs to someone else.
      if (readText(file) === text) unlinkQuietly(file);
    },
  };
}

/**
 * Creates `file` with `text` only if it does not exist. The text is written to a private file first and then
 * hard-linked into place (atomic, fails if the name exists), so no one ever reads a half-written lock.
 */
function createExclusively(file: string, text: string): boolean {
  const draft = `${file}.${process.pid}.${randomUUID()}`;
  writeFileSync(draft, text, { flag: 'wx' });
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkQuietly(draft);
  }
}

/**
 * Removes a stale lock. Two processes that both found it stale must not both remove "the" lock: the second could
 * delete the fresh lock the first has just created. So removal happens under a takeover guard (itself created
 * exclusively), and only if the lock is still, byte for byte, the stale one that was judged.
 */
function removeStaleLock(file: string, staleText: string, guardText: string): void {
  const guard = `${file}.takeover`;
  if (!createExclusively(guard, guardText)) {
    // Someone else is taking over right now (we try again and meet their lock), or died doing it.
    const other = readLock(guard);
    if (other && (isStale(other) || Date.now() - other.mtimeMs > TAKEOVER_STALE_MS)) unlinkQuietly(guard);
    else sleepMs(50);
    return;
  }
  try {
    if (readText(file) === staleText) unlinkQuietly(file);
  } finally {
    unlinkQuietly(guard);
  }
}

function isStale(lock: { owner: LockOwner | undefined; mtimeMs: number }): boolean {
  const { owner } = lock;
  // Locks are never visible half-written (see createExclusively): unreadable content is damage, not a live owner.
  if (!owner) return true;
  if (owner.hostname !== hostname()) return Date.now() - lock.mtimeMs > FOREIGN_STALE_MS;
  const here = processIdentity(owner.pid);
  if (owner.bootId && here.bootId && owner.bootId !== here.bootId) return true;
  // Our own PID, but not a lock we hold: an earlier life of this PID (a container restarted, its server is PID 1).
  if (owner.pid === process.pid) return true;
  if (!processExists(owner.pid)) return true;
  // The PID lives, but if it started at another time it is another program that was given the same PID.
  return owner.processStart !== null && here.processStart !== null && owner.processStart !== here.processStart;
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0: only asks whether the process exists
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What identifies a process beyond its PID; on Linux from /proc (elsewhere null: the PID alone is checked). */
function processIdentity(pid: number): Pick<LockOwner, 'pid' | 'hostname' | 'bootId' | 'processStart'> {
  return { pid, hostname: hostname(), bootId: readProc('/proc/sys/kernel/random/boot_id'), processStart: startOf(pid) };
}

function startOf(pid: number): string | null {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return null;
  // Field 22 (starttime); the command name (field 2, in parentheses) may itself contain spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

function readProc(path: string): string | null {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return null;
  }
}

function readLock(file: string): { text: string; owner: LockOwner | undefined; mtimeMs: number } | undefined {
  let text: string;
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return { text, owner: parseOwner(text), mtimeMs };
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(text) as LockOwner;
    return Number.isInteger(owner.pid) && owner.pid > 0 && typeof owner.hostname === 'string' ? owner : undefined;
  } catch {
    return undefined;
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

/** Start-up only, and only while another process finishes a takeover: blocking briefly is simpler than async. */
function sleepMs(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
