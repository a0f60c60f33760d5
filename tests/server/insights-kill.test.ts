import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { DEMO_MANAGERS } from '../../server/dev/demo/data';
import { FLUSH_EVERY_MS } from '../../server/domain/insights/counter';
import { kill9, killAll, migratedDataDir, type RunningServer, startServerProcess } from '../support/server-process';

/**
 * The menu's counts live in a process's memory for at most a second: a server killed (kill -9) loses at most the batch
 * it had not written, never what it wrote before. A real server process on the embedded database (demo mode,
 * Samarqand Darvozasi), then the next one on the same data reading the report.
 */

const dataDir = migratedDataDir('menyu-insights-kill-');
const children: ChildProcess[] = [];
afterAll(() => {
  killAll(children);
  rmSync(dataDir, { recursive: true, force: true });
});

const openMenu = async (server: RunningServer, times: number) => {
  for (let i = 0; i < times; i++) {
    const res = await fetch(`${server.url}/menu/samarqand-darvozasi`);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  }
};

/** The demo restaurant's day (Tashkent) now: the opens are read from the day they began to the day they are read. */
const tashkentDay = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tashkent' }).format(new Date());

it('loses at most the last second’s menu opens when killed, and keeps every one it wrote', async () => {
  const firstDay = tashkentDay();
  const first = await startServerProcess(dataDir, children);
  await openMenu(first, 30);
  // Past one flush: the 30 are written.
  await new Promise((resolve) => setTimeout(resolve, FLUSH_EVERY_MS * 2));
  await openMenu(first, 10);
  await kill9(first);

  const second = await startServerProcess(dataDir, children);
  const login = await fetch(`${second.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_MANAGERS[0]),
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const auth = { authorization: `Bearer ${token}` };
  const mine = (await (await fetch(`${second.url}/manager/restaurants/me`, { headers: auth })).json()) as {
    data: { _id: string; slug: string }[];
  };
  const samarqand = mine.data.find((r) => r.slug === 'samarqand-darvozasi')!;
  const res = await fetch(
    `${second.url}/manager/restaurants/${samarqand._id}/insights?from=${firstDay}&to=${tashkentDay()}`,
    {
      headers: auth,
    },
  );
  expect(res.status).toBe(200);
  const { menu_opens } = ((await res.json()) as { data: { menu_opens: number } }).data;
  expect(menu_opens).toBeGreaterThanOrEqual(30);
  expect(menu_opens).toBeLessThanOrEqual(40);
}, 120_000);
