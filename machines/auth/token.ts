import { jwtDecode } from 'jwt-decode';
import type { Role } from '../../client/types';

/** What the panel reads from a token (spec section 3: role and _id). */
export interface Session {
  role: Role;
  _id: string;
}

/**
 * Decodes a token without verifying it (the server verifies every call). Answers null for a malformed token, a
 * role the panel does not know, or an expired one, so the caller can remove it.
 */
export function sessionFromToken(token: string | null | undefined, nowMs: number): Session | null {
  if (!token) return null;
  try {
    const payload = jwtDecode<{ role?: unknown; _id?: unknown; exp?: unknown }>(token);
    if (payload.role !== 'admin' && payload.role !== 'manager') return null;
    if (typeof payload._id !== 'string' || payload._id === '') return null;
    if (typeof payload.exp === 'number' && payload.exp * 1000 <= nowMs) return null;
    return { role: payload.role, _id: payload._id };
  } catch {
    return null;
  }
}
