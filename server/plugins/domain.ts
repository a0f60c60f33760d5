import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type RunWork, unitOfWork } from '../domain/unit-of-work';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs a use case's writes in one transaction and its after-commit effects after it (domain/unit-of-work.ts). */
    work: RunWork;
  }
}

/**
 * The unit of work every use case runs in. Registered after the menu changes plugin; the outbox senders (Telegram, the
 * till) are registered later and looked up when an effect runs, since they run use cases too.
 */
export const domainPlugin = fp(async (app: FastifyInstance) => {
  app.decorate(
    'work',
    unitOfWork(app.db, {
      menuChanged: (restaurantId) => app.menuChanged(restaurantId),
      outboxWritten: () => {
        app.telegram.wake();
        app.tillSender.wake();
        app.printSender.wake();
      },
    }),
  );
});
