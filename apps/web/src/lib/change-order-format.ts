import { MINUS } from './format';

/** What a change order does to the schedule: "+3 days", "+1 day", "−2 days", "No change". */
export function formatScheduleDays(days: number): string {
  if (days === 0) return 'No change';
  const count = Math.abs(days);
  return `${days > 0 ? '+' : MINUS}${count} day${count === 1 ? '' : 's'}`;
}
