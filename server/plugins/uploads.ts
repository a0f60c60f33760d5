import { mkdir } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { notFound } from '../errors';
import { scheduleStorageDeletions } from '../jobs/storage-deletions';
import { messages } from '../messages';
import type { ImageStore } from '../uploads/image-store';
import { LocalFolderStore } from '../uploads/local-store';
import { withPublicImageUrls, withStoredImageKeys } from '../uploads/public-urls';
import { UPLOADS_URL_PREFIX } from '../uploads/storage';
import { bindImageStore, imageStoreFor, openImageStore } from '../uploads/stores';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded images are stored: DATA_DIR/uploads or an S3 bucket (uploads/stores.ts). */
    imageStore: ImageStore;
  }
}

const STORED_NAME = /^\/uploads\/[a-z0-9]+(?:-thumb)?\.webp$/;
/** A redirect to a bucket may change with S3_PUBLIC_URL: kept a day, not a year like the files themselves. */
const REDIRECT_MAX_AGE_SECONDS = 24 * 3600;

/**
 * The app's image store, opened from STORAGE_URL and bound to its data folder and database (uploads/stores.ts), with
 * the job that drains its queue of removals. With a bucket, the API speaks public addresses: answers carry them, and
 * bodies may send them back (uploads/public-urls.ts). Registered after the jobs plugin and before the routes.
 */
export const imageStorePlugin = fp(
  async (app: FastifyInstance, { config }: { config: Pick<Config, 'dataDir' | 'storage'> }) => {
    const store = await openImageStore(config.storage, config.dataDir);
    const unbind = bindImageStore({ dataDir: config.dataDir, db: app.db }, store);
    app.decorate('imageStore', store);
    scheduleStorageDeletions(app.jobs, app.db, store);
    if (store.kind === 's3') {
      app.addHook('preValidation', async (request) => {
        if (request.body && typeof request.body === 'object') request.body = withStoredImageKeys(store, request.body);
      });
      app.addHook('preSerialization', async (_request, _reply, payload) => withPublicImageUrls(store, payload));
    }
    // After the jobs (preClose) have stopped: a last round may still be removing.
    app.addHook('onClose', async () => {
      unbind();
      store.close();
    });
  },
  { name: 'image-store', dependencies: ['jobs'] },
);

/**
 * Serves stored images at /uploads/*. From a folder: names are random and never reused (a changed picture gets a new
 * name), so a file can be cached for a year and marked immutable; `wildcard` (the default) looks files up per request,
 * so images uploaded after start are found; a missing one falls through to the JSON 404. From a bucket: a redirect to
 * the file's public address, for a link that still names the key.
 */
export async function uploadsPlugin(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  const store = imageStoreFor(options.dataDir);
  // Only names the pipeline generates are ever looked up: `..`, dot files and odd encodings answer 404 up front.
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (!STORED_NAME.test(path)) throw notFound(messages.fileNotFound);
  });
  if (!(store instanceof LocalFolderStore)) {
    app.get<{ Params: { name: string } }>(
      `${UPLOADS_URL_PREFIX}:name`,
      { schema: { hide: true } },
      async (request, reply) =>
        reply
          .header('cache-control', `public, max-age=${REDIRECT_MAX_AGE_SECONDS}`)
          .redirect(store.publicUrl(request.params.name), 302),
    );
    return;
  }
  await mkdir(store.dir, { recursive: true });
  await app.register(fastifyStatic, {
    root: store.dir,
    prefix: UPLOADS_URL_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    maxAge: 365 * 24 * 3600 * 1000,
    immutable: true,
    setHeaders(res) {
      res.header('x-content-type-options', 'nosniff');
    },
  });
}
