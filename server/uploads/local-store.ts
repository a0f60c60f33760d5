import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImageStore, StoredObject } from './image-store';

/** The folder store: files in one directory (DATA_DIR/uploads), served by this server at /uploads/* (plugins/uploads.ts). */
export class LocalFolderStore implements ImageStore {
  readonly kind = 'local';

  constructor(readonly dir: string) {}

  async put(name: string, data: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    // 'wx': never overwrite; 128 random bits make a collision practically impossible anyway.
    await writeFile(join(this.dir, name), data, { flag: 'wx' });
  }

  async exists(name: string): Promise<boolean> {
    return stat(join(this.dir, name)).then(
      () => true,
      () => false,
    );
  }

  async remove(names: string[]): Promise<void> {
    await Promise.all(names.map((name) => rm(join(this.dir, name), { force: true })));
  }

  async *list(): AsyncIterable<StoredObject> {
    const names = await readdir(this.dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    for (const name of names) {
      // A file removed meanwhile is simply not listed.
      const info = await stat(join(this.dir, name)).catch(() => undefined);
      if (info?.isFile()) yield { name, size: info.size, modifiedAt: info.mtime };
    }
  }

  publicUrl(name: string): string {
    return `/uploads/${name}`;
  }

  close(): void {}
}
