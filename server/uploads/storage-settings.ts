/**
 * STORAGE_URL and the S3_* settings (docs/configuration.md, docs/storage.md): unset keeps images in DATA_DIR/uploads;
 * `s3://bucket/prefix` puts them in that bucket under that prefix, reached through S3_ENDPOINT (any S3-compatible
 * server; AWS itself when unset) and fetched by browsers from S3_PUBLIC_URL.
 */
export type StorageSettings = { kind: 'local' } | S3Settings;

export interface S3Settings {
  kind: 's3';
  bucket: string;
  /** Object keys are `<prefix>/<name>`; '' puts them at the bucket's top. */
  prefix: string;
  /** An S3-compatible server's address (path-style requests); undefined: AWS S3 itself. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither; neither: the SDK's own chain (AWS_* variables, an instance or task role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Where browsers fetch `<name>`: `<publicUrl>/<name>` (no trailing slash). */
  publicUrl: string;
}

export const DEFAULT_S3_REGION = 'us-east-1';

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'];
/** S3's bucket naming rules (lower case, digits, dots, hyphens; 3-63) and a prefix of plain path segments. */
const STORAGE_URL = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/([A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*)?\/?)?$/;

function httpUrl(name: string, raw: string, problems: string[]): string | undefined {
  try {
    const url = new URL(raw);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash) return raw;
  } catch {}
  problems.push(`${name} must be an http or https URL without a query (got "${raw}")`);
  return undefined;
}

/** The storage settings from the environment; each problem is added to `problems` (loadConfig reports them together). */
export function parseStorageSettings(text: (name: string) => string | undefined, problems: string[]): StorageSettings {
  const raw = text('STORAGE_URL');
  if (raw === undefined) {
    const stray = S3_VARIABLES.filter((name) => text(name) !== undefined);
    if (stray.length > 0)
      problems.push(
        `${stray.join(', ')}: only read with STORAGE_URL=s3://bucket/prefix (unset, images stay in DATA_DIR/uploads)`,
      );
    return { kind: 'local' };
  }
  const match = STORAGE_URL.exec(raw);
  const segments = match?.[2]?.split('/') ?? [];
  if (!match || segments.some((segment) => segment === '.' || segment === '..')) {
    problems.push(
      `STORAGE_URL must be s3://bucket or s3://bucket/prefix, or unset for DATA_DIR/uploads (got "${raw}")`,
    );
    return { kind: 'local' };
  }
  const endpointRaw = text('S3_ENDPOINT');
  const endpoint = endpointRaw === undefined ? undefined : httpUrl('S3_ENDPOINT', endpointRaw, problems);
  const publicRaw = text('S3_PUBLIC_URL');
  if (publicRaw === undefined) problems.push('S3_PUBLIC_URL is required with an s3:// STORAGE_URL');
  const publicUrl = publicRaw === undefined ? undefined : httpUrl('S3_PUBLIC_URL', publicRaw, problems);
  const accessKeyId = text('S3_ACCESS_KEY_ID');
  const secretAccessKey = text('S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  return {
    kind: 's3',
    bucket: match[1]!,
    prefix: segments.join('/'),
    endpoint,
    region: text('S3_REGION') ?? DEFAULT_S3_REGION,
    accessKeyId,
    secretAccessKey,
    publicUrl: (publicUrl ?? '').replace(/\/+$/, ''),
  };
}
