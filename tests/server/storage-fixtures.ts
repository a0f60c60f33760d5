import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import './s3rver-durable-put';

/**
 * A local S3-compatible server (s3rver) over real HTTP, and the environment that points the app's image store at it.
 * Its objects are publicly readable at `http://127.0.0.1:<port>/<bucket>/<key>`, which is the S3_PUBLIC_URL a CDN
 * would be in production.
 */

// The SDK's one-time notice that later versions need Node 22: the tests are not the place to repeat it.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export const BUCKET = 'menyu-images';
export const PREFIX = 'menu/img';

export interface LocalS3 {
  port: number;
  /** `STORAGE_URL`, `S3_*` for loadConfig / createTestApp. */
  env: Record<string, string>;
  /** Where browsers fetch a stored file. */
  publicUrl(name: string): string;
  /** GET over HTTP: the status and body of the object under the prefix. */
  fetchObject(name: string): Promise<{ status: number; body: Buffer }>;
  /** Stops the server (its files stay) and starts it again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startLocalS3(): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'menyu-s3rver-'));
  const make = (port: number) =>
    new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  let server = make(0);
  const { port } = await server.run();
  let running = true;
  const base = `http://127.0.0.1:${port}`;
  const publicUrl = (name: string) => `${base}/${BUCKET}/${PREFIX}/${name}`;
  return {
    port,
    env: {
      STORAGE_URL: `s3://${BUCKET}/${PREFIX}`,
      S3_ENDPOINT: base,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PUBLIC_URL: `${base}/${BUCKET}/${PREFIX}`,
    },
    publicUrl,
    async fetchObject(name) {
      const res = await fetch(publicUrl(name));
      return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
    },
    async stop() {
      if (!running) return;
      await server.close();
      running = false;
    },
    async start() {
      if (running) return;
      server = make(port);
      await server.run();
      running = true;
    },
    async close() {
      if (running) await server.close();
      running = false;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
