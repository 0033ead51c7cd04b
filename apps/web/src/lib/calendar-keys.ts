/**
 * Day and month keys (`YYYY-MM-DD`, `YYYY-MM`: lib/calendar-dates.ts), the part the calendar route's URL rules need. A
 * module of its own: the rules are in the first bundle, the calendar's date formatting is not.
 */

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_KEY = /^(\d{4})-(\d{2})$/;

export const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A day key of year, month (1–12) and day; out-of-range values roll over as `Date.UTC` does. */
export function dayKeyOf(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export function parseDayKey(key: string): { year: number; month: number; day: number } | null {
  const match = DAY_KEY.exec(key);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return dayKeyOf(year, month, day) === key ? { year, month, day } : null;
}

export function isDayKey(value: unknown): value is string {
  return typeof value === 'string' && parseDayKey(value) !== null;
}

export function isMonthKey(value: unknown): value is string {
  const match = typeof value === 'string' ? MONTH_KEY.exec(value) : null;
  return Boolean(match && Number(match[2]) >= 1 && Number(match[2]) <= 12);
}
