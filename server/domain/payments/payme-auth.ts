import { timingSafeEqual } from 'node:crypto';
import { paymeReady, type StoredSettings } from './settings';

/** Payme's login in `Authorization: Basic base64("Paycom:<key>")`. */
export const PAYME_LOGIN = 'Paycom';

/** Compared in constant time: the answer must not tell how much of a guessed key was right. */
function sameKey(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `Basic <base64(login:password)>` → its login and password, or undefined when the header is anything else. */
export function basicCredentials(header: string | undefined): { login: string; password: string } | undefined {
  const match = /^Basic +([A-Za-z0-9+/]+={0,2}) *$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * Whether Payme itself calls: login `Paycom` and the cashbox's KEY, or its TEST_KEY while (and only while) the
 * restaurant is in test mode. A restaurant whose Payme is not ready (no merchant id, no key for its mode) accepts
 * nobody. Being turned off does not refuse Payme: transactions opened before must still be performed or cancelled.
 */
export function paymeAuthorized(settings: StoredSettings, header: string | undefined): boolean {
  if (!paymeReady(settings)) return false;
  const credentials = basicCredentials(header);
  if (!credentials || credentials.login !== PAYME_LOGIN) return false;
  const key = settings.payme_test_mode ? settings.payme_test_key : settings.payme_key;
  return key !== null && sameKey(credentials.password, key);
}
