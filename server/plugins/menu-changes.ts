import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Call after any committed write that changes what a restaurant's public menu shows (restaurant, category,
     * product, option, row, stop-list, sync, upload). The public menu drops its cached page for that restaurant.
     */
    menuChanged: (restaurantId: string) => void;
    /** Subscribe to menuChanged (used by the public menu cache). */
    onMenuChanged: (listener: (restaurantId: string) => void) => void;
  }
}

export const menuChangesPlugin = fp(async (app: FastifyInstance) => {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(50);
  app.decorate('menuChanged', (restaurantId: string) => {
    emitter.emit('changed', restaurantId);
  });
  app.decorate('onMenuChanged', (listener: (restaurantId: string) => void) => {
    emitter.on('changed', listener);
  });
});
