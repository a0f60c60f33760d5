import { randomUUID } from 'node:crypto';
import { startTelegramSimulator } from '../server/dev/telegram/server';
import { table } from './measure';
import { loadOrders, type OrdersReady, orderBody, phoneAddress, startOrdersServer } from './orders';

/**
 * Telegram's bench: delivery on. bench/run.ts calls `reportTelegram` (section `telegram` of BENCH_ONLY);
 * `npx tsx bench/telegram.ts` runs it alone. The orders bench's server process (bench/orders.ts --serve), twice: once
 * without Telegram and once with the restaurant's bot and channel in a local Bot API simulator (this process, real
 * HTTP), so the two order rates are measured side by side in one run. Then, on the delivering server:
 * - the time from an order's answer to its sendMessage reaching the simulator, at a restaurant's pace (one order
 *   every 1.2 s: Telegram allows about one message a second in a chat);
 * - how many of the load's orders are still waiting for Telegram when the load ends: one channel takes about 20
 *   messages a minute, so a burst is delivered over minutes (in order), never dropped.
 */

const PACED_ORDERS = 15;

async function postOne(ready: OrdersReady, n: number): Promise<{ number: number; answeredAt: number }> {
  const res = await fetch(`${ready.baseUrl}/menu/${ready.slug}/orders`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
      'x-forwarded-for': phoneAddress(1_000_000 + n),
    },
    body: orderBody(ready, n),
  });
  if (res.status !== 201) throw new Error(`POST /menu/{slug}/orders answered ${res.status}: ${await res.text()}`);
  const answeredAt = Date.now();
  return { number: ((await res.json()) as { data: { number: number } }).data.number, answeredAt };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function reportTelegram(options: { seconds?: number } = {}): Promise<void> {
  const seconds = options.seconds ?? 5;
  console.log('\nTelegram delivery: the orders bench server without and with delivery, a local Bot API simulator…');
  const sim = await startTelegramSimulator();
  const bot = { token: '7100000001:AAbenchBotTokenOfTheTelegramSimulator0', channelId: -1001000000777 };
  sim.control.addBot({ token: bot.token, username: 'menyu_bench_bot' });
  sim.control.addChat({ id: bot.channelId, type: 'channel', title: 'Bench' });
  sim.control.setMember(bot.channelId, bot.token, 'administrator', true);
  try {
    const plain = await startOrdersServer();
    let without: Awaited<ReturnType<typeof loadOrders>>;
    try {
      // Each server warmed up first (JIT, the database's caches): a cold start would measure the start.
      await loadOrders(plain.ready, 2);
      without = await loadOrders(plain.ready, seconds);
    } finally {
      plain.stop();
    }
    const delivering = await startOrdersServer({
      TELEGRAM_API_URL: sim.url,
      BENCH_TELEGRAM: JSON.stringify({ bot_token: bot.token, channel_id: String(bot.channelId) }),
    });
    try {
      const { ready } = delivering;
      const latencies: number[] = [];
      for (let i = 0; i < PACED_ORDERS; i++) {
        const order = await postOne(ready, i);
        await sim.control.waitForMessage(bot.channelId, (m) => m.text.includes(`№${order.number}<`), 10_000);
        const sent = sim.control.calls('sendMessage').find((c) => String(c.body.text).includes(`№${order.number}<`))!;
        latencies.push(sent.at - order.answeredAt);
        await new Promise((resolve) => setTimeout(resolve, 1200));
      }
      await loadOrders(ready, 2);
      const before = sim.control.calls('sendMessage').length;
      const withDelivery = await loadOrders(ready, seconds);
      const deliveredDuringLoad = sim.control.calls('sendMessage').length - before;
      console.log(`\nLoad: ${seconds} s per server, 10 connections, loopback; every order a new phone.\n`);
      console.log(
        table([
          {
            server: 'delivery off',
            'orders/s': without.requestsPerSec,
            'p99 ms': without.p99Ms,
            errors: without.errors,
          },
          {
            server: 'delivery on (outbox row per order)',
            'orders/s': withDelivery.requestsPerSec,
            'p99 ms': withDelivery.p99Ms,
            errors: withDelivery.errors,
          },
        ]),
      );
      console.log(
        `\nOrder answered → its sendMessage at the simulator, ${PACED_ORDERS} orders 1.2 s apart: median ` +
          `${median(latencies)} ms, worst ${Math.max(...latencies)} ms.` +
          `\nDuring the load ${withDelivery.created} orders were made and ${deliveredDuringLoad} sent to the one channel ` +
          `(Telegram's pace for a channel: ~1 a second, 20 a minute); the rest wait in the outbox, in order.`,
      );
    } finally {
      delivering.stop();
    }
  } finally {
    await sim.close();
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  await reportTelegram({ seconds: Number(process.env.BENCH_SECONDS ?? 5) });
}
