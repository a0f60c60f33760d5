import { describe, expect, it } from 'vitest';
import { uzPayments } from '../../lib/uz-payments';
import { withFiscalCodesFrom } from '../../machines/products/fiscalCodes';
import {
  productFormConfig,
  toProductChanges,
  toProductInput,
  validateProduct,
} from '../../machines/products/productForm.rules';

/** The product form's Payme receipt codes: IKPU (MXIK) and package code, optional, checked as the server does. */

const config = productFormConfig('c1');
const filled = { ...config.empty, name: 'Osh', price: '25000' };

describe("the product form's fiscal codes", () => {
  it.each([
    ['', null],
    ['10202001001000000', null],
    // Digits grouped with spaces, as they are often copied from tasnif.soliq.uz.
    ['10202 00100 1000000', null],
    ['1020200100100000', uzPayments.ikpuInvalid],
    ['102020010010000001', uzPayments.ikpuInvalid],
    ['1020200100100000A', uzPayments.ikpuInvalid],
  ])('IKPU %j → %s', (typed, error) => {
    expect(validateProduct({ ...filled, ikpu: typed }).ikpu ?? null).toBe(error);
  });

  it.each([
    ['', null],
    ['1', null],
    ['12345678901234567890', null],
    ['123456789012345678901', uzPayments.packageCodeInvalid],
    ['12-34', uzPayments.packageCodeInvalid],
  ])('package code %j → %s', (typed, error) => {
    expect(validateProduct({ ...filled, package_code: typed }).package_code ?? null).toBe(error);
  });

  it('a new product sends the codes only when typed, without spaces', () => {
    expect(toProductInput(filled)).not.toHaveProperty('ikpu');
    expect(toProductInput(filled)).not.toHaveProperty('package_code');
    expect(toProductInput({ ...filled, ikpu: '10202 00100 1000000', package_code: ' 1505 ' })).toMatchObject({
      ikpu: '10202001001000000',
      package_code: '1505',
    });
  });

  it('editing shows the stored codes; a changed code is sent, an emptied one is removed (null)', () => {
    const values = config.fromItem({
      _id: 'p1',
      name: 'Osh',
      price: 25000,
      ikpu: '10202001001000000',
      package_code: '1505',
    });
    expect(values).toMatchObject({ ikpu: '10202001001000000', package_code: '1505' });
    expect(config.fromItem({ _id: 'p1', name: 'Osh', price: 25000, ikpu: null, package_code: null })).toMatchObject({
      ikpu: '',
      package_code: '',
    });
    expect(toProductChanges({ ikpu: '', package_code: '2001' }, 'manager')).toEqual({
      ikpu: null,
      package_code: '2001',
    });
    expect(toProductChanges({ name: 'Palov' }, 'manager')).toEqual({ name: 'Palov' });
  });

  it("the admin's list takes the codes from the manager's read of the category, matched by id", () => {
    const merged = withFiscalCodesFrom(
      [{ _id: 'p1' }, { _id: 'p2' }],
      [{ _id: 'p1', ikpu: '10202001001000000', package_code: null }],
    );
    expect(merged).toEqual([{ _id: 'p1', ikpu: '10202001001000000', package_code: null }, { _id: 'p2' }]);
  });
});
