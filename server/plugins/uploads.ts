import { mkdir } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors';
import { messages } from '../messages';
import { UPLOADS_URL_PREFIX, uploadsDir } from '../uploads/storage';

const STORED_NAME = /^\/uploads\/[a-z0-9]+(?:-thumb)?\.webp$/;

/**
 * Serves stored images at /uploads/*. Names are random and never reused (a changed picture gets a new name), so a
 * file can be cached for a year and marked immutable. `wildcard` (the default) looks files up per request, so images
 * uploaded after start are found; a missing one falls through to the JSON 404.
 */
export async function uploadsPlugin(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  const root = uploadsDir(options.dataDir);
  // Only names the pipeline generates are ever looked up: `..`, dot files and odd encodings answer 404 up front.
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (!STORED_NAME.test(path)) throw notFound(messages.fileNotFound);
  });
  await mkdir(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
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
