import { type ChildProcess, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/client';
import { createTestApp, type TestApp } from '../support/app';
import { createUser, type TestUser } from '../support/fixtures';
import { pngImage } from '../support/images';
import { NGINX, PROXY_RULES, type RunningNginx, startNginx } from '../support/nginx';
import { killAll, type RunningServer, startServerProcess } from '../support/server-process';
import type { Tenants } from '../support/tenants';
import { orderingRestaurant } from './orders-fixtures';
import { type OpenedStream, openStream } from './staff-events-client';

/**
 * The deployment as docs/deploy.md describes it: nginx (Debian's package) in front of two server processes on one
 * PostgreSQL database, with the proxy rules of deploy/nginx-proxy.conf included as they ship. Besides the
 * shared address (both processes, round robin), two more nginx addresses each reach one process only, so that a
 * step can be made "on one process" and the next "on the other": a whole evening crosses between them.
 */

const DEPLOY = join(import.meta.dirname, '..', '..', 'deploy');
const LOGIN_RATE_MAX = 3;

let t: TestApp;
let work: string;
const children: ChildProcess[] = [];
const proxies: RunningNginx[] = [];
let processes: RunningServer[] = [];
/** nginx's addresses: both processes, only the first, only the second. */
let both: string;
let first: string;
let second: string;
let owner: TestUser;

const portOf = (server: RunningServer) => new URL(server.url).port;

/** One nginx whose `menyu` upstream is `ports`, with the shipped proxy rules; answers its address. */
async function nginxFor(name: string, ports: string[]): Promise<string> {
  const proxy = await startNginx({ dir: join(work, name), ports });
  proxies.push(proxy);
  return proxy.url;
}

beforeAll(async () => {
  if (!NGINX) throw new Error('nginx is not installed (Debian: apt-get install nginx); .ci/run installs it');
  t = await createTestApp();
  work = mkdtempSync(join(tmpdir(), 'menyu-nginx-'));
  const name = rowsOf<{ name: string }>(await t.db.execute(sql`select current_database() as name`))[0]!.name;
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  // One DATA_DIR for both: images in its uploads folder are what either process serves (or a bucket: STORAGE_URL).
  const dataDir = join(work, 'data');
  const env = {
    DEMO: '0',
    DATABASE_URL: url.toString(),
    JWT_SECRET: t.config.jwtSecret!,
    TRUST_PROXY: '127.0.0.1',
    LOGIN_RATE_MAX: String(LOGIN_RATE_MAX),
  };
  processes = await Promise.all([
    startServerProcess(dataDir, children, env),
    startServerProcess(dataDir, children, env),
  ]);
  [both, first, second] = await Promise.all([
    nginxFor('both', processes.map(portOf)),
    nginxFor('first', [portOf(processes[0]!)]),
    nginxFor('second', [portOf(processes[1]!)]),
  ]);
  owner = await createUser(t.app, t.db, 'manager');
}, 60_000);

afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.stop()));
  killAll(children);
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** A login from `localAddress` (another loopback address stands for another diner's phone). */
function loginFrom(base: string, localAddress: string, body: object, headers: Record<string, string> = {}) {
  return new Promise<number>((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(
      `${base}/auth/login`,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('nginx in front of two processes', () => {
  let token: string;
  let restaurant: Awaited<ReturnType<typeof orderingRestaurant>>;
  let stream: OpenedStream;

  it('logs in through one process, and the session works on the other', async () => {
    restaurant = await orderingRestaurant({ ...t, owner } as unknown as Tenants);
    const login = await fetch(`${first}/auth/login`, json({ login: owner.login, password: owner.password }));
    expect(login.status).toBe(200);
    token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    const mine = await fetch(`${second}/manager/restaurants/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(mine.status).toBe(200);
    expect(((await mine.json()) as { data: { _id: string }[] }).data.map((r) => r._id)).toContain(
      restaurant.restaurant._id,
    );
  });

  it('an order placed on one process reaches the staff stream on the other through nginx, at once', async () => {
    const ticket = await fetch(`${second}/manager/events/ticket`, {
      ...json({ restaurant_id: restaurant.restaurant._id }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    });
    expect(ticket.status).toBe(200);
    const value = ((await ticket.json()) as { data: { ticket: string } }).data.ticket;
    stream = await openStream(
      `${first}/manager/events?restaurant_id=${restaurant.restaurant._id}&ticket=${encodeURIComponent(value)}`,
    );
    expect(stream.status).toBe(200);
    const placedAt = Date.now();
    const order = await fetch(`${second}/menu/${restaurant.restaurant.slug}/orders`, {
      ...json({ table_id: restaurant.table.token, items: [{ product_id: restaurant.product._id, quantity: 2 }] }),
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    });
    expect(order.status).toBe(201);
    const id = ((await order.json()) as { data: { _id: string } }).data._id;
    // Unbuffered: the event is not held in nginx until more text comes (a heartbeat is 25 s away).
    const [event] = await stream.waitFor(1, 3000);
    expect(event).toMatchObject({ type: 'order.created', data: { _id: id } });
    expect(Date.now() - placedAt).toBeLessThan(3000);
    stream.close();
  });

  it('an image uploaded through one process is shown through the other', async () => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'plov.png');
    const upload = await fetch(`${first}/manager/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(200);
    const { url } = (await upload.json()) as { url: string };
    const shown = await fetch(new URL(url, second));
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/webp');
    expect((await shown.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it("counts failed logins per diner's address (TRUST_PROXY), across both processes, whatever the client claims", async () => {
    const victim = await createUser(t.app, t.db, 'manager');
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_RATE_MAX + 1; i++) {
      // A forged X-Forwarded-For changes nothing: nginx sets the header to the address it sees.
      statuses.push(
        await loginFrom(
          both,
          '127.0.0.2',
          { login: victim.login, password: 'guess' },
          { 'x-forwarded-for': `10.9.9.${i}` },
        ),
      );
      // The processes add their counts up about once a second: the one that counted shares within a second, the
      // other reads the total at its next share, a second later at most.
      await new Promise((resolve) => setTimeout(resolve, 2600));
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another phone (another address) is not limited by the first one's guesses: the limit saw each diner's address,
    // not nginx's.
    expect(await loginFrom(both, '127.0.0.3', { login: victim.login, password: victim.password })).toBe(200);
  }, 30_000);

  it('the shipped site (deploy/nginx.conf) passes nginx -t once its certificate and snippet paths are filled in', () => {
    const dir = join(work, 'site');
    mkdirSync(dir, { recursive: true });
    const made = spawnSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=menyu.example.uz',
      '-keyout',
      join(dir, 'privkey.pem'),
      '-out',
      join(dir, 'fullchain.pem'),
    ]);
    expect(made.status, String(made.stderr)).toBe(0);
    const site = readFileSync(join(DEPLOY, 'nginx.conf'), 'utf8')
      .replaceAll('/etc/letsencrypt/live/menyu.example.uz', dir)
      .replace('/etc/nginx/snippets/menyu-proxy.conf', PROXY_RULES)
      .replaceAll(/listen (\[::\]:)?(80|443)/g, (_match, ipv6, port) =>
        ipv6 ? `listen 127.0.0.1:${port === '80' ? 1 : 2}${port}` : `listen 127.0.0.1:${port}`,
      );
    const config = join(dir, 'nginx.conf');
    writeFileSync(
      config,
      `worker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n${site}\n}\n`,
    );
    const checked = spawnSync(NGINX!, ['-t', '-c', config], { encoding: 'utf8' });
    expect(checked.status, checked.stderr).toBe(0);
  });
});
