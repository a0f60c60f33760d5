import { serverMessage } from '../shared/errors';

/**
 * What failed, followed by the server's reason when it gave one ("Bu bo'limga 1 ta planshet ulangan: …"): the
 * reason alone would not say which action failed.
 */
export function failureText(text: string, error: unknown): string {
  const reason = serverMessage(error);
  if (!reason) return text;
  return /[.!?]$/.test(text) ? `${text} ${reason}` : `${text}: ${reason}`;
}

/** A toast carrying the server's reason stays long enough to be read (a station's 409 is two sentences). */
export const REASON_TOAST_MS = 6000;
