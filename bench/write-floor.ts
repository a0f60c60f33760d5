import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { sharedSchemaCompilers } from '../server/schemas/compilers';
import { schemaKeywords } from '../server/schemas/keywords';
import { CreateOrderBody } from '../server/schemas/order-requests';
import { exitOnSignal } from './bench-process';
import { scratchDatabase } from './scratch-database';

/**
 * The orders bench's control on PostgreSQL: what the cheapest durable write costs beside `/health` on this machine,
 * with none of an order's own work. A bare Fastify process (no hooks, no limits, no pricing) on a pool of the server's
 * size (10) answers `/health` with one `select 1`, as the server does, and takes the order's body, validated by the
 * order's own schema, in three ways:
 * - `/select`: validated and answered after a `select 1`, nothing written (the price of the body and the answer);
 * - `/insert`: one row written by one statement in its own transaction, answered after its commit;
 * - `/transaction`: the same row inside BEGIN … COMMIT, as an order's statements are (three round trips);
 * - `/batched`: the rows of the requests waiting at that moment written by one statement, each answered after that
 *   statement's commit (group commit of a writer that takes orders several to a statement).
 * Each a ratio of this process's `/health`, measured in the same run.
 */

const POOL_SIZE = 10;

async function serve(databaseUrl: string): Promise<void> {
  const scratch = await scratchDatabase(databaseUrl, `write_floor_${process.pid}`);
  const pool = new pg.Pool({ connectionString: scratch.url, max: POOL_SIZE });
  // An idle connection ended under it (its database dropped as the process stops) is an 'error' event on the pool: one
  // without a listener ended the process with a stack trace in the bench's output.
  pool.on('error', () => {});
  await pool.query(
    'create table written (id uuid primary key, body jsonb not null, created_at timestamptz not null default now())',
  );
  const insert = { name: 'insert', text: 'insert into written (id, body) values ($1, $2)' };
  // The server's own schema compilers: the order's schema with its keywords, compiled as the server compiles it.
  const app = Fastify({
    logger: false,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false, keywords: schemaKeywords } },
    schemaController: { compilersFactory: sharedSchemaCompilers },
  });
  const schema = { body: CreateOrderBody };
  const answer = (id: string) => ({ data: { _id: id } });

  app.get('/health', async () => {
    await pool.query('select 1');
    return { status: 'ok' };
  });
  app.post('/select', { schema }, async (_request, reply) => {
    await pool.query('select 1');
    return reply.code(201).send(answer(randomUUID()));
  });
  app.post('/insert', { schema }, async (request, reply) => {
    const id = randomUUID();
    await pool.query({ ...insert, values: [id, request.body] });
    return reply.code(201).send(answer(id));
  });
  app.post('/transaction', { schema }, async (request, reply) => {
    const id = randomUUID();
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query({ ...insert, values: [id, request.body] });
      await client.query('commit');
    } finally {
      client.release();
    }
    return reply.code(201).send(answer(id));
  });

  // The batched writer: one statement at a time; what arrives meanwhile waits for the next.
  let waiting: { id: string; body: unknown; written: (error?: unknown) => void }[] = [];
  let writing = false;
  const write = async () => {
    if (writing || waiting.length === 0) return;
    writing = true;
    const batch = waiting;
    waiting = [];
    try {
      await pool.query({
        name: 'insert_batch',
        text: 'insert into written (id, body) select * from unnest($1::uuid[], $2::jsonb[])',
        values: [batch.map((row) => row.id), batch.map((row) => JSON.stringify(row.body))],
      });
      for (const row of batch) row.written();
    } catch (error) {
      for (const row of batch) row.written(error);
    }
    writing = false;
    void write();
  };
  app.post('/batched', { schema }, async (request, reply) => {
    const id = randomUUID();
    await new Promise<void>((resolve, reject) => {
      waiting.push({ id, body: request.body, written: (error) => (error ? reject(error) : resolve()) });
      void write();
    });
    return reply.code(201).send(answer(id));
  });

  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`READY ${baseUrl}`);
  exitOnSignal(async () => {
    await app.close();
    await pool.end();
    await scratch.drop();
  });
}

export interface FloorRow {
  call: string;
  requestsPerSec: number;
  p99Ms: number;
  errors: number;
}

/** The control's calls, each `seconds` at `connections`, the order's body (`body`) posted to the writing ones. */
export async function measureWriteFloor(
  databaseUrl: string,
  body: string,
  { seconds, connections }: { seconds: number; connections: number },
): Promise<FloorRow[]> {
  const root = join(import.meta.dirname, '..');
  const child = spawn(
    process.execPath,
    [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'bench/write-floor.ts'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, WRITE_FLOOR_DATABASE_URL: databaseUrl },
    },
  );
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`write-floor server exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('READY ')) resolve(line.slice(6));
    });
  });
  try {
    const calls: [string, string, `${number}`][] = [
      ['GET /health (select 1)', '/health', '200'],
      ['POST order body, validated, select 1', '/select', '201'],
      ['POST order body, one insert, its own commit', '/insert', '201'],
      ['POST order body, BEGIN, insert, COMMIT', '/transaction', '201'],
      ['POST order body, inserts batched, shared commit', '/batched', '201'],
    ];
    // A first pass warms the process (its JIT, the pool's connections and prepared statements); the second counts.
    const rows: FloorRow[] = [];
    for (const pass of [0, 1]) {
      for (const [call, path, status] of calls) {
        const result = await autocannon({
          url: baseUrl + path,
          duration: pass === 0 ? 1 : seconds,
          connections,
          ...(path === '/health' ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
        });
        const answered = result.statusCodeStats?.[status]?.count ?? 0;
        if (pass === 1)
          rows.push({
            call,
            requestsPerSec: Math.round(result.requests.average),
            p99Ms: result.latency.p99,
            errors: result.requests.total - answered + result.errors,
          });
      }
    }
    return rows;
  } finally {
    child.kill('SIGTERM');
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const databaseUrl = process.env.WRITE_FLOOR_DATABASE_URL;
  if (!databaseUrl) throw new Error('WRITE_FLOOR_DATABASE_URL: the PostgreSQL database beside which to write');
  await serve(databaseUrl);
}
