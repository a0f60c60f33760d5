import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * A ticket lets a browser open the staff events stream: EventSource cannot send the Authorization header, and a
 * session token in a URL would end up in proxy logs and the browser history for its whole week. A ticket is a JWT
 * signed with the same secret, but short-lived and of another shape:
 * - `pur: 'staff-events'`: verifyTicket accepts nothing else, so a session token is never a ticket;
 * - no `role` or `_id` claim: the auth plugin accepts no token without them, so a ticket is never a session token;
 * - `sv`, the user's session version: a new password or a deactivation ends the tickets issued before it too;
 * - `jti`, its own id: a ticket opens one stream only (the route records it used, repositories/event-tickets.ts), so
 *   a URL copied from a proxy log or the browser history opens nothing, even within its minute.
 */

export const TICKET_PURPOSE = 'staff-events';
/** Long enough to open the stream right after asking, short enough that a leaked URL is soon worthless. */
export const TICKET_TTL_SECONDS = 60;

export interface TicketClaims {
  pur: typeof TICKET_PURPOSE;
  /** The user. */
  sub: string;
  /** Their session version when issued. */
  sv: number;
  /** The restaurant; null: all of a manager's restaurants. */
  rid: string | null;
  /** The ticket's own id, recorded when it is used. */
  jti: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function signTicket(
  app: FastifyInstance,
  user: { _id: string; session_version: number },
  restaurantId: string | null,
): string {
  const claims: TicketClaims = {
    pur: TICKET_PURPOSE,
    sub: user._id,
    sv: user.session_version,
    rid: restaurantId,
    jti: randomUUID(),
  };
  return app.jwt.sign(claims as never, { expiresIn: TICKET_TTL_SECONDS });
}

/** The claims of a valid, unexpired ticket; undefined for anything else (a session token, a forged or old ticket). */
export function verifyTicket(app: FastifyInstance, ticket: string): TicketClaims | undefined {
  let payload: Record<string, unknown>;
  try {
    payload = app.jwt.verify<Record<string, unknown>>(ticket);
  } catch {
    return undefined;
  }
  const { pur, sub, sv, rid, jti } = payload;
  if (pur !== TICKET_PURPOSE || typeof sub !== 'string' || !UUID.test(sub) || !Number.isSafeInteger(sv)) {
    return undefined;
  }
  // Without its own id a ticket could not be marked used.
  if (typeof jti !== 'string' || !UUID.test(jti)) return undefined;
  if (rid !== null && (typeof rid !== 'string' || !UUID.test(rid))) return undefined;
  // A ticket must say when it ends: one signed without `exp` would be good for ever.
  if (typeof payload.exp !== 'number') return undefined;
  return { pur, sub, sv: sv as number, rid, jti };
}
