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
