/**
 * iCalendar (RFC 5545) as the calendar's `.ics` files and feeds write it: UTC times (`Z`) for timed events, `VALUE=DATE`
 * with an exclusive DTEND for all-day ones, no VTIMEZONE (docs/decisions/065-calendar-time-zones-and-icalendar.md).
 * Text is escaped, lines are folded at 75 octets and end in CRLF.
 */

export type ICalTime = { kind: 'moment'; at: Date } | { kind: 'date'; date: string };

export interface ICalEvent {
  uid: string;
  sequence: number;
  /** When this copy of the object was made (METHOD:PUBLISH: the export's time). */
  stamp: Date;
  start: ICalTime;
  /** Exclusive: for an all-day event, the day after its last. */
  end: ICalTime;
  summary: string;
  description?: string | null | undefined;
  location?: string | null | undefined;
  cancelled: boolean;
  created?: Date | undefined;
  lastModified?: Date | undefined;
  url?: string | undefined;
}

export interface ICalCalendar {
  /** The calendar's name in the app that subscribes (X-WR-CALNAME). */
  name?: string | undefined;
  /** How often a subscriber should fetch again, in minutes. */
  refreshMinutes?: number | undefined;
  events: ICalEvent[];
}

const PRODID = '-//Customer Portal//Calendar//EN';

/** TEXT values: backslash, semicolon, comma and newlines escaped; other control characters dropped. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, '\n')
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\n/g, '\\n')
      // eslint-disable-next-line no-control-regex -- what is left of the control characters has no place in a calendar
      .replace(/[\u0000-\u001f\u007f]/g, '')
  );
}

/** One content line folded so that no physical line passes 75 octets, never splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // A continuation line starts with one space, which counts toward its 75.
    if (octets + size > 75) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n');
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 2026-11-03T14:00:00Z → 20261103T140000Z */
export function formatMoment(at: Date): string {
  return `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}T${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}Z`;
}

function timeProperty(name: string, time: ICalTime): string {
  return time.kind === 'moment' ? `${name}:${formatMoment(time.at)}` : `${name};VALUE=DATE:${time.date.replace(/-/g, '')}`;
}

function eventLines(event: ICalEvent): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${formatMoment(event.stamp)}`,
    `SEQUENCE:${event.sequence}`,
    timeProperty('DTSTART', event.start),
    timeProperty('DTEND', event.end),
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push(`STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`);
  // All-day visits do not block the customer's day; timed ones do.
  lines.push(`TRANSP:${event.start.kind === 'date' ? 'TRANSPARENT' : 'OPAQUE'}`);
  if (event.created) lines.push(`CREATED:${formatMoment(event.created)}`);
  if (event.lastModified) lines.push(`LAST-MODIFIED:${formatMoment(event.lastModified)}`);
  lines.push('END:VEVENT');
  return lines;
}

/** A whole VCALENDAR with METHOD:PUBLISH, CRLF line ends and folded lines. */
export function buildCalendar(calendar: ICalCalendar): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${PRODID}`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  if (calendar.name) lines.push(`X-WR-CALNAME:${escapeText(calendar.name)}`);
  if (calendar.refreshMinutes) {
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshMinutes}M`, `X-PUBLISHED-TTL:PT${calendar.refreshMinutes}M`);
  }
  for (const event of calendar.events) lines.push(...eventLines(event));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
