import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KitchenDevice, KitchenOrder, LineStatus } from '../../../client/kitchen';
import { checkLineMove, movedLine, orderStatusAfterLines } from '../../../lib/kitchen-lines';
import { kitchenMessages } from '../../../server/messages/kitchen';

/**
 * The kitchen API as the display sees it, over real HTTP on a random port: pairing, the station's orders, line moves
 * and "Hammasi tayyor" by the shared rules (lib/kitchen-lines.ts, as the server moves them) and the stream's tickets,
 * answering the server's Uzbek messages. It records every call and, when a test asks, fails or holds one. The stream
 * itself is `FakeEventSource` below (jsdom has no EventSource): `publish` sends an event to every open one.
 *
 * The UI tests use it instead of the real server because they test the screen's side of the contract
 * (server/schemas/kitchen.ts); the journey against the real server is an end-to-end test.
 */

export interface KitchenCall {
  method: string;
  path: string;
  authorization?: string;
  body?: unknown;
}

interface Rule {
  method: string;
  path: RegExp;
  status: number;
  message: string;
  times: number;
}

export interface HeldCall {
  arrived: Promise<void>;
  release: () => void;
  fail: (status: number, message: string) => void;
  /** The connection is cut without an answer (the network went away): the client reports status 0. */
  drop: () => void;
}

/** What a held call gets: its normal answer (null), an error answer, or a cut connection. */
type Verdict = { status: number; message: string } | 'drop' | null;

interface Hold {
  methods: readonly string[];
  path: RegExp;
  arrived: () => void;
  verdict: Promise<Verdict>;
  release: () => void;
  drop: () => void;
}

const ERROR_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

export class FakeKitchenServer {
  readonly calls: KitchenCall[] = [];
  code = '482913';
  /** The device's session, new at every reset (see reset). */
  token = 'kd_token';
  private resets = 0;
  /** Whether the device still exists: false answers 401 to its token. */
  deviceExists = true;
  device!: KitchenDevice;
  private orders = new Map<string, KitchenOrder>();
  private rules: Rule[] = [];
  private holds: Hold[] = [];
  /** Held calls that arrived and wait for their verdict: cut at the next reset or close, never carried out then. */
  private waiting: Array<() => void> = [];
  private lastChange = 0;
  private eventId = 100;

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<FakeKitchenServer> {
    let fake: FakeKitchenServer | undefined;
    const server = createServer((req, res) => void fake!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake = new FakeKitchenServer(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return fake;
  }

  /**
   * A fresh state for a test: these orders and this device, nothing recorded, no rules, and a new device session: a
   * call of the test before that is still on its way is refused (401), never carried out on this test's orders.
   */
  reset(device: KitchenDevice, orders: readonly KitchenOrder[]): void {
    this.resets += 1;
    this.token = `kd_token_${this.resets}`;
    this.device = device;
    this.orders = new Map(orders.map((order) => [order._id, structuredClone(order)]));
    this.calls.length = 0;
    this.rules = [];
    for (const hold of this.holds.splice(0)) hold.release();
    for (const drop of this.waiting.splice(0)) drop();
    this.deviceExists = true;
    this.code = '482913';
    FakeEventSource.opened = [];
  }

  order(id: string): KitchenOrder {
    return this.orders.get(id)!;
  }

  /** The next `times` matching calls answer `status` with this message. */
  fail(method: string, path: RegExp, status: number, message: string, times = 1): void {
    this.rules.push({ method, path, status, message, times });
  }

  /** The next matching call (of this method, or of any of these) waits until released, failed or dropped. */
  hold(method: string | readonly string[], path: RegExp): HeldCall {
    let arrived!: () => void;
    let decide!: (verdict: Verdict) => void;
    const arrival = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const verdict = new Promise<Verdict>((resolve) => {
      decide = resolve;
    });
    const methods = typeof method === 'string' ? [method] : method;
    this.holds.push({ methods, path, arrived, verdict, release: () => decide(null), drop: () => decide('drop') });
    return {
      arrived: arrival,
      release: () => decide(null),
      fail: (status, message) => decide({ status, message }),
      drop: () => decide('drop'),
    };
  }

  /** An order that reached the station while no stream told the display (it shows after the next read). */
  store(order: KitchenOrder): void {
    this.orders.set(order._id, structuredClone(order));
  }

  /** An order placed or changed elsewhere: kept, and sent on every open stream. */
  publish(type: 'order.created' | 'order.updated', order: KitchenOrder): number {
    const changed = { ...order, updatedAt: this.stamp() };
    if (changed.open) this.orders.set(changed._id, changed);
    else this.orders.delete(changed._id);
    this.eventId += 1;
    for (const source of FakeEventSource.opened) if (!source.closed) source.emit(type, changed, String(this.eventId));
    return this.eventId;
  }

  /** Calls made to a path (and method), in order. */
  callsTo(method: string, path: RegExp): KitchenCall[] {
    return this.calls.filter((call) => call.method === method && path.test(call.path));
  }

  close(): Promise<void> {
    for (const drop of this.waiting.splice(0)) drop();
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  /** Strictly increasing times: two moves in one millisecond still have a newer `updatedAt`. */
  private stamp(): string {
    this.lastChange = Math.max(Date.now(), this.lastChange + 1);
    return new Date(this.lastChange).toISOString();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').split('?')[0]!;
    const method = req.method ?? 'GET';
    let text = '';
    for await (const chunk of req) text += chunk;
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    const call: KitchenCall = { method, path, body };
    if (req.headers.authorization) call.authorization = req.headers.authorization;
    this.calls.push(call);

    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(payload));
    };
    const refuse = (status: number, message: string) =>
      send(status, { statusCode: status, error: ERROR_NAMES[status] ?? 'Error', message });

    const held = this.holds.find((hold) => hold.methods.includes(method) && hold.path.test(path));
    if (held) {
      this.holds.splice(this.holds.indexOf(held), 1);
      this.waiting.push(held.drop);
      held.arrived();
      const verdict = await held.verdict;
      if (verdict === 'drop') {
        res.destroy();
        return;
      }
      if (verdict) return refuse(verdict.status, verdict.message);
    }
    const rule = this.rules.find((r) => r.method === method && r.path.test(path));
    if (rule) {
      rule.times -= 1;
      if (rule.times <= 0) this.rules.splice(this.rules.indexOf(rule), 1);
      return refuse(rule.status, rule.message);
    }

    if (method === 'POST' && path === '/kitchen/pair') {
      if (body?.code !== this.code) return refuse(400, kitchenMessages.pairCodeInvalid);
      this.code = 'used';
      return send(200, { token: this.token });
    }
    if (!this.deviceExists || call.authorization !== `Bearer ${this.token}`) {
      return refuse(401, kitchenMessages.kitchenSessionInvalid);
    }
    if (method === 'GET' && path === '/kitchen/orders') {
      const data = [...this.orders.values()]
        .filter((order) => order.open)
        .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
      return send(200, { data, device: this.device });
    }
    if (method === 'POST' && path === '/kitchen/events/ticket') {
      return send(200, { data: { ticket: `ticket-${this.calls.length}`, expires_in: 60 } });
    }
    const line = /^\/kitchen\/orders\/([^/]+)\/items\/(\d+)$/.exec(path);
    if (method === 'PUT' && line) {
      const order = this.orders.get(line[1]!);
      const index = Number(line[2]);
      const found = order?.items.find((item) => item.index === index);
      if (!order || !found) return refuse(404, kitchenMessages.orderLineNotFound);
      const to = body?.status as LineStatus;
      const check = checkLineMove(found, to, order.status, Date.now());
      if (!check.ok) {
        return refuse(
          409,
          check.reason === 'back' && found.moves.length > 0
            ? kitchenMessages.lineUndoExpired
            : kitchenMessages.lineMoveRefused(found.status, to),
        );
      }
      return send(200, { data: this.change(order, [index], to) });
    }
    const ready = /^\/kitchen\/orders\/([^/]+)\/ready$/.exec(path);
    if (method === 'POST' && ready) {
      const order = this.orders.get(ready[1]!);
      if (!order) return refuse(404, kitchenMessages.orderLineNotFound);
      const indexes = order.items.filter((item) => item.status === 'new' || item.status === 'cooking');
      return send(200, {
        data: this.change(
          order,
          indexes.map((item) => item.index),
          'ready',
        ),
      });
    }
    refuse(404, `${method} ${path}: no such call`);
  }

  private change(order: KitchenOrder, indexes: readonly number[], to: LineStatus): KitchenOrder {
    const at = this.stamp();
    const items = order.items.map((item) =>
      indexes.includes(item.index) ? movedLine(item, to, at, this.device.name) : item,
    );
    const changed: KitchenOrder = {
      ...order,
      items,
      status: orderStatusAfterLines(order.status, items),
      updatedAt: at,
      open: items.some((item) => item.status !== 'served'),
    };
    this.orders.set(order._id, changed);
    return changed;
  }
}

/**
 * EventSource as the kitchen's stream client uses it: a test opens it (`open()`), loses it (`fail()`), and the fake
 * server's `publish` emits on it. `vi.stubGlobal('EventSource', FakeEventSource)` in the test file.
 */
export class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  /** The newest stream still open. */
  static current(): FakeEventSource | undefined {
    return FakeEventSource.opened.filter((source) => !source.closed).at(-1);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.();
  }
  fail() {
    this.onerror?.();
  }
  emit(type: string, data: unknown, id: string) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id }));
  }
}
