import type { FastifyInstance } from 'fastify';

/**
 * Where this app answers on its own machine, as a provider's server would reach it: the first address it listens on,
 * a wildcard address (0.0.0.0, ::) replaced by loopback. Undefined while it does not listen (an `inject`-only app):
 * the simulators then cannot call it and say so.
 */
export function ownOrigin(app: FastifyInstance): string | undefined {
  // A Unix socket's path is no origin a provider could call.
  const first = app.addresses().find((address) => typeof address !== 'string');
  if (!first || typeof first === 'string') return undefined;
  const host = first.address === '0.0.0.0' ? '127.0.0.1' : first.address === '::' ? '::1' : first.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${first.port}`;
}
