import fastifyJwt from '@fastify/jwt';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { users } from '../db/schema';
import { forbidden, unauthorized } from '../errors';

export type Role = 'admin' | 'manager';
/** What a token carries (spec section 3: role and _id). */
export interface TokenPayload {
  role: Role;
  _id: string;
}
export interface Viewer {
  _id: string;
  role: Role;
  login: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in caller, set by `authenticate` / `identify`; null for anonymous callers of public calls. */
    viewer: Viewer | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid token of an existing, active user is sent. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler: like authenticate, then 403 unless the caller has one of the roles. */
    requireRole: (...roles: Role[]) => (request: FastifyRequest) => Promise<void>;
    /** preHandler for public calls: sets viewer when a valid token is sent, stays anonymous otherwise. */
    identify: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * A token from before the password's last change no longer opens the account. `iat` has whole seconds, so the change
 * counts from its whole second: the token handed out with the change itself stays valid.
 */
function issuedBeforePasswordChange(issuedAt: number | undefined, changedAt: string | null): boolean {
  if (!changedAt) return false;
  return (issuedAt ?? 0) < Math.floor(Date.parse(changedAt) / 1000);
}

export const INVALID_TOKEN = 'Sessiya muddati tugagan yoki token yaroqsiz. Iltimos, qayta tizimga kiring.';

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
    let payload: TokenPayload & { iat?: number };
    try {
      payload = await request.jwtVerify<TokenPayload & { iat?: number }>();
    } catch {
      if (required) throw unauthorized(INVALID_TOKEN);
      return;
    }
    // The token is only a claim: the user must still exist, be active and have that role.
    const [user] = await app.db
      .select({
        _id: users._id,
        role: users.role,
        login: users.login,
        is_active: users.is_active,
        is_demo: users.is_demo,
        password_changed_at: users.password_changed_at,
      })
      .from(users)
      .where(eq(users._id, payload._id))
      .limit(1);
    if (
      !user?.is_active ||
      user.role !== payload.role ||
      (user.is_demo && !options.demo) ||
      issuedBeforePasswordChange(payload.iat, user.password_changed_at)
    ) {
      if (required) throw unauthorized(INVALID_TOKEN);
      return;
    }
    request.viewer = { _id: user._id, role: user.role, login: user.login };
  }

  app.decorate('authenticate', (request: FastifyRequest) => resolveViewer(request, true));
  app.decorate('identify', (request: FastifyRequest) => resolveViewer(request, false));
  app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
    await resolveViewer(request, true);
    if (!request.viewer || !roles.includes(request.viewer.role)) throw forbidden();
  });
});
