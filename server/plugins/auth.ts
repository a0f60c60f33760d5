import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../errors';
import { messages } from '../messages';
import { findSessionUser } from '../repositories/users';
import type { Role } from '../viewer';

/** What a token carries: spec section 3's role and _id, and the user's session version when it was issued. */
export interface TokenPayload {
  role: Role;
  _id: string;
  /** users.session_version at issue; absent in tokens from before session versions (read as 0). */
  sv?: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: 401 unless a valid token of an existing, active user is sent. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler: like authenticate, then 403 unless the caller has one of the roles. */
    requireRole: (...roles: Role[]) => (request: FastifyRequest) => Promise<void>;
    /** preHandler for public calls: sets viewer when a valid token is sent, stays anonymous otherwise. */
    identify: (request: FastifyRequest) => Promise<void>;
    /** A token for this user's current session version. */
    signSession: (user: { role: Role; _id: string; session_version: number }) => string;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A correctly signed token is still only trusted as far as its shape: an `_id` that is not a UUID (a token signed by
 * an older or foreign issuer sharing the secret) would make the user query fail with a 500 instead of a 401.
 */
function isWellFormed(payload: unknown): payload is TokenPayload {
  const { role, _id, sv } = payload as Record<string, unknown>;
  return (
    (role === 'admin' || role === 'manager') &&
    typeof _id === 'string' &&
    UUID.test(_id) &&
    (sv === undefined || Number.isSafeInteger(sv))
  );
}

export interface AuthOptions {
  secret: string;
  expiresIn: string;
  demo: boolean;
}

export const authPlugin = fp<AuthOptions>(async (app: FastifyInstance, options) => {
  await app.register(fastifyJwt, { secret: options.secret, sign: { expiresIn: options.expiresIn } });
  app.decorateRequest('viewer', null);

  async function resolveViewer(request: FastifyRequest, required: boolean): Promise<void> {
    const header = request.headers.authorization;
    if (!header) {
      if (required) throw unauthorized();
      return;
    }
    let payload: TokenPayload;
    try {
      payload = await request.jwtVerify<TokenPayload>();
    } catch {
      if (required) throw unauthorized(messages.sessionInvalid);
      return;
    }
    if (!isWellFormed(payload)) {
      if (required) throw unauthorized(messages.sessionInvalid);
      return;
    }
    // The token is only a claim: the user must still exist, be active and have that role.
    const user = await findSessionUser(app.db, payload._id);
    if (
      !user?.is_active ||
      user.role !== payload.role ||
      (user.is_demo && !options.demo) ||
      // A new password or a deactivation raised the version: every token issued before it is over for good.
      (payload.sv ?? 0) !== user.session_version
    ) {
      if (required) throw unauthorized(messages.sessionInvalid);
      return;
    }
    request.viewer = { _id: user._id, role: user.role, login: user.login };
  }

  app.decorate('signSession', (user: { role: Role; _id: string; session_version: number }) =>
    app.jwt.sign({ role: user.role, _id: user._id, sv: user.session_version }),
  );
  app.decorate('authenticate', (request: FastifyRequest) => resolveViewer(request, true));
  app.decorate('identify', (request: FastifyRequest) => resolveViewer(request, false));
  app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
    await resolveViewer(request, true);
    if (!request.viewer || !roles.includes(request.viewer.role)) throw forbidden();
  });
});
