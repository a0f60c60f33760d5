import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ObjectFacts, S3ImageStore } from './s3-store';
import { STORED_NAME } from './storage';

/**
 * `npm run storage:copy`'s work (scripts/storage-copy.ts): every stored file of a folder into a bucket store, under the
 * same names, so the database needs no change (it keeps keys, not addresses). Resumable: a file already in the bucket
 * with the same size and checksum is left as it is, so a run that stopped is completed by running it again, and a
 * second run copies nothing. Each copy is verified the same way once written.
 */

export interface CopyReport {
  copied: string[];
  /** In the bucket already, same size and checksum. */
  present: string[];
  failed: { name: string; reason: string }[];
}

export interface CopyOptions {
  /** Files copied at once. */
  concurrency?: number;
  /** Told of each file as it is done. */
  onFile?: (name: string, outcome: 'copied' | 'present' | 'failed') => void;
}

interface LocalFacts {
  size: number;
  md5: string;
  sha256: string;
}

const MD5_ETAG = /^[0-9a-f]{32}$/;

/**
 * The same content, by size and checksum: the SHA-256 our store writes into an object's metadata, and the ETag where
 * it is the content's MD5 (a single-part upload without KMS encryption). At least one checksum must have been compared.
 */
export function sameContent(remote: ObjectFacts, local: LocalFacts): boolean {
  if (remote.size !== local.size) return false;
  const etagIsMd5 = remote.etag !== undefined && MD5_ETAG.test(remote.etag);
  if (remote.sha256 === undefined && !etagIsMd5) return false;
  if (remote.sha256 !== undefined && remote.sha256 !== local.sha256) return false;
  return !etagIsMd5 || remote.etag === local.md5;
}

async function copyOne(dir: string, name: string, store: S3ImageStore): Promise<'copied' | 'present'> {
  const data = await readFile(join(dir, name));
  const local: LocalFacts = {
    size: data.length,
    md5: createHash('md5').update(data).digest('hex'),
    sha256: createHash('sha256').update(data).digest('hex'),
  };
  const before = await store.facts(name);
  if (before && sameContent(before, local)) return 'present';
  await store.put(name, data);
  const after = await store.facts(name);
  if (!after || !sameContent(after, local)) {
    throw new Error(`the bucket holds ${after ? `${after.size} bytes of other content` : 'nothing'} after the copy`);
  }
  return 'copied';
}

/** Copies every stored file of `dir` into the bucket; answers what was copied, found there already, or failed. */
export async function copyFolderToBucket(
  dir: string,
  store: S3ImageStore,
  { concurrency = 4, onFile }: CopyOptions = {},
): Promise<CopyReport> {
  const names = (await readdir(dir)).filter((name) => STORED_NAME.test(name)).sort();
  const report: CopyReport = { copied: [], present: [], failed: [] };
  let next = 0;
  const worker = async () => {
    while (next < names.length) {
      const name = names[next++]!;
      try {
        const outcome = await copyOne(dir, name, store);
        report[outcome].push(name);
        onFile?.(name, outcome);
      } catch (error) {
        report.failed.push({ name, reason: error instanceof Error ? error.message : String(error) });
        onFile?.(name, 'failed');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  // In the folder's order, whichever copy ended first: a report reads the same on every run.
  for (const list of [report.copied, report.present]) list.sort();
  report.failed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return report;
}
