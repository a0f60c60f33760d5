import type { FastifyBaseLogger } from 'fastify';
import { conflict } from '../../errors';
import { IntegrationError } from '../../integrations/messages';
import type { PosProvider } from '../../integrations/provider';
import { messages } from '../../messages';

/** The POS an app's integration use cases talk to, and what they share within the process. */
export interface PosSource {
  /** null: no source configured; every call answers 503. */
  readonly provider: PosProvider | null;
  /** How long an import or a sync may take in all, asking the POS included. */
  readonly syncTimeoutMs: number;
  /** Keys of the imports and syncs under way in this process. */
  readonly busy: Set<string>;
  /** Where POS failures are logged. */
  readonly log: Pick<FastifyBaseLogger, 'warn'>;
}

export function requireProvider(source: PosSource): PosProvider {
  if (!source.provider) throw new IntegrationError(503, messages.sourceNotConfigured);
  return source.provider;
}

/** Runs `task` unless one of the same key runs in this process already, which answers 409 `message` at once. */
export async function exclusively<T>(
  source: PosSource,
  key: string,
  message: string,
  task: () => Promise<T>,
): Promise<T> {
  if (source.busy.has(key)) throw conflict(message);
  source.busy.add(key);
  try {
    return await task();
  } finally {
    source.busy.delete(key);
  }
}
