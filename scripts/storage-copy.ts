import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/config';
import { copyFolderToBucket } from '../server/uploads/copy-to-bucket';
import { S3ImageStore } from '../server/uploads/s3-store';
import { uploadsDir } from '../server/uploads/stores';

/**
 * `npm run storage:copy [-- --from <folder>]`: copies the stored images of a folder (default DATA_DIR/uploads) into
 * the bucket STORAGE_URL names, with the same S3_* settings the server reads (docs/storage.md). Resumable and
 * verified by size and checksum (server/uploads/copy-to-bucket.ts); exits 1 when any file failed, naming each.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { from: { type: 'string' } } });
  const config = loadConfig();
  if (config.storage.kind !== 's3') {
    console.error(
      'storage:copy needs STORAGE_URL=s3://bucket/prefix and the S3_* settings of the bucket to copy into.',
    );
    return 1;
  }
  const from = values.from ?? uploadsDir(config.dataDir);
  const store = new S3ImageStore(config.storage);
  console.log(`Copying ${from} to s3://${config.storage.bucket}/${config.storage.prefix}`);
  try {
    let done = 0;
    const report = await copyFolderToBucket(from, store, {
      onFile: () => {
        done += 1;
        if (done % 500 === 0) console.log(`  ${done} files…`);
      },
    });
    console.log(
      `Copied ${report.copied.length}, already there ${report.present.length}, failed ${report.failed.length}.`,
    );
    for (const failure of report.failed) console.error(`  ${failure.name}: ${failure.reason}`);
    if (report.failed.length > 0) console.error('Run it again to retry the failed files: what is there is kept.');
    return report.failed.length > 0 ? 1 : 0;
  } finally {
    store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
