import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { restaurants, telegramOutbox } from '../../server/db/schema';
import { SAMPLE_ORGANIZATIONS } from '../../server/dev/pos/sample-data';
import { type PosSimulator, startPosSimulator } from '../../server/dev/pos/server';
import { createTestApp, type TestApp } from '../support/app';
import { createUser, type TestUser } from '../support/fixtures';
import { listenOnLoopback, openStream } from './staff-events-client';

/**
 * GET /metrics (docs/operations.md): off without METRICS_TOKEN, only for its bearer, and in Prometheus' text format every
 * family the operations guide lists, labelled by route pattern, never by a URL's own values.
 */

const TOKEN = 'metrics-token-for-the-tests-0123';

describe('without METRICS_TOKEN', () => {
  it('there is no /metrics', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('with METRICS_TOKEN', () => {
  let sim: PosSimulator;
  let t: TestApp;
  let admin: TestUser;
  let manager: TestUser;
  let restaurantId: string;
  let slug: string;
  const logLines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    sim = await startPosSimulator();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    });
    const logger = { level: 'warn', stream } as { level: string };
    t = await createTestApp(
      { METRICS_TOKEN: TOKEN, IIKO_API_URL: sim.url, IIKO_API_LOGIN: sim.apiLogin, POS_SYNC_MINUTES: '0' },
      { logger },
    );
    admin = await createUser(t.app, t.db, 'admin');
    manager = await createUser(t.app, t.db, 'manager');
    const orgId = sim.control.organizations().find((org) => org.name === SAMPLE_ORGANIZATIONS[0]!.name)!.id;
    const created = await t.app.inject({
      method: 'POST',
      url: '/admin/integration/restaurants/create',
      headers: admin.headers,
      payload: { id: orgId, manager_id: manager._id },
    });
    expect(created.statusCode).toBe(201);
    restaurantId = created.json().data._id;
    slug = (await t.db.query.restaurants.findFirst({ where: (r, { eq }) => eq(r._id, restaurantId) }))!.slug;
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  /** The value of one series, or undefined when it is absent. */
  const seriesValue = (text: string, series: string) => {
    const line = text.split('\n').find((each) => each.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('answers 401 without the token or with another one', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-the-metrics-token-at-all' }, { authorization: TOKEN }]) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('menyu_');
    }
  });

  it('times requests by route pattern, method and status class, never by the URL asked for', async () => {
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: `/menu/${slug}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/no/such/page/abc123' })).statusCode).toBe(404);
    const text = await scrape();
    expect(text).toContain('# TYPE menyu_http_request_duration_seconds histogram');
    expect(
      seriesValue(text, 'menyu_http_request_duration_seconds_count{route="/menu/:slug",method="GET",status="2xx"}'),
    ).toBe(3);
    expect(
      seriesValue(text, 'menyu_http_request_duration_seconds_count{route="unmatched",method="GET",status="4xx"}'),
    ).toBe(1);
    expect(text).not.toContain(slug);
    expect(text).not.toContain('abc123');
  });

  it("counts the public menu caches' hits and misses", async () => {
    const text = await scrape();
    expect(
      seriesValue(text, 'menyu_menu_cache_lookups_total{cache="menu pages",result="miss"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(seriesValue(text, 'menyu_menu_cache_lookups_total{cache="menu pages",result="hit"}')).toBeGreaterThanOrEqual(
      2,
    );
    expect(seriesValue(text, 'menyu_menu_cache_bytes{cache="menu pages"}')).toBeGreaterThan(0);
  });

  it("times POS syncs by outcome and counts the failures; a failed manual sync logs with its proxy's request id", async () => {
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/admin/integration/restaurants/${restaurantId}/sync`,
      headers: admin.headers,
    });
    expect(ok.statusCode).toBe(200);
    sim.control.fail('/api/1/stop_lists', { status: 500, times: 10 });
    const failed = await t.app.inject({
      method: 'PUT',
      url: `/admin/integration/restaurants/${restaurantId}/sync`,
      headers: { ...admin.headers, 'x-request-id': '4f1c9e0d2b7a44c1a0f35e9d6c8b2a17' },
    });
    sim.control.clearFaults();
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    const text = await scrape();
    expect(seriesValue(text, 'menyu_pos_sync_duration_seconds_count{outcome="ok"}')).toBe(1);
    expect(seriesValue(text, 'menyu_pos_sync_duration_seconds_count{outcome="failed"}')).toBe(1);
    expect(seriesValue(text, 'menyu_pos_sync_failures_total')).toBe(1);
    // The request's logger: its lines carry the id nginx gave the request (X-Request-Id, deploy/nginx-proxy.conf).
    const posFailures = logLines.filter((line) => line.msg === 'POS call failed');
    expect(posFailures.length).toBeGreaterThan(0);
    for (const line of posFailures) expect(line.reqId).toBe('4f1c9e0d2b7a44c1a0f35e9d6c8b2a17');
  });

  it("reports each outbox's pending rows and the age of the oldest", async () => {
    let text = await scrape();
    for (const outbox of ['telegram', 'till', 'print']) {
      expect(seriesValue(text, `menyu_outbox_pending{outbox="${outbox}"}`)).toBe(0);
      expect(seriesValue(text, `menyu_outbox_oldest_pending_seconds{outbox="${outbox}"}`)).toBe(0);
    }
    // Not due for an hour, so the sender leaves it where it is.
    await t.db.insert(telegramOutbox).values({
      restaurant_id: restaurantId,
      body: 'Kunlik hisobot',
      action: 'send',
      createdAt: new Date(Date.now() - 90_000).toISOString(),
      next_attempt_at: new Date(Date.now() + 3600_000).toISOString(),
    });
    text = await scrape();
    expect(seriesValue(text, 'menyu_outbox_pending{outbox="telegram"}')).toBe(1);
    expect(seriesValue(text, 'menyu_outbox_oldest_pending_seconds{outbox="telegram"}')).toBeGreaterThanOrEqual(89);
  });

  it('counts the open staff event streams', async () => {
    const base = await listenOnLoopback(t.app);
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/manager/events/ticket',
      headers: manager.headers,
      payload: { restaurant_id: restaurantId },
    });
    expect(ticket.statusCode).toBe(200);
    const series = 'menyu_event_streams_open{route="/manager/events"}';
    expect(seriesValue(await scrape(), series)).toBe(0);
    const stream = await openStream(
      `${base}/manager/events?restaurant_id=${restaurantId}&ticket=${ticket.json().data.ticket}`,
    );
    expect(stream.status).toBe(200);
    expect(seriesValue(await scrape(), series)).toBe(1);
    stream.close();
    await vi.waitFor(async () => expect(seriesValue(await scrape(), series)).toBe(0));
  });

  it('shows the PostgreSQL pools (absent on the embedded database, which has none) and the process', async () => {
    const text = await scrape();
    expect(text).toContain('# TYPE menyu_db_pool_connections gauge');
    expect(text).toContain('# TYPE menyu_db_pool_waiting_requests gauge');
    const busy = seriesValue(text, 'menyu_db_pool_connections{pool="main",state="busy"}');
    if (t.database.kind === 'postgres') expect(busy).toBeGreaterThanOrEqual(0);
    else expect(busy).toBeUndefined();
    expect(seriesValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('leaves the restaurants table alone (the scrape only reads)', async () => {
    expect(await t.db.$count(restaurants)).toBe(1);
  });
});
