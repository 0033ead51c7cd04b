import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divideRounded, formatUsd, fromCents, lineAmountCents, taxCents, toCents } from './money';

describe('amounts in whole cents', () => {
  it('reads and writes decimal strings exactly', () => {
    expect(toCents('1234.50')).toBe(123450);
    expect(toCents('0.05')).toBe(5);
    expect(toCents('-12.3')).toBe(-1230);
    expect(toCents('7')).toBe(700);
    expect(toCents('999999999999.99')).toBe(99999999999999);
    expect(fromCents(123450)).toBe('1234.50');
    expect(fromCents(-5)).toBe('-0.05');
    expect(fromCents(0)).toBe('0.00');
    expect(() => toCents('1.005')).toThrow(/decimal places/);
    expect(() => toCents('abc')).toThrow();
  });

  it('round-trips every amount numeric(14,2) can hold', () => {
    fc.assert(fc.property(fc.integer({ min: -99999999999999, max: 99999999999999 }), (cents) => toCents(fromCents(cents)) === cents));
  });

  it('adds the classic float trap to the cent: 0.10 + 0.20 is 0.30', () => {
    expect(fromCents(toCents('0.10') + toCents('0.20'))).toBe('0.30');
  });
});

describe('rounding half away from zero', () => {
  it('rounds a half cent up, and a negative half cent down', () => {
    expect(divideRounded(5n, 10n)).toBe(1n);
    expect(divideRounded(4n, 10n)).toBe(0n);
    expect(divideRounded(-5n, 10n)).toBe(-1n);
    expect(divideRounded(-4n, 10n)).toBe(0n);
    expect(divideRounded(15n, 10n)).toBe(2n);
    expect(divideRounded(25n, 10n)).toBe(3n); // not banker's rounding
  });

  it('prices a line: quantity × unit price to the cent', () => {
    expect(lineAmountCents('2.5', '87.35')).toBe(21838); // 218.375 → 218.38
    expect(lineAmountCents('32.5', '87.35')).toBe(283888); // 2838.875 → 2838.88
    expect(lineAmountCents('14.25', '64.50')).toBe(91913); // 919.125 → 919.13
    expect(lineAmountCents('3', '412.67')).toBe(123801);
    expect(lineAmountCents('0.125', '0.04')).toBe(1); // 0.005 → 0.01
    expect(lineAmountCents('0.001', '4.99')).toBe(0); // 0.00499 → 0.00
    expect(lineAmountCents('1', '-20.00')).toBe(-2000); // a credit line
    expect(lineAmountCents('1.5', '-0.01')).toBe(-2); // -0.015 → -0.02
  });

  it('takes tax on the subtotal at a percent rate', () => {
    expect(taxCents(1166838, '8.25')).toBe(96264); // 11668.38 × 8.25 % = 962.64135
    expect(taxCents(1000, '8.25')).toBe(83); // 0.825 → 0.83
    expect(taxCents(200, '8.25')).toBe(17); // 0.165 → 0.17
    expect(taxCents(12345, '0')).toBe(0);
    expect(taxCents(99999999999999, '8.25')).toBe(8250000000000); // 8,249,999,999,999.9175 cents: no overflow at the column's limit
  });

  it('matches exact rational arithmetic for any quantity and price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: -9_999_999, max: 9_999_999 }), (milli, cents) => {
        const exact = milli * cents; // in thousandths of a cent, exact in a double below 2^53
        const expected = Math.sign(exact) * Math.floor((Math.abs(exact) + 500) / 1000);
        return lineAmountCents(`${Math.floor(milli / 1000)}.${String(milli % 1000).padStart(3, '0')}`, fromCents(cents)) === expected;
      }),
    );
  });
});

describe('US dollars in en-US format', () => {
  it('groups thousands and keeps the cents', () => {
    expect(formatUsd(123450)).toBe('$1,234.50');
    expect(formatUsd(5)).toBe('$0.05');
    expect(formatUsd(-50000)).toBe('-$500.00');
    expect(formatUsd(99999999999999)).toBe('$999,999,999,999.99');
  });

  it('agrees with Intl for amounts a float holds exactly', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    fc.assert(fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (cents) => formatUsd(cents) === usd.format(cents / 100)));
  });
});
