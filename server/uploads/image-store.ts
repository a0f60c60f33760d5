/**
 * Where stored images live: a folder (DATA_DIR/uploads, the default) or an S3 bucket (STORAGE_URL=s3://…). Both hold
 * the same flat names, `<random>.webp` and its thumbnail `<random>-thumb.webp`; the database keeps the store-independent
 * key `/uploads/<name>` (storage.ts), and only an answer to a browser turns it into the store's public address.
 */

/** One stored file, as a listing shows it. */
export interface StoredObject {
  name: string;
  size: number;
  modifiedAt: Date;
}

export interface ImageStore {
  readonly kind: 'local' | 's3';
  /** Stores one file under a fresh name (names are random and never reused, so nothing is ever overwritten). */
  put(name: string, data: Buffer): Promise<void>;
  /** Whether the file is there. */
  exists(name: string): Promise<boolean>;
  /** Removes the files; a missing one is fine (the goal is that it is gone). Throws when the store refuses. */
  remove(names: string[]): Promise<void>;
  /** Every stored file, in no particular order. */
  list(): AsyncIterable<StoredObject>;
  /** Where a browser fetches the file: `/uploads/<name>` from this server, or `<S3_PUBLIC_URL>/<name>`. */
  publicUrl(name: string): string;
  /** Lets go of connections (the S3 client's sockets). */
  close(): void;
}
