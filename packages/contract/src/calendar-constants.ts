/**
 * The calendar's plain values (docs/company-api.md "Calendar"), free of zod so the web app can use them
 * (`@portal/contract/calendar-constants`).
 */

/** A company that never chose a zone keeps this one (docs/decisions/065-calendar-time-zones-and-icalendar.md). */
export const DEFAULT_TIME_ZONE = 'America/New_York';

let knownZones: Set<string> | undefined;
/** The IANA zones this runtime knows, plus `UTC` (some runtimes list only `Etc/UTC`). */
export function isKnownTimeZone(name: string): boolean {
  knownZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return knownZones.has(name);
}

export const SCHEDULE_ITEM_STATUSES = ['scheduled', 'cancelled'] as const;

/** `filter[when]` of the portal's list: the agenda's two halves. */
export const SCHEDULE_WHEN = ['upcoming', 'past'] as const;
export type ScheduleWhen = (typeof SCHEDULE_WHEN)[number];

/** A page of the portal's list holds at most this many items (a month view asks for one page of them). */
export const SCHEDULE_PAGE_SIZE_MAX = 100;

export const SCHEDULE_TITLE_MAX_LENGTH = 200;
export const SCHEDULE_NOTES_MAX_LENGTH = 5_000;
export const SCHEDULE_LOCATION_MAX_LENGTH = 500;

const zonedMoments = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment on the company's clock, its zone named: "Dec 5, 2026, 3:00 PM EST". How an invitation's expiry reads in the
 * staff console and in the `company` command alike, whatever zone the reader's computer is in.
 */
export function formatZonedMoment(instant: string | Date, timeZone: string): string {
  let format = zonedMoments.get(timeZone);
  if (!format) {
    const options = { timeZone, year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const;
    format = new Intl.DateTimeFormat('en-US', options);
    zonedMoments.set(timeZone, format);
  }
  // ICU puts a narrow no-break space before AM/PM: a plain one reads the same, and greps and copies as typed.
  return format.format(typeof instant === 'string' ? new Date(instant) : instant).replace(/\s+/g, ' ');
}
