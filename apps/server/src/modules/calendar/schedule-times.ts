import type { IntegrationScheduleItemUpdate } from '@portal/contract';
import { allDayBounds } from '../../core/calendar';
import type { ScheduleItemRow } from '../../db/rows';
import { HttpError, invalid } from '../../lib/http-errors';
import { startOfDayInZone } from '../../lib/time-zones';

/** The calendar's years: anything outside is a typo, and a four-digit year keeps every iCalendar date well formed. */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2199;

type Times = Pick<ScheduleItemRow, 'all_day' | 'starts_at' | 'ends_at' | 'start_date' | 'end_date'>;

const yearOf = (value: Date | string) => (typeof value === 'string' ? Number(value.slice(0, 4)) : value.getUTCFullYear());
const inRange = (value: Date | string) => yearOf(value) >= FIRST_YEAR && yearOf(value) <= LAST_YEAR;
const rangeMessage = `Give a date between ${FIRST_YEAR} and ${LAST_YEAR}.`;

/**
 * The times an item has after a create (`existing` null) or an update: timed items keep to `starts_at`/`ends_at`,
 * all-day ones to `start_date`/`end_date` (end defaults to the start: one day). Each refusal a 422 naming the field.
 */
export function resolveTimes(input: IntegrationScheduleItemUpdate, existing: Times | null, zone: string): Times {
  const allDay = input.all_day ?? existing?.all_day ?? false;
  const errors: Record<string, string[]> = {};
  if (allDay) {
    for (const field of ['starts_at', 'ends_at'] as const) {
      if (input[field] !== undefined) errors[field] = ['An all-day item has dates: send start_date and end_date instead.'];
    }
    const keep = existing?.all_day ? existing : null;
    const startDate = input.start_date ?? keep?.start_date ?? null;
    const endDate = input.end_date ?? (input.start_date !== undefined ? input.start_date : (keep?.end_date ?? startDate));
    if (!startDate) errors.start_date = ['The start_date field is required for an all-day item.'];
    else if (!inRange(startDate)) errors.start_date = [rangeMessage];
    if (endDate && !inRange(endDate)) errors.end_date = [rangeMessage];
    else if (startDate && endDate && endDate < startDate) errors.end_date = ['The end date may not be before the start date.'];
    if (Object.keys(errors).length > 0 || !startDate || !endDate) throw invalid(errors);
    return { all_day: true, start_date: startDate, end_date: endDate, ...allDayBounds(startDate, endDate, zone) };
  }
  for (const field of ['start_date', 'end_date'] as const) {
    if (input[field] !== undefined) errors[field] = ['A timed item has moments: send starts_at and ends_at, or all_day: true.'];
  }
  const keep = existing && !existing.all_day ? existing : null;
  const startsAt = input.starts_at !== undefined ? new Date(input.starts_at) : (keep?.starts_at ?? null);
  const endsAt = input.ends_at !== undefined ? new Date(input.ends_at) : (keep?.ends_at ?? null);
  if (!startsAt) errors.starts_at = ['The starts_at field is required.'];
  else if (!inRange(startsAt)) errors.starts_at = [rangeMessage];
  if (!endsAt) errors.ends_at = ['The ends_at field is required.'];
  else if (!inRange(endsAt)) errors.ends_at = [rangeMessage];
  else if (startsAt && endsAt <= startsAt) errors.ends_at = ['The end must be after the start.'];
  if (Object.keys(errors).length > 0 || !startsAt || !endsAt) throw invalid(errors);
  return { all_day: false, starts_at: startsAt, ends_at: endsAt, start_date: null, end_date: null };
}

export function sameTimes(a: Times, b: Times): boolean {
  return (
    a.all_day === b.all_day &&
    a.starts_at.getTime() === b.starts_at.getTime() &&
    a.ends_at.getTime() === b.ends_at.getTime() &&
    a.start_date === b.start_date &&
    a.end_date === b.end_date
  );
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * `filter[from]` / `filter[to]`: a date in the company's zone (from: its start; to: inclusive, so the start of the day
 * after) or a moment with its offset. Anything else is a 400 naming the filter.
 */
export function rangeBound(name: 'from' | 'to', value: string | undefined, zone: string): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const refuse = () =>
    invalid({ [`filter[${name}]`]: [`The filter[${name}] must be a date (YYYY-MM-DD) or a moment with its offset (2026-11-03T08:00:00-06:00).`] }, 400);
  if (DATE.test(value)) {
    const parsed = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value || !inRange(value)) throw refuse();
    if (name === 'from') return startOfDayInZone(value, zone);
    return startOfDayInZone(new Date(parsed.getTime() + 86_400_000).toISOString().slice(0, 10), zone);
  }
  if (MOMENT.test(value)) {
    const parsed = new Date(value);
    if (Number.isNaN(parsed.getTime())) throw refuse();
    return parsed;
  }
  throw refuse();
}

export const cancelledConflict = () => new HttpError(409, 'This item is cancelled and can no longer be changed: schedule a new one instead.');
