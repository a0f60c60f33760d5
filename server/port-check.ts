import { createServer } from 'node:net';

/** The server could not listen where it was told to; the message says why and what to change. */
export class PortUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PortUnavailableError';
  }
}

/**
 * Listens on host:port for a moment and lets go. The server does this before it opens (and migrates) the
 * database, so a start that could never serve — the port taken, a wrong HOST — stops with the data folder untouched.
 * (Something could still take the port in the moment between; the server then closes the database cleanly.)
 */
export async function ensureCanListen(host: string, port: number): Promise<void> {
  if (port === 0) return; // any free port: always possible
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => reject(new PortUnavailableError(explain(error, host, port))));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

function explain(error: NodeJS.ErrnoException, host: string, port: number): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return `Port ${port} on ${host} is already in use (another Menyu server or another program): stop it, or set PORT to a free port.`;
    case 'EACCES':
      return `Port ${port} on ${host} needs privileges this process does not have: set PORT above 1023 (and put a reverse proxy in front).`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `HOST ${host} is not an address of this machine: use 127.0.0.1, or 0.0.0.0 for every interface.`;
    default:
      return `Port ${port} on ${host}: cannot listen there (${error.message}).`;
  }
}
