import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { expect } from '@playwright/test';

/**
 * Moves the end-to-end server's clock (tests/e2e/support/server-clock.mjs) to `instant`, or back to the real time
 * with null, and waits until the server has taken it. The server is shared by every spec: a spec that moves it
 * moves it back before it ends.
 */
export async function setServerClock(instant: Date | null): Promise<void> {
  const file = process.env.E2E_CLOCK_FILE;
  const pid = Number(process.env.E2E_SERVER_PID);
  if (!file || !pid) throw new Error('the end-to-end server was started without its movable clock');
  const offset = String(instant === null ? 0 : instant.getTime() - Date.now());
  writeFileSync(file, offset);
  process.kill(pid, 'SIGUSR2');
  await expect
    .poll(() => (existsSync(`${file}.ack`) ? readFileSync(`${file}.ack`, 'utf8') : ''), { timeout: 5_000 })
    .toBe(offset);
}
