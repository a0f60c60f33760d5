import { describe, expect, it } from 'vitest';
import { percentOf, readTipAmount, serviceCharge, sumSom, TIP_PERCENTS, tipOf } from '../../lib/bill';

/**
 * The sums the diner reads before paying (lib/bill.ts) are the server's: the service charge as PostgreSQL's
 * `round(total * percent / 100)` makes it (whole so'm, half up), a tip of whole so'm on the bill being paid.
 */

describe('the service charge', () => {
  it('is whole so’m, half up, as the order will carry it', () => {
    expect(serviceCharge(75000, 10)).toBe(7500);
    expect(serviceCharge(25000, 15)).toBe(3750);
    expect(serviceCharge(12345, 10)).toBe(1235); // 1 234.5 → up
    expect(serviceCharge(12344, 10)).toBe(1234); // 1 234.4 → down
    expect(serviceCharge(12345, 15)).toBe(1852); // 1 851.75
    expect(serviceCharge(333, 30)).toBe(100); // 99.9
    // Tiyin in a total (option rows may carry them) are counted exactly, with no floating-point drift.
    expect(serviceCharge(1000.05, 10)).toBe(100); // 100.005
    expect(serviceCharge(1004.99, 10)).toBe(100); // 100.499
    expect(serviceCharge(1005, 10)).toBe(101); // 100.5
  });

  it('is nothing without a percent or without dishes', () => {
    expect(serviceCharge(50000, 0)).toBe(0);
    expect(serviceCharge(0, 10)).toBe(0);
  });
});

describe('the tip', () => {
  it('offers 0, 5, 10 and 15 %, each whole so’m of the bill being paid', () => {
    expect(TIP_PERCENTS).toEqual([0, 5, 10, 15]);
    expect(TIP_PERCENTS.map((p) => tipOf(82500, p))).toEqual([0, 4125, 8250, 12375]);
    expect(tipOf(17600, 5)).toBe(880);
    expect(tipOf(27510, 5)).toBe(1376); // 1 375.5 → up
    expect(tipOf(27509, 15)).toBe(4126); // 4 126.35
  });

  it('reads an amount typed in whole so’m, spaces between groups allowed', () => {
    expect(readTipAmount('')).toBe(0);
    expect(readTipAmount('  ')).toBe(0);
    expect(readTipAmount('5000')).toBe(5000);
    expect(readTipAmount('10 000')).toBe(10000);
    expect(readTipAmount('10\u00a0000')).toBe(10000);
    for (const wrong of ['-5', '5.5', '5,5', '1e4', 'besh', '+100', '1234567890123'])
      expect(readTipAmount(wrong), wrong).toBeUndefined();
  });
});

describe('sums of so’m', () => {
  it('are exact to the tiyin', () => {
    expect(sumSom([0.1, 0.2])).toBe(0.3);
    expect(sumSom([75000, 7500, -7500])).toBe(75000);
    expect(percentOf(0.5, 100)).toBe(1);
  });
});
