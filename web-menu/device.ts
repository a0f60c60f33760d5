import { readJson, writeJson } from './storage';

const KEY = 'menyu_device';

/** 22 characters of [A-Za-z0-9_-] from 16 random bytes (the server takes 8-64 of those). */
function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * This browser's device id, kept in localStorage and sent as X-Device-Id with every order and call: the server counts
 * its limits per device before per address (a hall on one Wi-Fi shares an address, not a phone), and an
 * Idempotency-Key is only ever matched within the same table and device. Storage blocked: an id for this page only.
 */
export function deviceId(): string {
  const kept = readJson<string>('localStorage', KEY);
  if (typeof kept === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(kept)) return kept;
  const made = randomId();
  writeJson('localStorage', KEY, made);
  return made;
}
