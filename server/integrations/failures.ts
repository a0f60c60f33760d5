import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../errors';
import { posFailureReasons } from '../messages';
import { IntegrationError } from './messages';
import { PosError } from './provider';

/** POS failures become the caller's Uzbek sentence: 504 when the POS ran out of time, 502 otherwise. */
export function posFailure(log: Pick<FastifyBaseLogger, 'warn'>, error: unknown, message: string): unknown {
  if (!(error instanceof PosError)) return error;
  log.warn({ err: error }, 'POS call failed');
  return new IntegrationError(error.kind === 'timeout' ? 504 : 502, message);
}

/** Why a sync failed, as its sync_runs row keeps it: what went wrong in Uzbek, then the technical detail. */
export function runFailureReason(error: unknown): string {
  if (error instanceof PosError) return `${posFailureReasons[error.kind]}: ${error.message}`;
  if (error instanceof HttpError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
