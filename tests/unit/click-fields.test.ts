import { describe, expect, it } from 'vitest';
import { clickAnswer, clickAnswerJson } from '../../server/domain/payments/click-answer';
import { amountMatches } from '../../server/domain/payments/click-checks';
import { echoOf, formFields, readClickFields } from '../../server/domain/payments/click-fields';

const FORM = {
  click_trans_id: '2340975673',
  service_id: '123456',
  click_paydoc_id: '1946296773',
  merchant_trans_id: 'ab3c1f2e-1d9a-4b4e-9f53-7e0d2f6c6a31',
  amount: '25000.00',
  action: '0',
  error: '0',
  error_note: 'Success',
  sign_time: '2025-05-17 12:30:05',
  sign_string: '75bece5d8022eefc526b665092c39063',
};

describe('formFields', () => {
  it('decodes a form as browsers do and keeps every value a string; a repeated field keeps all its values', () => {
    expect(formFields('sign_time=2025-05-17+12%3A30%3A05&amount=25000.00&error_note=')).toEqual({
      sign_time: '2025-05-17 12:30:05',
      amount: '25000.00',
      error_note: '',
    });
    expect(formFields('amount=1&amount=2')).toEqual({ amount: ['1', '2'] });
    const proto = formFields('__proto__=x');
    expect(Object.keys(proto)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
  });
});

describe('readClickFields', () => {
  it('reads every field Click sends, as received', () => {
    expect(readClickFields(FORM, 'prepare')).toEqual({ ...FORM, merchant_prepare_id: '' });
    expect(readClickFields({ ...FORM, action: '1', merchant_prepare_id: '17' }, 'complete')).toMatchObject({
      merchant_prepare_id: '17',
    });
  });

  it('accepts the amount as Click writes a float, and an empty error_note', () => {
    for (const amount of ['25000', '25000.00', '25000.5', '0.01']) {
      expect(readClickFields({ ...FORM, amount }, 'prepare')?.amount).toBe(amount);
    }
    expect(readClickFields({ ...FORM, error_note: '' }, 'prepare')).toBeDefined();
    expect(readClickFields({ ...FORM, error: '-5017' }, 'prepare')?.error).toBe('-5017');
  });

  it.each([
    ['click_trans_id', '007'],
    ['click_trans_id', '-1'],
    ['click_trans_id', '9223372036854775808'],
    ['click_paydoc_id', ''],
    ['service_id', 'abc'],
    ['amount', '1e5'],
    ['amount', '25,000'],
    ['error', '-0'],
    ['error', '1'],
    ['sign_time', '17.05.2025 12:30:05'],
    ['merchant_trans_id', ''],
    ['sign_string', ''],
  ])('refuses %s = %j', (name, value) => {
    expect(readClickFields({ ...FORM, [name]: value }, 'prepare')).toBeUndefined();
  });

  it('refuses a missing or repeated field, and a Complete without merchant_prepare_id', () => {
    const { sign_time: _left, ...missing } = FORM;
    expect(readClickFields(missing, 'prepare')).toBeUndefined();
    expect(readClickFields({ ...FORM, amount: ['1', '2'] }, 'prepare')).toBeUndefined();
    expect(readClickFields({ ...FORM, action: '1' }, 'complete')).toBeUndefined();
    expect(readClickFields({ ...FORM, action: '1', merchant_prepare_id: 'x' }, 'complete')).toBeUndefined();
  });

  it('echoes only a well-formed click_trans_id', () => {
    expect(echoOf(FORM)).toEqual({ click_trans_id: '2340975673', merchant_trans_id: FORM.merchant_trans_id });
    expect(echoOf({ click_trans_id: '12a', merchant_trans_id: ['a', 'b'] })).toEqual({
      click_trans_id: null,
      merchant_trans_id: null,
    });
  });
});

describe('answers', () => {
  it('are in Click’s field order, our id only on success, click_trans_id a JSON number digit for digit', () => {
    const echo = { click_trans_id: '9223372036854775807', merchant_trans_id: 'm-1' };
    expect(clickAnswerJson(clickAnswer('prepare', echo, 'success', 12))).toBe(
      '{"click_trans_id":9223372036854775807,"merchant_trans_id":"m-1","merchant_prepare_id":12,"error":0,"error_note":"Success"}',
    );
    expect(clickAnswerJson(clickAnswer('complete', echo, 'alreadyPaid', 12))).toBe(
      '{"click_trans_id":9223372036854775807,"merchant_trans_id":"m-1","merchant_confirm_id":null,"error":-4,"error_note":"Already paid"}',
    );
    expect(
      JSON.parse(
        clickAnswerJson(clickAnswer('prepare', { click_trans_id: null, merchant_trans_id: null }, 'errorInRequest')),
      ),
    ).toEqual({
      click_trans_id: null,
      merchant_trans_id: null,
      merchant_prepare_id: null,
      error: -8,
      error_note: 'Error in request from click',
    });
  });
});

describe('amountMatches', () => {
  it('compares so’m numerically within 0.01', () => {
    expect(amountMatches('25000', 25000)).toBe(true);
    expect(amountMatches('25000.00', 25000)).toBe(true);
    expect(amountMatches('25000.01', 25000)).toBe(true);
    expect(amountMatches('24999.99', 25000)).toBe(true);
    expect(amountMatches('25000.02', 25000)).toBe(false);
    expect(amountMatches('300', 25000)).toBe(false);
    expect(amountMatches('1234.57', 1234.56)).toBe(true);
    expect(amountMatches('1234.58', 1234.56)).toBe(false);
  });
});
