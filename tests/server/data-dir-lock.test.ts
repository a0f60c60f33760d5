import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type DataDirLock,
  DataDirLockedError,
  LOCK_FILE_NAME,
  type LockOwner,
  lockDataDir,
} from '../../server/db/data-dir-lock';

const root = join(import.meta.dirname, '..', '..');
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'menyu-lock-test-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

function lock(dataDir: string): DataDirLock {
  const taken = lockDataDir(dataDir);
  cleanups.unshift(() => taken.release());
  return taken;
}

const lockFile = (dataDir: string) => join(dataDir, LOCK_FILE_NAME);
const ownerIn = (dataDir: string) => JSON.parse(readFileSync(lockFile(dataDir), 'utf8')) as LockOwner;

/** Linux's own record of a process (what the lock compares), read here independently. */
const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
const startOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
};

/** A lock file as another process would have left it: by default the live parent of this test process. */
function leaveLock(dataDir: string, owner: Partial<LockOwner> = {}): void {
  const pid = owner.pid ?? process.ppid;
  const record: LockOwner = {
    pid,
    hostname: hostname(),
    bootId: bootId(),
    processStart: startOf(process.ppid),
    since: '2026-01-01T00:00:00.000Z',
    token: 'left-by-another-process',
    ...owner,
  };
  writeFileSync(lockFile(dataDir), JSON.stringify(record));
}

function expectRefused(dataDir: string, pid: number): void {
  let refusal: unknown;
  try {
    lockDataDir(dataDir);
  } catch (error) {
    refusal = error;
  }
  expect(refusal).toBeInstanceOf(DataDirLockedError);
  expect((refusal as Error).message).toContain(`The data folder ${dataDir} is in use by another Menyu server`);
  expect((refusal as Error).message).toContain(`process ${pid} `);
}

/** Another process holding the lock with the real module, until it is killed. */
async function holdInAnotherProcess(dataDir: string) {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(join(root, 'server/db/data-dir-lock.ts'))});
    lockDataDir(${JSON.stringify(dataDir)});
    console.log('locked');
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(() => child.kill('SIGKILL'));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`the lock holder exited (${code})`)));
  });
  return child;
}

describe('the lock on DATA_DIR', () => {
  it('is a file naming this process, removed on release; the folder can then be locked again', () => {
    const dataDir = join(tempFolder(), 'not-yet-created');
    const taken = lock(dataDir);
    expect(taken.file).toBe(lockFile(dataDir));
    expect(ownerIn(dataDir)).toMatchObject({ pid: process.pid, hostname: hostname() });
    taken.release();
    expect(existsSync(lockFile(dataDir))).toBe(false);
    taken.release(); // twice is harmless
    lock(dataDir);
    expect(ownerIn(dataDir).pid).toBe(process.pid);
  });

  it('is refused a second time while held, in the same process too', () => {
    const dataDir = tempFolder();
    lock(dataDir);
    expectRefused(dataDir, process.pid);
  });

  it('is refused while another live process holds it, and taken over once that process is killed (kill -9)', async () => {
    const dataDir = tempFolder();
    const holder = await holdInAnotherProcess(dataDir);
    expectRefused(dataDir, holder.pid!);

    const exited = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await exited;
    expect(ownerIn(dataDir).pid).toBe(holder.pid); // left behind by the killed process
    lock(dataDir);
    expect(ownerIn(dataDir).pid).toBe(process.pid);
  }, 30_000);

  it('is taken over when its PID now belongs to another program (started at another time)', () => {
    const dataDir = tempFolder();
    leaveLock(dataDir); // the live parent process, as it really is
    expectRefused(dataDir, process.ppid);
    leaveLock(dataDir, { processStart: '1' }); // the same PID, but not the process that took the lock
    lock(dataDir);
    expect(ownerIn(dataDir).pid).toBe(process.pid);
  });

  it.each([
    ['from an earlier boot of this machine', { bootId: '00000000-0000-0000-0000-000000000000' }],
    // Without a start time to compare (no /proc), only the PID: ours, yet not a lock this process holds.
    ['in the name of this very PID by an earlier life of it', { pid: process.pid, processStart: null }],
  ])('is taken over when left %s', (_, owner) => {
    const dataDir = tempFolder();
    leaveLock(dataDir, owner);
    lock(dataDir);
    expect(ownerIn(dataDir).token).not.toBe('left-by-another-process');
  });

  it('is taken over when its content is damaged', () => {
    const dataDir = tempFolder();
    writeFileSync(lockFile(dataDir), '');
    lock(dataDir);
    expect(ownerIn(dataDir).pid).toBe(process.pid);
  });

  it('from another host is refused while its holder touches it, and taken over a minute after its last sign of life', () => {
    const dataDir = tempFolder();
    leaveLock(dataDir, { hostname: 'another-host', pid: 1 });
    expectRefused(dataDir, 1);
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    utimesSync(lockFile(dataDir), twoMinutesAgo, twoMinutesAgo);
    lock(dataDir);
    expect(ownerIn(dataDir).pid).toBe(process.pid);
  });

  it('is not removed on release once another process has taken it over', () => {
    const dataDir = tempFolder();
    const taken = lock(dataDir);
    leaveLock(dataDir); // as if we had been thought dead and another process had taken the folder
    taken.release();
    expect(ownerIn(dataDir).token).toBe('left-by-another-process');
  });
});
