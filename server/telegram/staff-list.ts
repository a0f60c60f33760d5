import { badRequest } from '../errors';
import { messages } from '../messages';

/**
 * A restaurant's linked Telegram staff as a manager types them: a user id ("123456789", what @userinfobot tells) or a
 * username ("@ali_ofitsiant" or "ali_ofitsiant", 5–32 letters, digits or "_", starting with a letter). Stored as the
 * id's digits or "@" and the username in lower case (Telegram matches usernames without regard to case), each once.
 */

const USER_ID = /^\d{1,15}$/;
const USERNAME = /^@?([A-Za-z][A-Za-z0-9_]{4,31})$/;

// The API tests compare answers with this name.
export const STAFF_ENTRY_INVALID = messages.staffEntryInvalid;

/** The entries as stored, or a 400 naming the first that is neither an id nor a username. */
export function normalizeStaff(entries: readonly string[]): string[] {
  const staff: string[] = [];
  for (const raw of entries) {
    const entry = raw.trim();
    if (entry === '') continue;
    const username = USERNAME.exec(entry);
    const value = USER_ID.test(entry) ? String(Number(entry)) : username ? `@${username[1]!.toLowerCase()}` : undefined;
    if (value === undefined) throw badRequest(messages.staffEntryInvalid(entry.slice(0, 40)));
    if (!staff.includes(value)) staff.push(value);
  }
  return staff;
}
