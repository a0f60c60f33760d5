import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { TICKET_TTL_SECONDS } from './tickets';

/**
 * A ticket lets a kitchen display open its live stream (GET /kitchen/events), for the same reasons as the staff's
 * (tickets.ts): EventSource sends no header, and the device's session must not sit in URLs. Its purpose
 * `kitchen-events` is accepted nowhere else, and it carries no claim a panel session or a staff ticket would accept.
 */

export const KITCHEN_TICKET_PURPOSE = 'kitchen-events';

export interface KitchenTicketClaims {
  pur: typeof KITCHEN_TICKET_PURPOSE;
  /** The kitchen device. */
  dev: string;
  jti: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function signKitchenTicket(app: FastifyInstance, deviceId: string): string {
  const claims: KitchenTicketClaims = { pur: KITCHEN_TICKET_PURPOSE, dev: deviceId, jti: randomUUID() };
  return app.jwt.sign(claims as never, { expiresIn: TICKET_TTL_SECONDS });
}

export function verifyKitchenTicket(app: FastifyInstance, ticket: string): KitchenTicketClaims | undefined {
  let payload: Record<string, unknown>;
  try {
    payload = app.jwt.verify<Record<string, unknown>>(ticket);
  } catch {
    return undefined;
  }
  const { pur, dev, jti } = payload;
  if (pur !== KITCHEN_TICKET_PURPOSE || typeof dev !== 'string' || !UUID.test(dev)) return undefined;
  if (typeof jti !== 'string' || !UUID.test(jti) || typeof payload.exp !== 'number') return undefined;
  return { pur, dev, jti };
}
