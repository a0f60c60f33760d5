import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import S3rver from 's3rver';
import '../tests/server/s3rver-durable-put';
import sharp from 'sharp';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { createPglite } from '../server/db/pglite';
import { users } from '../server/db/schema';
import { encodeImages, writeEncodedImages } from '../server/uploads/images';
import { table } from './measure';

/**
 * `BENCH_ONLY=storage npm run bench` (or `npx tsx bench/storage-upload.ts`): an image upload into the folder store
 * (DATA_DIR/uploads) against the same upload into an S3-compatible server (s3rver on loopback, over real HTTP), one
 * after the other, in-process. Two figures per store: the whole POST /manager/upload of a 1600 × 1200 photo (re-encoding
 * included, which is most of it), and the store's part alone (writing an already encoded image and its thumbnail).
 * Reports p50 and p99 per upload; asserts nothing. BENCH_STORAGE_UPLOADS sets the count (default 200).
 */

const UPLOADS = Number(process.env.BENCH_STORAGE_UPLOADS ?? 200);
const BUCKET = 'bench-images';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

function summary(store: string, part: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    store,
    part,
    uploads: samples.length,
    'p50 ms': percentile(sorted, 0.5).toFixed(1),
    'p99 ms': percentile(sorted, 0.99).toFixed(1),
  };
}

/** A photo-like image: noise, so it encodes like a real one rather than a flat colour. */
function photo(): Promise<Buffer> {
  return sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function uploadTimes(env: Record<string, string>, image: Buffer): Promise<{ whole: number[]; store: number[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'menyu-bench-storage-'));
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789', ...env });
  const database = await openDatabase({ pglite: await createPglite(), migrate: true });
  const app = await buildApp(config, { database, logger: false, distDir: join(dataDir, 'no-panel') });
  await app.ready();
  try {
    const [admin] = await database.db
      .insert(users)
      .values({ login: 'bench-admin', password_hash: 'unused', role: 'admin' })
      .returning();
    const authorization = `Bearer ${app.jwt.sign({ role: 'admin', _id: admin!._id })}`;
    const form = () => {
      const body = new FormData();
      body.append('files', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg');
      return body;
    };
    const whole: number[] = [];
    for (let i = 0; i < UPLOADS; i++) {
      const start = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/manager/upload',
        headers: { authorization },
        payload: form(),
      });
      whole.push(performance.now() - start);
      if (res.statusCode !== 200) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
    }
    const [encoded] = await encodeImages([{ filename: 'photo.jpg', data: image }]);
    const store: number[] = [];
    for (let i = 0; i < UPLOADS; i++) {
      const start = performance.now();
      await writeEncodedImages(dataDir, [encoded!]);
      store.push(performance.now() - start);
    }
    return { whole, store };
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function reportStorageUpload(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const image = await photo();
  const directory = mkdtempSync(join(tmpdir(), 'menyu-bench-s3rver-'));
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  try {
    const folder = await uploadTimes({}, image);
    const base = `http://127.0.0.1:${port}`;
    const bucket = await uploadTimes(
      {
        STORAGE_URL: `s3://${BUCKET}/img`,
        S3_ENDPOINT: base,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_PUBLIC_URL: `${base}/${BUCKET}/img`,
      },
      image,
    );
    console.log(
      `\nImage upload, ${UPLOADS} uploads of a ${(image.length / 1024).toFixed(0)} KB 1600 × 1200 JPEG, one at a time:`,
    );
    console.log(
      table([
        summary('folder', 'whole upload', folder.whole),
        summary('S3 (s3rver)', 'whole upload', bucket.whole),
        summary('folder', 'store write', folder.store),
        summary('S3 (s3rver)', 'store write', bucket.store),
      ]),
    );
  } finally {
    await s3.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await reportStorageUpload();
