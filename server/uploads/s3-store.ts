import { createHash } from 'node:crypto';
import {
  DeleteObjectsCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { ImageStore, StoredObject } from './image-store';
import type { S3Settings } from './storage-settings';

/**
 * The bucket store, through the AWS SDK v3 client. Imported only when STORAGE_URL is s3:// (open-store.ts): the SDK is
 * large, and on Node 20 it warns at its first client that later versions will need Node 22.
 */

/** DeleteObjects takes at most 1000 keys a request. */
const DELETE_BATCH = 1000;
/** Names are random and never reused: browsers and CDNs may keep a file for a year without asking again. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** What a HEAD tells of a stored object: enough to check a copy against its source (size and checksum). */
export interface ObjectFacts {
  size: number;
  /** The ETag without quotes: the content's MD5 (hex) for a single-part upload without KMS encryption. */
  etag: string | undefined;
  /** The SHA-256 (hex) this store wrote into the object's metadata when it stored it. */
  sha256: string | undefined;
}

const isNotFound = (error: unknown) =>
  (error as { name?: string }).name === 'NotFound' ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

export class S3ImageStore implements ImageStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly keyPrefix: string;

  constructor(private readonly settings: S3Settings) {
    this.keyPrefix = settings.prefix === '' ? '' : `${settings.prefix}/`;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      // S3-compatible servers (MinIO, Ceph, R2, s3rver) answer at <endpoint>/<bucket>/<key>; AWS by virtual host.
      forcePathStyle: settings.endpoint !== undefined,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Only the checksums an operation requires: many S3-compatible servers refuse the SDK's newer default ones. A
      // write carries Content-MD5 instead, which every S3 server checks.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A store that does not answer fails the request rather than holding an upload (or a job round) for minutes.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    });
  }

  /** The object key of a stored file's name. */
  key(name: string): string {
    return `${this.keyPrefix}${name}`;
  }

  async put(name: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.key(name),
        Body: data,
        ContentType: 'image/webp',
        CacheControl: CACHE_CONTROL,
        ContentMD5: createHash('md5').update(data).digest('base64'),
        Metadata: { sha256: createHash('sha256').update(data).digest('hex') },
      }),
    );
  }

  /** Size and checksums of a stored object, or undefined when there is none. */
  async facts(name: string): Promise<ObjectFacts | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name) }));
      return { size: head.ContentLength ?? -1, etag: head.ETag?.replaceAll('"', ''), sha256: head.Metadata?.sha256 };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async exists(name: string): Promise<boolean> {
    return (await this.facts(name)) !== undefined;
  }

  async remove(names: string[]): Promise<void> {
    for (let start = 0; start < names.length; start += DELETE_BATCH) {
      const batch = names.slice(start, start + DELETE_BATCH);
      const answer = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.settings.bucket,
          Delete: { Objects: batch.map((name) => ({ Key: this.key(name) })), Quiet: true },
        }),
      );
      // A batch answers 200 even when some keys were refused: those are errors all the same.
      const refused = answer.Errors ?? [];
      if (refused.length > 0) {
        const first = refused[0]!;
        throw new Error(
          `S3 refused to delete ${refused.length} object(s), e.g. ${first.Key}: ${first.Code} ${first.Message}`,
        );
      }
    }
  }

  async *list(): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: this.keyPrefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(this.keyPrefix.length);
        // Keys deeper under the prefix are not ours.
        if (!name || name.includes('/')) continue;
        yield { name, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date() };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  publicUrl(name: string): string {
    return `${this.settings.publicUrl}/${name}`;
  }

  close(): void {
    this.client.destroy();
  }
}
