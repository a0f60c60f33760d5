import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { batchedOrderStatements, ORDER_BATCHES, type OrderStatements } from '../domain/orders/order-statements';
import { OrderingReads } from '../domain/orders/ordering-reads';
import { type AfterCommit, type RunWork, unitOfWork } from '../domain/unit-of-work';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs a use case's writes in one transaction and its after-commit effects after it (domain/unit-of-work.ts). */
    work: RunWork;
    /** A diner's order's read and write, shared with the orders placed at the same moment (domain/orders/order-statements.ts). */
    orderStatements: OrderStatements;
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
  const remembered = new OrderingReads();
  app.onMenuChanged((restaurantId) => remembered.invalidate(restaurantId));
  app.decorate(
    'orderStatements',
    batchedOrderStatements(app.db, effects, ORDER_BATCHES[app.database.kind], remembered, app.database.pipelinedDb),
  );
});
