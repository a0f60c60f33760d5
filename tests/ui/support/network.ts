import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * DEBUG_NET=1 logs every forwarded call and its answer.
 *
 * The test's network between the screen (jsdom) and the real server: a pass-through HTTP proxy that records every
 * call and, only when a test asks, holds a call (to see a screen's in-flight state) or answers an error status the
 * real server cannot be made to produce (a 500, the server being unreachable). Everything else reaches the server.
 */

export interface Call {
  method: string;
  path: string;
  /** The request body as text, once it has been read (JSON calls; multipart bodies too). */
  body?: string;
  /** The Authorization header sent, if any. */
  authorization?: string;
}

type Matcher = { method: string; path: string | RegExp };

interface FailRule extends Matcher {
  kind: 'fail';
  status: number;
  times: number;
}
interface DropRule extends Matcher {
  kind: 'drop';
  times: number;
}
/** What a held call does when let go. */
type Verdict = { kind: 'forward' } | { kind: 'fail'; status: number } | { kind: 'drop' };

interface HoldRule extends Matcher {
  kind: 'hold';
  gate: Promise<Verdict>;
  arrived: () => void;
}
type Rule = FailRule | DropRule | HoldRule;

export interface Held {
  /** Resolves when the held call has reached the network. */
  arrived: Promise<void>;
  /** Lets the call go on to the server. */
  release: () => void;
  /** Answers the call with this error status instead (the API's error shape). */
  fail: (status?: number) => void;
  /** Cuts the connection instead (the server unreachable). */
  drop: () => void;
}

function matches(rule: Matcher, call: Call): boolean {
  if (rule.method !== '*' && rule.method !== call.method) return false;
  return typeof rule.path === 'string' ? call.path === rule.path : rule.path.test(call.path);
}

export class Network {
  readonly calls: Call[] = [];
  private rules: Rule[] = [];
  private holds: Array<() => void> = [];
  private offline = false;
  private open = 0;

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(target: string): Promise<Network> {
    const upstream = new URL(target);
    let network: Network | undefined;
    const server = createServer((req, res) => {
      void network!.handle(req, res, upstream);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    network = new Network(server, `http://127.0.0.1:${port}`);
    return network;
  }

  /** The next `times` calls matching answer `status` with the API's error shape. */
  fail(method: string, path: string | RegExp, status = 500, times = 1): void {
    this.rules.push({ kind: 'fail', method, path, status, times });
  }

  /** The next matching call never reaches the server: the connection is cut (a network failure). */
  drop(method: string, path: string | RegExp, times = 1): void {
    this.rules.push({ kind: 'drop', method, path, times });
  }

  /** The next matching call waits until released. */
  hold(method: string, path: string | RegExp): Held {
    let decide!: (verdict: Verdict) => void;
    let arrived!: () => void;
    const gate = new Promise<Verdict>((resolve) => {
      decide = resolve;
    });
    const arrival = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const rule: HoldRule = { kind: 'hold', method, path, gate, arrived };
    this.rules.push(rule);
    this.holds.push(() => decide({ kind: 'forward' }));
    return {
      arrived: arrival,
      release: () => decide({ kind: 'forward' }),
      fail: (status = 500) => decide({ kind: 'fail', status }),
      drop: () => decide({ kind: 'drop' }),
    };
  }

  /** Lets every held call go (end of a test). */
  releaseAll(): void {
    for (const release of this.holds.splice(0)) release();
  }

  /** Every call fails as if the server were down, until `goOnline`. */
  goOffline(): void {
    this.offline = true;
  }
  goOnline(): void {
    this.offline = false;
  }

  /**
   * Between tests: lets held calls go, waits (up to 2 s) until the previous screen's calls have ended — so a late
   * one cannot meet the next test's rules — then forgets rules and records.
   */
  async reset(): Promise<void> {
    this.releaseAll();
    this.rules = [];
    // Quiet means: nothing open, and nothing new arrived for 50 ms (an aborted screen's call may still be on its way).
    const deadline = Date.now() + 2000;
    let seen = -1;
    while (Date.now() < deadline && (this.open > 0 || seen !== this.calls.length)) {
      seen = this.open > 0 ? -1 : this.calls.length;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    this.rules = [];
    this.calls.length = 0;
    this.offline = false;
  }

  callsTo(method: string, path: string | RegExp): Call[] {
    return this.calls.filter((call) => matches({ method, path }, call));
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private take(call: Call): Rule | undefined {
    const index = this.rules.findIndex((rule) => matches(rule, call));
    if (index < 0) return undefined;
    const rule = this.rules[index]!;
    if (rule.kind === 'hold' || --rule.times <= 0) this.rules.splice(index, 1);
    return rule;
  }

  private answerError(req: IncomingMessage, res: ServerResponse, status: number): void {
    req.resume();
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ statusCode: status, error: 'Injected', message: 'Sinov xatosi' }));
  }

  private async handle(req: IncomingMessage, res: ServerResponse, upstream: URL): Promise<void> {
    const call: Call = {
      method: req.method ?? 'GET',
      path: (req.url ?? '/').split('?')[0]!,
      authorization: req.headers.authorization,
    };
    this.calls.push(call);
    this.open++;
    let counted = true;
    const done = () => {
      if (counted) this.open--;
      counted = false;
    };
    res.on('close', done);
    if (this.offline) {
      req.socket.destroy();
      return;
    }
    const rule = this.take(call);
    if (rule?.kind === 'drop') {
      req.socket.destroy();
      return;
    }
    if (rule?.kind === 'fail') {
      this.answerError(req, res, rule.status);
      return;
    }
    if (rule?.kind === 'hold') {
      rule.arrived();
      const verdict = await rule.gate;
      if (verdict.kind === 'fail') {
        this.answerError(req, res, verdict.status);
        return;
      }
      if (verdict.kind === 'drop') {
        req.socket.destroy();
        return;
      }
    }
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        if (process.env.DEBUG_NET) console.log('NET answer', call.method, call.path, answer.statusCode);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    if (process.env.DEBUG_NET) console.log('NET forward', call.method, call.path, req.destroyed, req.readableEnded);
    forward.on('error', () => res.destroy());
    // A held call's browser side may have given up meanwhile (the screen was left): nothing to forward then.
    if (req.destroyed && !req.readableEnded) {
      forward.destroy();
      return;
    }
    // Recorded as it goes to the server (a listener added earlier would start the stream of a held call).
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (chunks.length > 0) call.body = Buffer.concat(chunks).toString('utf8');
    });
    req.pipe(forward);
  }
}
