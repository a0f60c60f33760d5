import { join } from 'node:path';
import type { ImageStore } from './image-store';
import { LocalFolderStore } from './local-store';
import type { StorageSettings } from './storage-settings';

/**
 * Which store an app's images are in. The app opens its store at build (plugins/uploads.ts) and binds it here to its
 * data folder and its database, the two things the code that stores, checks or removes images is handed (use cases get
 * DATA_DIR, the menu loader the database). A data folder nothing was bound to keeps its images in DATA_DIR/uploads, as
 * every caller outside an app (the demo seed, tests, scripts) expects.
 */

export function uploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

const byDataDir = new Map<string, ImageStore>();
const byDatabase = new WeakMap<object, ImageStore>();

/** Binds `store` to an app's data folder and database; answers the unbinding (on the app's close). */
export function bindImageStore(owner: { dataDir: string; db: object }, store: ImageStore): () => void {
  byDataDir.set(owner.dataDir, store);
  byDatabase.set(owner.db, store);
  return () => {
    if (byDataDir.get(owner.dataDir) === store) byDataDir.delete(owner.dataDir);
    if (byDatabase.get(owner.db) === store) byDatabase.delete(owner.db);
  };
}

/** The store of the app on this data folder, or the folder DATA_DIR/uploads. */
export function imageStoreFor(dataDir: string): ImageStore {
  return byDataDir.get(dataDir) ?? new LocalFolderStore(uploadsDir(dataDir));
}

/** The store of the app on this database, if one is bound (the menu loader knows only the database). */
export function imageStoreOfDatabase(db: object): ImageStore | undefined {
  return byDatabase.get(db);
}

/** Public addresses of the bucket stores in use: a URL under one is an image we stored (it has a thumbnail beside it). */
export function bucketPublicBases(): string[] {
  return [...byDataDir.values()].filter((store) => store.kind === 's3').map((store) => store.publicUrl(''));
}

/**
 * Opens the store the settings name. The AWS SDK is imported only for a bucket: a folder store loads none of it.
 */
export async function openImageStore(settings: StorageSettings, dataDir: string): Promise<ImageStore> {
  if (settings.kind === 'local') return new LocalFolderStore(uploadsDir(dataDir));
  const { S3ImageStore } = await import('./s3-store');
  return new S3ImageStore(settings);
}
