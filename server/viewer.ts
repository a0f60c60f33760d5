import type { FastifyRequest } from 'fastify';
import { unauthorized } from './errors';

/**
 * Who is calling: what the auth plugin puts on a request after checking the token against the database. It lives
 * here, below plugins/, because ownership rules (access.ts), repositories and routes all speak of the viewer, and none
 * of them should import a plugin to do so.
 */

export type Role = 'admin' | 'manager';

export interface Viewer {
  _id: string;
  role: Role;
  login: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in caller, set by `authenticate` / `identify`; null for anonymous callers of public calls. */
    viewer: Viewer | null;
  }
}

/**
 * The caller of a route guarded by `app.authenticate` or `app.requireRole(...)`. Those hooks have already answered
 * 401 / 403 for anyone else, so here the type `Viewer | null` becomes `Viewer`; a route that forgot its hook answers
 * 401 rather than running without a caller.
 */
export function authenticated(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthorized();
  return request.viewer;
}

/** A manager owns the restaurants whose manager_id is theirs (and what hangs below them); an admin owns every one. */
export function ownsRestaurant(viewer: Viewer | null, restaurant: { manager_id: string | null }): boolean {
  if (!viewer) return false;
  return viewer.role === 'admin' || restaurant.manager_id === viewer._id;
}

/** Public reads: anonymous callers (and other managers) see active restaurants only. */
export function canSeeRestaurant(viewer: Viewer | null, restaurant: { manager_id: string | null; is_active: boolean }) {
  return restaurant.is_active || ownsRestaurant(viewer, restaurant);
}
