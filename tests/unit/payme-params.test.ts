import { describe, expect, it } from 'vitest';
import { cancelParams, createParams, fiscalParams, idParams } from '../../server/domain/payments/payme-params';
import { PaymeError } from '../../server/domain/payments/payme-rpc';

/** Payme's params as its methods read them: what is malformed is -32600 (invalid request) before anything is looked up. */

const code = (read: () => unknown) => {
  try {
    read();
    return 'read';
  } catch (error) {
    return error instanceof PaymeError ? error.fault.code : error;
  }
};

const CREATE = { id: 'a'.repeat(24), time: 1_700_000_000_000, amount: 2_500_000, account: { order_id: 'x' } };

describe('Payme params', () => {
  it('reads a CreateTransaction’s id, time, amount and account as sent', () => {
    expect(createParams(CREATE)).toEqual(CREATE);
  });

  it('takes an amount that is a finite number only (JSON’s 1e400 is Infinity), never a string of digits', () => {
    for (const amount of ['2500000', Number.POSITIVE_INFINITY, Number.NaN, null, undefined]) {
      expect(
        code(() => createParams({ ...CREATE, amount })),
        String(amount),
      ).toBe(-32600);
    }
    expect(createParams({ ...CREATE, amount: 2_500_000.5 }).amount).toBe(2_500_000.5);
  });

  it('takes a transaction id of 1 to 64 characters, kept as sent', () => {
    expect(idParams({ id: 'x' }).id).toBe('x');
    expect(idParams({ id: 'x'.repeat(64) }).id).toBe('x'.repeat(64));
    for (const id of ['', 'x'.repeat(65), 42, null]) {
      expect(
        code(() => idParams({ id })),
        String(id),
      ).toBe(-32600);
    }
  });

  it('takes whole numbers for a time and a reason', () => {
    expect(code(() => createParams({ ...CREATE, time: 1.5 }))).toBe(-32600);
    expect(cancelParams({ id: 'x', reason: 3 })).toEqual({ id: 'x', reason: 3 });
    expect(code(() => cancelParams({ id: 'x', reason: '3' }))).toBe(-32600);
  });

  it('takes SetFiscalData’s type PERFORM or CANCEL, with its fiscal data an object', () => {
    for (const type of ['PERFORM', 'CANCEL'] as const) {
      expect(fiscalParams({ id: 'x', type, fiscal_data: { receipt_id: 1 } })).toEqual({
        id: 'x',
        type,
        fiscal_data: { receipt_id: 1 },
      });
    }
    expect(code(() => fiscalParams({ id: 'x', type: 'perform', fiscal_data: {} }))).toBe(-32600);
    expect(code(() => fiscalParams({ id: 'x', type: 'PERFORM', fiscal_data: [1] }))).toBe(-32600);
  });
});
