/**
 * Money in whole cents, the one computation of an invoice's amounts for the server and the staff console alike
 * (docs/decisions/017-invoices-derived-status-and-cents.md, docs/decisions/056-console-invoices.md). Amounts arrive as
 * numeric(14,2) decimal strings and leave the same way; in between every sum, product and tax is done on integers, so
 * nothing is ever off by a cent through floating point. numeric(14,2) holds at most 10^14 cents, well inside
 * Number.MAX_SAFE_INTEGER (about 9 × 10^15), so sums fit in a number; products go through BigInt.
 */

const DECIMAL = /^(-)?(\d+)(?:\.(\d*))?$/;

/** Parses a decimal string into an integer of `scale` decimal places; refuses more places than that. */
function parseScaled(value: string, scale: number): bigint {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new Error(`Not a decimal amount: ${JSON.stringify(value)}`);
  const [, sign, whole, fraction = ''] = match;
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > scale) throw new Error(`More than ${scale} decimal places: ${value}`);
  const scaled = BigInt(whole!) * 10n ** BigInt(scale) + BigInt((fraction + '0'.repeat(scale)).slice(0, scale) || '0');
  return sign ? -scaled : scaled;
}

/** "1234.50" → 123450. */
export function toCents(value: string): number {
  return Number(parseScaled(value, 2));
}

/** 123450 → "1234.50"; -5 → "-0.05". */
export function fromCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** numerator / denominator rounded half away from zero (what a bookkeeper means by "round to the cent"). */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new Error('The denominator must be positive.');
  const negative = numerator < 0n;
  const absolute = negative ? -numerator : numerator;
  const quotient = (absolute * 2n + denominator) / (denominator * 2n);
  return negative ? -quotient : quotient;
}

/** A line's amount: quantity (up to 3 decimals) × unit price, to the cent. */
export function lineAmountCents(quantity: string, unitPrice: string): number {
  return Number(divideRounded(parseScaled(quantity, 3) * parseScaled(unitPrice, 2), 1000n));
}

/** Tax on a subtotal at a rate in percent with up to 4 decimals ("8.25"), to the cent. */
export function taxCents(subtotalCents: number, ratePercent: string): number {
  return Number(divideRounded(BigInt(subtotalCents) * parseScaled(ratePercent, 4), 1_000_000n));
}

export const sumCents = (values: Iterable<number>): number => {
  let total = 0;
  for (const value of values) total += value;
  return total;
};

/** What a person types for an amount: "185", "$185", "1,250.00", "-$25" (a credit), with a US dollar sign at most. */
const TYPED_MONEY = /^(-)?\s*\$?\s*(-)?\s*(\d[\d,]*)?(?:\.(\d*))?$/;
/** Commas that separate thousands, and nothing else: "1,250" and "12,500,000", never "1,25" or "1,2500". */
const THOUSANDS = /^\d{1,3}(?:,\d{3})+$/;
const WHOLE_DIGITS = 12;

/**
 * An amount as people type it, in the API's form: "$185" → "185.00", "1,250.00" → "1250.00", "-$25" → "-25.00". A
 * dollar sign and thousands separators go where they can only mean that; anything ambiguous ("1,25", "12.345") or
 * in another currency is refused with a sentence that says how to write it. The same reading for the `company`
 * command and the staff console's money fields (docs/decisions/113-the-company-command-as-a-contractor-types.md).
 */
export function parseMoneyInput(typed: string): { ok: true; value: string } | { ok: false; problem: string } {
  const text = typed.trim();
  if (text === '') return { ok: false, problem: 'Give an amount, e.g. 185 or 1,250.00.' };
  const dollars = text.replace(/^US\$/, '$').replace(/\s*USD$/i, '');
  if (/[€£¥₹]|\b(?:EUR|GBP|CAD|MXN|AUD)\b/i.test(dollars)) {
    return { ok: false, problem: `"${text}" is not in US dollars, the only currency the portal takes.` };
  }
  const match = TYPED_MONEY.exec(dollars);
  const [, before, after, whole = '', fraction] = match ?? [];
  if (!match || (before && after) || (whole === '' && !fraction)) {
    return { ok: false, problem: `"${text}" is not an amount: write it like 185, $185 or 1,250.00.` };
  }
  if (whole.includes(',') && !THOUSANDS.test(whole)) {
    return { ok: false, problem: `"${text}" is not an amount: a comma may only separate thousands (1,250.00), and cents follow a point (1.25).` };
  }
  if (fraction !== undefined && fraction.length > 2) {
    return { ok: false, problem: `"${text}" has more than two digits after the point: cents are two digits, e.g. 12.35.` };
  }
  const digits = whole.replace(/,/g, '').replace(/^0+(?=\d)/, '') || '0';
  if (digits.length > WHOLE_DIGITS) return { ok: false, problem: `"${text}" is too large: at most ${WHOLE_DIGITS} digits before the point.` };
  const cents = (fraction ?? '').padEnd(2, '0');
  return { ok: true, value: `${before || after ? '-' : ''}${digits}.${cents}` };
}

/**
 * A money field's text for the API: in the API's form when `parseMoneyInput` reads it, else as typed (trimmed), so the
 * server refuses it and names the field. What a form sends from a money field the person typed in.
 */
export function moneyForApi(typed: string): string {
  const parsed = parseMoneyInput(typed);
  return parsed.ok ? parsed.value : typed.trim();
}

const GROUPS = /\B(?=(\d{3})+(?!\d))/g;

/** docs/requirements.md 4.4: US dollars in en-US format, from cents and exact: 123450 → "$1,234.50", -500 → "-$5.00". */
export function formatUsd(cents: number): string {
  const [whole, fraction] = fromCents(Math.abs(cents)).split('.') as [string, string];
  return `${cents < 0 ? '-' : ''}$${whole.replace(GROUPS, ',')}.${fraction}`;
}

/**
 * An invoice's money from its lines and tax rate, in whole cents: each line's amount, the subtotal, the tax at the rate
 * and the total. Every write of an invoice's totals goes through it, and the console's form shows the same figures.
 */
export function invoiceTotals(lines: readonly { quantity: string; unitPrice: string }[], taxRate: string) {
  const amounts = lines.map((line) => lineAmountCents(line.quantity, line.unitPrice));
  const subtotal = sumCents(amounts);
  const tax = taxCents(subtotal, taxRate);
  return { amounts, subtotal, tax, total: subtotal + tax };
}
