import { formatPhone, uzPhoneDigits } from '../../lib/format';
import type { TextLines } from '../schemas/keywords';
import type { PosMenu, PosOrganization } from './provider';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
const SINGLE_LINE_CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
const MULTI_LINE_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/**
 * Text from a POS is input like any request's, but refusing it would fail the whole sync over one stray byte (and
 * PostgreSQL cannot store a NUL at all): the control characters the API refuses are dropped instead.
 */
export function withoutControlCharacters(text: string, lines: TextLines = 'single-line'): string {
  return text.replace(lines === 'multi-line' ? MULTI_LINE_CONTROL : SINGLE_LINE_CONTROL, '');
}

/** The menu with every name and description cleaned as the API's own rules would accept them. */
export function cleanPosMenu(menu: PosMenu): PosMenu {
  const clean = (text: string) => withoutControlCharacters(text);
  return {
    categories: menu.categories.map((category) => ({ ...category, name: clean(category.name) })),
    products: menu.products.map((product) => ({
      ...product,
      name: clean(product.name),
      description: withoutControlCharacters(product.description, 'multi-line'),
      options: product.options.map((option) => ({
        ...option,
        name: clean(option.name),
        rows: option.rows.map((row) => ({ ...row, name: clean(row.name) })),
      })),
    })),
  };
}

const MAX_ADDRESS_LENGTH = 300;

/**
 * The address and phone a POS gives for an organization, as a new integration restaurant's columns: cleaned like the
 * API's own input, the phone kept only when it is an Uzbek number (written `+998 90 123 45 67`), else left empty
 * like anything the POS does not give: the restaurant can be saved with what it has, and the menu omits what is empty.
 */
export function posDetails(organization: PosOrganization): { address: string; phone_number: string } {
  const address = withoutControlCharacters(organization.address ?? '')
    .trim()
    .slice(0, MAX_ADDRESS_LENGTH);
  const phone = organization.phone ?? '';
  return { address, phone_number: uzPhoneDigits(phone) ? formatPhone(phone) : '' };
}
