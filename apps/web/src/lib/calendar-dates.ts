/**
 * Dates of the project calendar (docs/staff-console.md, "Schedule"; the portal's calendar page). A visit happens at the
 * company's place, so every time is shown in the company's time zone and names it, whatever zone the browser is in.
 * Calendar days travel as `YYYY-MM-DD` strings ("day keys") and months as `YYYY-MM`: plain text, so they sit in the
 * URL and in query keys, and no `Date` ever shifts them by the browser's offset.
 */

import { dayKeyOf, pad, parseDayKey } from './calendar-keys';

export { dayKeyOf, isDayKey, isMonthKey, parseDayKey } from './calendar-keys';

export function addDays(key: string, days: number): string {
  const { year, month, day } = parseDayKey(key)!;
  return dayKeyOf(year, month, day + days);
}

export const monthOfDay = (key: string) => key.slice(0, 7);

export function addMonths(monthKey: string, months: number): string {
  const [year, month] = monthKey.split('-').map(Number) as [number, number];
  return dayKeyOf(year, month + months, 1).slice(0, 7);
}

/** 0 for Sunday … 6 for Saturday. */
export function weekday(key: string): number {
  const { year, month, day } = parseDayKey(key)!;
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export interface GridDay {
  key: string;
  /** False for the days of the previous and next month that fill the first and last weeks. */
  inMonth: boolean;
}

/** The weeks (Sunday first, as US calendars) that show a month: whole weeks, four to six of them. */
export function monthGrid(monthKey: string): GridDay[][] {
  const first = `${monthKey}-01`;
  const start = addDays(first, -weekday(first));
  const next = `${addMonths(monthKey, 1)}-01`;
  const weeks: GridDay[][] = [];
  for (let day = start; day < next;) {
    const week: GridDay[] = [];
    for (let index = 0; index < 7; index += 1, day = addDays(day, 1)) week.push({ key: day, inMonth: monthOfDay(day) === monthKey });
    weeks.push(week);
  }
  return weeks;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock in `timeZone` at `instant`. */
function wallClock(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The day an instant falls on in `timeZone`. */
export function dayKeyIn(instant: string | Date, timeZone: string): string {
  const clock = wallClock(typeof instant === 'string' ? new Date(instant) : instant, timeZone);
  return dayKeyOf(clock.year, clock.month, clock.day);
}

export const todayIn = (timeZone: string, now: Date = new Date()) => dayKeyIn(now, timeZone);

/** Minutes `timeZone` is ahead of UTC at `instant` (−300 for Chicago in winter). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const clock = wallClock(instant, timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant a wall-clock time in `timeZone` names. A time the clocks skip (2:30 on the spring-forward night) moves
 * forward by the gap, as calendar apps do; a time that happens twice (the fall-back hour) is the first of the two.
 */
export function zonedToInstant(dayKey: string, time: string, timeZone: string): Date {
  const { year, month, day } = parseDayKey(dayKey)!;
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The zone's offsets a day either side: before and after any change of the clocks near that time.
  const before = offsetMinutes(new Date(wall - 86_400_000), timeZone);
  const after = offsetMinutes(new Date(wall + 86_400_000), timeZone);
  const valid = [before, after]
    .map((offset) => ({ offset, instant: wall - offset * 60_000 }))
    .filter(({ offset, instant }) => offsetMinutes(new Date(instant), timeZone) === offset);
  if (valid.length > 0) return new Date(Math.min(...valid.map(({ instant }) => instant)));
  // In the gap: the wall time read with the offset from before the change lands after it.
  return new Date(wall - before * 60_000);
}

/** An instant as ISO 8601 with the zone's offset (`2026-03-09T09:00:00-05:00`), as the API takes a moment. */
export function isoWithOffset(instant: Date, timeZone: string): string {
  const offset = offsetMinutes(instant, timeZone);
  const clock = wallClock(instant, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const absolute = Math.abs(offset);
  return `${dayKeyOf(clock.year, clock.month, clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

/** The wall-clock day and `HH:MM` of an instant in `timeZone`, for date and time inputs. */
export function instantToZoned(instant: string | Date, timeZone: string): { day: string; time: string } {
  const clock = wallClock(typeof instant === 'string' ? new Date(instant) : instant, timeZone);
  return { day: dayKeyOf(clock.year, clock.month, clock.day), time: `${pad(clock.hour)}:${pad(clock.minute)}` };
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

function timeFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = timeFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
    timeFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function timeAndZone(instant: Date, timeZone: string): { time: string; zone: string } {
  const parts = timeFormatter(timeZone).formatToParts(instant);
  const zone = parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  const time = parts
    .filter((part) => part.type !== 'timeZoneName')
    .map((part) => part.value)
    .join('')
    // ICU puts a narrow no-break space before AM/PM: a plain one reads the same and matches what people type and search.
    .replace(/\s+/g, ' ')
    .trim();
  return { time, zone };
}

/**
 * A visit's time range in the company's zone, the zone named twice: its abbreviation of the day (which changes with
 * daylight saving) and its IANA name, which does not. "9:00 AM – 11:00 AM CST (America/Chicago)"; a range over days
 * names the end's day; a range over a change of the clocks gives each end its own abbreviation.
 */
export function formatTimeRange(start: string, end: string, timeZone: string): string {
  const from = timeAndZone(new Date(start), timeZone);
  const to = timeAndZone(new Date(end), timeZone);
  const endDay = dayKeyIn(end, timeZone) === dayKeyIn(start, timeZone) ? '' : `${formatShortDay(dayKeyIn(end, timeZone))}, `;
  const fromText = from.zone === to.zone && !endDay ? from.time : `${from.time} ${from.zone}`;
  return `${fromText} – ${endDay}${to.time} ${to.zone} (${timeZone})`;
}

/** The start time alone, for a month grid's cell: "9:00 AM". */
export function formatStartTime(start: string, timeZone: string): string {
  return timeAndZone(new Date(start), timeZone).time;
}

const utcDays = {
  heading: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }),
  short: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' }),
  month: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' }),
};

const noonOf = (key: string) => {
  const { year, month, day } = parseDayKey(key)!;
  return new Date(Date.UTC(year, month - 1, day, 12));
};

/** "Monday, March 9, 2026": a day key is a calendar day, read at UTC noon so no zone moves it. */
export const formatDayHeading = (key: string) => utcDays.heading.format(noonOf(key));
/** "Mon, Mar 9". */
export const formatShortDay = (key: string) => utcDays.short.format(noonOf(key));
/** "March 2026". */
export const formatMonth = (monthKey: string) => utcDays.month.format(noonOf(`${monthKey}-01`));

/** An all-day visit, its end day inclusive: "All day", or "All day, Mon, Mar 9 – Wed, Mar 11". */
export function formatAllDay(startDay: string, endDay: string): string {
  return startDay === endDay ? 'All day' : `All day, ${formatShortDay(startDay)} – ${formatShortDay(endDay)}`;
}

/** Every day from `first` to `last`, both included (an empty list when `last` is before `first`). */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last && days.length < 400; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The time zones a browser knows, UTC first among them; a short list where the runtime cannot tell. */
export function timeZoneNames(): string[] {
  const supported = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return supported.includes('UTC') ? supported : ['UTC', ...supported];
}
