import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notifyChannel } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Call after any committed write that changes what a restaurant's public menu shows (restaurant, category,
     * product, option, row, stop-list, sync, upload). The public menu drops its cached page for that restaurant, in
     * this process and (on PostgreSQL) in every other server process on the same database.
     */
    menuChanged: (restaurantId: string) => void;
    /**
     * Subscribe to menuChanged (used by the in-memory caches). `null` means every restaurant: changes from other
     * processes may have been missed, so everything cached must go.
     */
    onMenuChanged: (listener: (restaurantId: string | null) => void) => void;
  }
}

/** The PostgreSQL channel menu changes travel on between server processes. */
export const MENU_CHANGES_CHANNEL = 'menyu_menu_changed';

export const menuChangesPlugin = fp(async (app: FastifyInstance) => {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(50);
  const changed = (restaurantId: string | null) => emitter.emit('changed', restaurantId);
  app.decorate('onMenuChanged', (listener: (restaurantId: string | null) => void) => {
    emitter.on('changed', listener);
  });

  // Several processes behind a load balancer share one PostgreSQL: each announces its writes with NOTIFY and
  // drops its own caches on the others' (its own notifications come back too, and are skipped by this id).
  const instance = randomUUID();
  const listener = await app.database.listen?.(MENU_CHANGES_CHANNEL, {
    message: (payload) => {
      const [from, restaurantId] = payload.split('|');
      if (from !== instance && restaurantId) changed(restaurantId);
    },
    reset: () => changed(null),
  });
  const sending = new Set<Promise<unknown>>();
  app.decorate('menuChanged', (restaurantId: string) => {
    changed(restaurantId);
    if (!listener) return;
    const notify = notifyChannel(app.db, MENU_CHANGES_CHANNEL, `${instance}|${restaurantId}`)
      .catch((error: unknown) => app.log.warn({ err: error }, 'Could not tell other server processes of a menu change'))
      .finally(() => sending.delete(notify));
    sending.add(notify);
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled(sending);
    await listener?.close();
  });
});
