import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { configProblems } from '../support/config-problems';

/** STORAGE_URL and the S3_* settings, as loadConfig reads and refuses them (docs/configuration.md). */

const BUCKET_ENV = {
  STORAGE_URL: 's3://menyu-images/prod/img',
  S3_PUBLIC_URL: 'https://cdn.menyu.uz/img/',
};

describe('image storage settings', () => {
  it('keeps images in DATA_DIR/uploads unless STORAGE_URL says otherwise', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
  });

  it('reads a bucket, its prefix and every S3 setting', () => {
    const config = loadConfig({
      ...BUCKET_ENV,
      S3_ENDPOINT: 'https://fra1.digitaloceanspaces.com',
      S3_REGION: 'fra1',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'menyu-images',
      prefix: 'prod/img',
      endpoint: 'https://fra1.digitaloceanspaces.com',
      region: 'fra1',
      accessKeyId: 'key-id',
      secretAccessKey: 'secret',
      // Without its trailing slash: a file's address is `<S3_PUBLIC_URL>/<name>`.
      publicUrl: 'https://cdn.menyu.uz/img',
    });
  });

  it("leaves the endpoint, region and keys to AWS's defaults, and takes a bucket without a prefix", () => {
    expect(loadConfig({ STORAGE_URL: 's3://menyu-images', S3_PUBLIC_URL: 'https://cdn.menyu.uz' }).storage).toEqual({
      kind: 's3',
      bucket: 'menyu-images',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      publicUrl: 'https://cdn.menyu.uz',
    });
  });

  it.each([
    [{ STORAGE_URL: '/var/lib/menyu/uploads' }, 'STORAGE_URL must be s3://bucket or s3://bucket/prefix'],
    [{ STORAGE_URL: 'https://bucket.s3.amazonaws.com' }, 'STORAGE_URL must be s3://bucket'],
    [{ ...BUCKET_ENV, STORAGE_URL: 's3://Menyu_Images' }, 'STORAGE_URL must be s3://bucket'],
    [{ ...BUCKET_ENV, STORAGE_URL: 's3://menyu/../other' }, 'STORAGE_URL must be s3://bucket'],
    [{ STORAGE_URL: 's3://menyu' }, 'S3_PUBLIC_URL is required'],
    [{ ...BUCKET_ENV, S3_PUBLIC_URL: 'cdn.menyu.uz' }, 'S3_PUBLIC_URL must be an http or https URL'],
    [{ ...BUCKET_ENV, S3_PUBLIC_URL: 'https://cdn.menyu.uz/?v=1' }, 'S3_PUBLIC_URL must be an http or https URL'],
    [{ ...BUCKET_ENV, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must be an http or https URL'],
    [{ ...BUCKET_ENV, S3_ACCESS_KEY_ID: 'key-id' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together'],
    [{ S3_PUBLIC_URL: 'https://cdn.menyu.uz' }, 'S3_PUBLIC_URL: only read with STORAGE_URL=s3://bucket/prefix'],
  ])('refuses %j', (env, problem) => {
    expect(configProblems(env).join('\n')).toContain(problem);
  });
});
