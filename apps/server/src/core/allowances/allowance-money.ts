import { fromCents, toCents } from '@portal/contract';

/**
 * The money of an allowance (docs/company-api.md "Selections and allowances"), one rule for the portal, the console,
 * the company API and the change-order trail, in whole cents:
 *
 * - `chosen`: the prices of the current choices of its selections, as they were when chosen;
 * - `difference` = chosen − amount (positive: over the allowance; negative: under it, a credit);
 * - `carried`: the totals of its approved change orders (what the contract already holds of the difference);
 * - `outstanding` = difference − carried: what a change order still has to carry;
 * - `anything_chosen`: whether any of its selections has a current choice. With none, nothing is over or under it yet:
 *   the difference is only a figure, never a credit to carry.
 */
export interface AllowanceMoney {
  amount: string;
  chosen: string;
  difference: string;
  carried: string;
  outstanding: string;
  anything_chosen: boolean;
}

/** The figures a query reads for an allowance: its amount, and the two sums (null: none). */
export interface AllowanceMoneyFigures {
  amount: string;
  chosen: string | null;
  carried: string | null;
}

export function allowanceMoney(figures: AllowanceMoneyFigures): AllowanceMoney {
  const amount = toCents(figures.amount);
  const chosen = toCents(figures.chosen ?? '0');
  const carried = toCents(figures.carried ?? '0');
  const difference = chosen - amount;
  return {
    amount: fromCents(amount),
    chosen: fromCents(chosen),
    difference: fromCents(difference),
    carried: fromCents(carried),
    outstanding: fromCents(difference - carried),
    anything_chosen: figures.chosen !== null,
  };
}

/**
 * The sums over a project's allowances. The difference adds up only the allowances something is chosen against: one
 * nobody has chosen against yet is no credit, so it does not make the whole project read as under.
 */
export function allowanceTotals(list: readonly Pick<AllowanceMoney, 'amount' | 'chosen' | 'difference' | 'anything_chosen'>[]): {
  amount: string;
  chosen: string;
  difference: string;
} {
  const amount = list.reduce((sum, money) => sum + toCents(money.amount), 0);
  const chosen = list.reduce((sum, money) => sum + toCents(money.chosen), 0);
  const difference = list.reduce((sum, money) => sum + (money.anything_chosen ? toCents(money.difference) : 0), 0);
  return { amount: fromCents(amount), chosen: fromCents(chosen), difference: fromCents(difference) };
}

/** An option's price against the allowance of its selection: price − amount; null without an allowance. */
export function optionDifference(price: string, allowanceAmount: string | null): string | null {
  return allowanceAmount === null ? null : fromCents(toCents(price) - toCents(allowanceAmount));
}
