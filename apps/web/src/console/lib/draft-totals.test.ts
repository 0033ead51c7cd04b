import { describe, expect, it } from 'vitest';
import { draftTotals } from './draft-totals';

const line = (quantity: string, unit_price: string) => ({ description: 'x', quantity, unit_price });

describe("the draft's totals as the office types", () => {
  it('adds up in whole cents as the server does: 0.10 + 0.20 is 0.30, and each product and the tax round half away from zero', () => {
    expect(draftTotals([line('1', '0.10'), line('1', '0.20')], '0')).toEqual({ amounts: [10, 20], subtotal: 30, tax: 0, total: 30 });
    // 0.125 × 0.10 = 0.0125 → 0.01; 1.5 × 0.03 = 0.045 → 0.05; 8.25% of 0.36 = 0.0297 → 0.03.
    expect(draftTotals([line('1', '0.10'), line('1', '0.20'), line('0.125', '0.10'), line('1.5', '0.03')], '8.25')).toEqual({
      amounts: [10, 20, 1, 5],
      subtotal: 36,
      tax: 3,
      total: 39,
    });
    // A discount line rounds away from zero too: -0.005 → -0.01.
    expect(draftTotals([line('0.5', '-0.01')], '0').amounts).toEqual([-1]);
  });

  it('leaves out what cannot be added up yet, line by line, and reads an empty tax rate as 0', () => {
    const typing = draftTotals([line('2', '50'), line('1.5', '')], '8.25');
    expect(typing).toEqual({ amounts: [10000, null], subtotal: null, tax: null, total: null });
    expect(draftTotals([line('2', '50')], '')).toMatchObject({ subtotal: 10000, tax: 0, total: 10000 });
    expect(draftTotals([line('2', '50')], '101')).toMatchObject({ subtotal: 10000, tax: null, total: null });
    expect(draftTotals([line('1.0005', '1')], '0').amounts).toEqual([null]);
    expect(draftTotals([line('1', '1.005')], '0').amounts).toEqual([null]);
    expect(draftTotals([line('1', 'abc')], '0').amounts).toEqual([null]);
  });
});
