import { describe, expect, it } from 'vitest';
import { proposalTotals } from './proposal-totals';

const sections = [
  {
    items: [
      { id: 1, quantity: '1', unit_price: '4000.00', optional: false },
      { id: 2, quantity: '20', unit_price: '150.00', optional: false },
    ],
  },
  {
    items: [
      { id: 3, quantity: '1', unit_price: '850.00', optional: true },
      { id: 4, quantity: '2.5', unit_price: '0.33', optional: true },
      { id: 5, quantity: '1', unit_price: '-100.00', optional: false },
    ],
  },
];

describe('the total of a proposal, following the optional items ticked', () => {
  it('counts the required items only while nothing is ticked, a discount included', () => {
    expect(proposalTotals(sections, '8.25', new Set())).toEqual({ subtotal: 690_000, tax: 56_925, total: 746_925 });
  });

  it('adds a ticked optional item, taxed with the rest', () => {
    expect(proposalTotals(sections, '8.25', new Set([3]))).toEqual({ subtotal: 775_000, tax: 63_938, total: 838_938 });
  });

  it('rounds each item and the tax half away from zero to the cent, as the server does', () => {
    // 2.5 × $0.33 = $0.825 → $0.83; the tax on $6,900.83 at 8.25% is $569.318… → $569.32.
    expect(proposalTotals(sections, '8.25', new Set([4]))).toEqual({ subtotal: 690_083, tax: 56_932, total: 747_015 });
  });

  it('ignores ids that are not optional items of the proposal, and a required item cannot be left out', () => {
    expect(proposalTotals(sections, '0', new Set([1, 99]))).toEqual(proposalTotals(sections, '0', new Set()));
  });
});
