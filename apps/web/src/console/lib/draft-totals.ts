import { lineAmountCents, moneyForApi, sumCents, taxCents } from '@portal/contract/money';

export interface DraftLine {
  description: string;
  quantity: string;
  unit_price: string;
}

export interface DraftTotals {
  /** Each line's amount in cents; null while its quantity or unit price is not a number the server takes. */
  amounts: (number | null)[];
  /** null until every line and the tax rate can be added up. */
  subtotal: number | null;
  tax: number | null;
  total: number | null;
}

const QUANTITY = /^\d{1,9}(\.\d{1,3})?$/;
const PRICE = /^-?\d{1,12}(\.\d{1,2})?$/;
const RATE = /^\d{1,3}(\.\d{1,4})?$/;

/**
 * The draft's money as the person types, computed exactly as the server will (the contract's integer-cent arithmetic,
 * each product and the tax rounded half away from zero): what the form shows is what the invoice (or the change order) will say.
 */
export function draftTotals(lines: readonly DraftLine[], taxRate: string): DraftTotals {
  const amounts = lines.map((line) => {
    const quantity = line.quantity.trim();
    // "$1,250" adds up as the 1250.00 the form will send.
    const price = moneyForApi(line.unit_price);
    if (!QUANTITY.test(quantity) || !PRICE.test(price)) return null;
    return lineAmountCents(quantity, price);
  });
  if (amounts.some((amount) => amount === null)) return { amounts, subtotal: null, tax: null, total: null };
  const subtotal = sumCents(amounts as number[]);
  const rate = taxRate.trim() === '' ? '0' : taxRate.trim();
  if (!RATE.test(rate) || Number(rate) > 100) return { amounts, subtotal, tax: null, total: null };
  const tax = taxCents(subtotal, rate);
  return { amounts, subtotal, tax, total: subtotal + tax };
}
