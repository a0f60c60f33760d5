import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AfterCommit, oneStatement, type RunStatement, type RunWork, unitOfWork } from '../domain/unit-of-work';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs a use case's writes in one transaction and its after-commit effects after it (domain/unit-of-work.ts). */
    work: RunWork;
    /** Runs a use case whose only write is one statement, then its after-commit effects (domain/unit-of-work.ts). */
    oneStatement: RunStatement;
  }
}

/**
 * The unit of work every use case runs in. Registered after the menu changes plugin; the outbox senders (Telegram, the
 * till) are registered later and looked up when an effect runs, since they run use cases too.
 */
export const domainPlugin = fp(async (app: FastifyInstance) => {
  const effects: AfterCommit = {
    menuChanged: (restaurantId) => app.menuChanged(restaurantId),
    outboxWritten: () => {
      app.telegram.wake();
      app.tillSender.wake();
      app.printSender.wake();
    },
  };
  app.decorate('work', unitOfWork(app.db, effects));
  app.decorate('oneStatement', oneStatement(app.db, effects));
});
