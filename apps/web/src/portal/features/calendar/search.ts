import { isDayKey, isMonthKey } from '../../../lib/calendar-keys';
import { integer, isMissing, oneOf } from '../../../lib/search';

/**
 * The calendar page keeps what it shows in the URL, so back, reload and a shared link show the same: the agenda (the
 * default) or the month view with its month and picked day, and the agenda's past visits with their page. A value the
 * page does not know falls back to the default instead of failing the route. Plain functions, as lib/search.ts: the
 * route's validator is in the first bundle (decision 024).
 */
export interface CalendarSearch {
  view?: 'month' | undefined;
  /** `YYYY-MM`; the current month in the company's zone when missing. */
  month?: string | undefined;
  /** `YYYY-MM-DD`, the month view's picked day. */
  day?: string | undefined;
  /** The agenda shows past visits, newest first, instead of the upcoming ones. */
  past?: true | undefined;
  page?: number | undefined;
}

/** The route's `validateSearch`: never throws; every key is in the result, undefined when missing or unknown. */
export function validateCalendarSearch(search: Record<string, unknown>): CalendarSearch {
  const value = (key: keyof CalendarSearch) => (isMissing(search[key]) ? undefined : search[key]);
  const past = value('past');
  return {
    view: oneOf(['month'] as const, value('view')),
    month: isMonthKey(value('month')) ? (value('month') as string) : undefined,
    day: isDayKey(value('day')) ? (value('day') as string) : undefined,
    past: past === true || past === 'true' || past === 1 || past === '1' ? true : undefined,
    page: integer(value('page'), 2),
  };
}
