/** Click's two calls: Prepare (`action` 0) and Complete (`action` 1). */
export type ClickAction = 'prepare' | 'complete';
export const CLICK_ACTIONS: readonly ClickAction[] = ['prepare', 'complete'];
export const ACTION_CODES: Record<ClickAction, string> = { prepare: '0', complete: '1' };

/** A form as received: each field's value, or every value of a field sent more than once. */
export type FormFields = Record<string, string | string[]>;

/**
 * An `application/x-www-form-urlencoded` body, decoded as a browser form is (`+` is a space) and nothing more: every
 * value stays the string Click sent, since its signature is made over exactly those strings.
 */
export function formFields(body: string): FormFields {
  const values = new Map<string, string[]>();
  for (const [name, value] of new URLSearchParams(body)) values.set(name, [...(values.get(name) ?? []), value]);
  // fromEntries defines own properties: a field named `__proto__` stays a field.
  return Object.fromEntries([...values].map(([name, all]) => [name, all.length === 1 ? all[0]! : all]));
}

/** Every field of a call, each the string received (merchant_prepare_id on Complete only). */
export interface ClickFields {
  click_trans_id: string;
  service_id: string;
  click_paydoc_id: string;
  merchant_trans_id: string;
  merchant_prepare_id: string;
  amount: string;
  action: string;
  error: string;
  error_note: string;
  sign_time: string;
  sign_string: string;
}

const INT64_MAX = 9223372036854775807n;
/** Click's bigint ids: decimal, no sign, no leading zero, within 64 bits. */
const isId = (value: string) => /^(0|[1-9]\d{0,18})$/.test(value) && BigInt(value) <= INT64_MAX;

/**
 * What each field must look like for the call to be read at all (else -8, "Error in request from click"). What a
 * well-formed value means is judged later: a wrong signature is -1, an unknown action -3, an unknown payment -5.
 */
const RULES: Record<keyof ClickFields, (value: string) => boolean> = {
  click_trans_id: isId,
  service_id: (value) => /^\d{1,19}$/.test(value),
  click_paydoc_id: isId,
  merchant_trans_id: (value) => value !== '',
  merchant_prepare_id: (value) => /^\d{1,19}$/.test(value),
  // So'm, as Click writes a float: `25000`, `25000.00`, `25000.5`.
  amount: (value) => /^\d{1,15}(\.\d{1,10})?$/.test(value),
  action: (value) => value !== '',
  // 0 when Click's side succeeded, negative when it failed.
  error: (value) => /^(0|-[1-9]\d{0,9})$/.test(value),
  // Click's description of its `error`: may be empty, but is sent.
  error_note: () => true,
  sign_time: (value) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value),
  sign_string: (value) => value !== '',
};

/** What a call named that an answer repeats: Click's transaction id (decimal digits) and our payment id, as received. */
export interface ClickEcho {
  click_trans_id: string | null;
  merchant_trans_id: string | null;
}

const single = (form: FormFields, name: string): string | undefined => {
  const value = form[name];
  return typeof value === 'string' ? value : undefined;
};

/** What an answer can repeat of a call, even one refused as malformed: only a well-formed id. */
export function echoOf(form: FormFields): ClickEcho {
  const clickTransId = single(form, 'click_trans_id');
  return {
    click_trans_id: clickTransId !== undefined && isId(clickTransId) ? clickTransId : null,
    merchant_trans_id: single(form, 'merchant_trans_id') ?? null,
  };
}

/**
 * The call's fields when every one the call needs was sent once and is well formed (Click's reference refuses a call
 * missing any of them); undefined otherwise. Fields Click may add later are ignored.
 */
export function readClickFields(form: FormFields, action: ClickAction): ClickFields | undefined {
  const fields: Partial<ClickFields> = {};
  for (const name of Object.keys(RULES) as (keyof ClickFields)[]) {
    if (name === 'merchant_prepare_id' && action === 'prepare') {
      fields[name] = '';
      continue;
    }
    const value = single(form, name);
    if (value === undefined || !RULES[name](value)) return undefined;
    fields[name] = value;
  }
  return fields as ClickFields;
}
