import { describe, expect, it } from 'vitest';
import { clickSignature, signatureMatches } from '../../server/domain/payments/click-sign';

// Digests computed apart from this code (Python's hashlib.md5 over the documented concatenation).
const PREPARE = {
  click_trans_id: '2340975673',
  service_id: '123456',
  merchant_trans_id: 'ab3c1f2e-1d9a-4b4e-9f53-7e0d2f6c6a31',
  merchant_prepare_id: '',
  amount: '25000.00',
  action: '0',
  sign_time: '2025-05-17 12:30:05',
};
const SECRET = 'secret-key';

describe('Click sign_string', () => {
  it('Prepare: md5(click_trans_id + service_id + SECRET_KEY + merchant_trans_id + amount + action + sign_time)', () => {
    expect(clickSignature(PREPARE, SECRET, 'prepare')).toBe('75bece5d8022eefc526b665092c39063');
  });

  it('Complete adds merchant_prepare_id after merchant_trans_id', () => {
    const complete = { ...PREPARE, merchant_prepare_id: '42', action: '1', sign_time: '2025-05-17 12:30:09' };
    expect(clickSignature(complete, SECRET, 'complete')).toBe('6851075615530367e6ea6032798e03c4');
    // Prepare never signs it, even if a form carried one.
    expect(clickSignature({ ...PREPARE, merchant_prepare_id: '42' }, SECRET, 'prepare')).toBe(
      '75bece5d8022eefc526b665092c39063',
    );
  });

  it('signs the amount as received: 25000 and 25000.00 are different signatures', () => {
    expect(clickSignature({ ...PREPARE, amount: '25000' }, SECRET, 'prepare')).toBe('d406a13369f2a758a0690e904f1ca4c2');
  });

  it('matches its own signature in either case of hex, and nothing else', () => {
    const sign = '75bece5d8022eefc526b665092c39063';
    expect(signatureMatches({ ...PREPARE, sign_string: sign }, SECRET, 'prepare')).toBe(true);
    expect(signatureMatches({ ...PREPARE, sign_string: sign.toUpperCase() }, SECRET, 'prepare')).toBe(true);
    expect(signatureMatches({ ...PREPARE, sign_string: sign }, 'other', 'prepare')).toBe(false);
    expect(signatureMatches({ ...PREPARE, sign_string: sign.slice(1) }, SECRET, 'prepare')).toBe(false);
    expect(signatureMatches({ ...PREPARE, sign_string: 'x' }, SECRET, 'prepare')).toBe(false);
    expect(signatureMatches({ ...PREPARE, amount: '25000', sign_string: sign }, SECRET, 'prepare')).toBe(false);
  });
});
