import { formatPhone } from '../../../lib/format';
import { badRequest } from '../../errors';
import { messages } from '../../messages';
import { isBlank } from '../../schemas/keywords';

type Detail = 'address' | 'phone_number' | 'work_time';
const DETAILS: readonly Detail[] = ['address', 'phone_number', 'work_time'];

/**
 * The address, phone and work time an update sends, trimmed, the phone written the one Uzbek way. A manual restaurant
 * must keep all three (its form requires them: 400 for a blank one); an integration restaurant keeps what the POS gave,
 * which may be nothing (iiko has no work time, often no address), so blank is stored as '' and the menu leaves it out.
 */
export function detailChanges(
  body: Partial<Record<Detail, string>>,
  type: 'manual' | 'integration',
): Partial<Record<Detail, string>> {
  const out: Partial<Record<Detail, string>> = {};
  for (const field of DETAILS) {
    const value = body[field];
    if (value === undefined) continue;
    if (isBlank(value)) {
      if (type === 'manual') throw badRequest(messages.fieldBlank(field));
      out[field] = '';
    } else {
      out[field] = field === 'phone_number' ? formatPhone(value) : value.trim();
    }
  }
  return out;
}
