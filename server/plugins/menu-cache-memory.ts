import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MB, MenuCacheMemory } from '../menu/cache-memory';

declare module 'fastify' {
  interface FastifyInstance {
    /** The byte budget every public menu cache of this server shares (MENU_CACHE_MB), and what they hold now. */
    menuCacheMemory: MenuCacheMemory;
  }
}

/** One budget per server, so the menu pages and the public reads cannot each take all of it. */
export const menuCacheMemoryPlugin = fp<{ megabytes: number }>(async (app: FastifyInstance, { megabytes }) => {
  app.decorate('menuCacheMemory', new MenuCacheMemory(megabytes * MB));
});
