import { isClockTime } from '../shared/schedule.rules';

/**
 * The restaurant page's "Kunlik hisobot": whether the day's digest goes to the restaurant's Telegram channel, and at
 * what time of its day. The API stores one value, `digest_time` ("HH:MM", or null for no digest); the form keeps the
 * time while the switch is off, so switching it on again brings the time back.
 */

/** What the server stores for a restaurant that never chose (server/db/schema.ts). */
export const DEFAULT_DIGEST_TIME = '23:00';

export interface DigestForm {
  on: boolean;
  /** "HH:MM" as typed (a cleared time input gives ""). */
  time: string;
}

export interface DigestChange {
  digest_time: string | null;
}

/** The form of a restaurant as read; an older read without the field has the server's default. */
export function digestFormOf(restaurant: { digest_time?: unknown }): DigestForm {
  const stored = restaurant.digest_time === undefined ? DEFAULT_DIGEST_TIME : restaurant.digest_time;
  if (typeof stored !== 'string') return { on: false, time: DEFAULT_DIGEST_TIME };
  return { on: true, time: stored };
}

/** What is sent: the time, or null while the switch is off. */
export const toDigestChange = (form: DigestForm): DigestChange => ({
  digest_time: form.on ? form.time.trim() : null,
});

/** The time a digest that is on needs is "HH:MM" (the API refuses anything else). */
export const isValidDigestForm = (form: DigestForm) => !form.on || isClockTime(form.time.trim());

export const digestChanged = (form: DigestForm, stored: DigestForm) =>
  toDigestChange(form).digest_time !== toDigestChange(stored).digest_time;
