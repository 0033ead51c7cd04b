import { formatMoney } from './format';

/** The minus sign typography uses (U+2212), which reads as one with the digits where a hyphen may break the line. */
const MINUS = '\u2212';

/**
 * A change order's amount as the customer reads it: a negative amount is a credit to them, so it says so
 * ("−$120.00 credit") rather than leaving a lone minus sign to carry the meaning.
 */
export function formatChangeOrderAmount(amount: string): string {
  const cents = Number(amount);
  if (!Number.isFinite(cents) || cents >= 0) return formatMoney(amount);
  return `${MINUS}${formatMoney(amount.trim().replace(/^-/, ''))} credit`;
}

/** What a change order does to the schedule: "+3 days", "+1 day", "−2 days", "No change". */
export function formatScheduleDays(days: number): string {
  if (days === 0) return 'No change';
  const count = Math.abs(days);
  return `${days > 0 ? '+' : MINUS}${count} day${count === 1 ? '' : 's'}`;
}
