import { get, type IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** A Server-Sent Events reader for the staff events tests: fetch on a real port, the text parsed as a browser does. */

export interface ReceivedEvent {
  id: number;
  type: string;
  data: Record<string, unknown>;
}

export interface OpenedStream {
  status: number;
  headers: Headers;
  /** Every event received so far, in order. */
  events: ReceivedEvent[];
  /** Comment lines received so far (`: ok`, `: ping`). */
  comments: string[];
  /** Resolves once `count` events in all have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedEvent[]>;
  /** Resolves when the server ends the stream; rejects if it has not within `timeoutMs`. */
  ended(timeoutMs?: number): Promise<void>;
  close(): void;
}

/**
 * `promise`, or a rejection after `ms`: an events request the server wrongly accepts is a stream that never ends, and
 * a test waiting for its answer would otherwise wait for its own timeout.
 */
export function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no complete answer within ${ms} ms (a stream left open?)`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The base URL of an app listening on a free loopback port. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

export async function openStream(url: string, headers: Record<string, string> = {}): Promise<OpenedStream> {
  // node:http with a connection of its own (agent: false), closed with the stream: fetch's pool keeps spare
  // connections open that never carry a request, and the server's close() waits for such a connection for ever.
  const request = get(url, { agent: false, headers: { accept: 'text/event-stream', ...headers } });
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    // A server that never answers fails here, named, rather than as the test's own timeout.
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`no answer from ${url} within 10 s`));
    }, 10_000);
    request.once('response', (answer) => {
      clearTimeout(timer);
      resolve(answer);
    });
    request.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
  request.on('error', () => {});
  const events: ReceivedEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of waiters) waiter();
  };

  const parse = (block: string) => {
    const fields: Record<string, string> = {};
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim());
      else {
        const colon = line.indexOf(':');
        if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 1).replace(/^ /, '');
      }
    }
    if (fields.data !== undefined) {
      events.push({ id: Number(fields.id), type: fields.event ?? 'message', data: JSON.parse(fields.data) });
    }
  };

  response.setEncoding('utf8');
  let buffered = '';
  response.on('data', (chunk: string) => {
    if (response.statusCode !== 200) return;
    buffered += chunk;
    let end = buffered.indexOf('\n\n');
    while (end >= 0) {
      parse(buffered.slice(0, end));
      buffered = buffered.slice(end + 2);
      end = buffered.indexOf('\n\n');
    }
    notify();
  });
  const closed = new Promise<void>((resolve) => {
    response.once('close', () => {
      notify();
      resolve();
    });
  });

  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (typeof value === 'string') responseHeaders.set(name, value);
  }
  return {
    status: response.statusCode ?? 0,
    headers: responseHeaders,
    events,
    comments,
    ended: (timeoutMs = 10_000) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`the stream was still open after ${timeoutMs} ms`)), timeoutMs);
      });
      return Promise.race([closed, late]).finally(() => clearTimeout(timer));
    },
    waitFor: (count, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (events.length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(events.slice());
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${events.length} of ${count} events within ${timeoutMs} ms: ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => request.destroy(),
  };
}
