/**
 * Dates and moments in a company's time zone, with the runtime's own zone data (Intl): no zone library, and the same
 * answers as the browsers that show them.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, format);
  }
  return format;
}

function wallClock(instant: number, zone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatOf(zone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** Minutes the zone is ahead of UTC at that moment (-360 for Chicago in winter). */
export function zoneOffsetMinutes(instant: number, zone: string): number {
  const local = wallClock(instant, zone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * The moment a calendar day starts in the zone: "2026-03-08" in America/Chicago is 06:00Z. Where a zone skips
 * midnight (a clock change at 00:00), the first moment of the day after the skip.
 */
export function startOfDayInZone(date: string, zone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(year, month - 1, day);
  const first = guess - zoneOffsetMinutes(guess, zone) * 60_000;
  const second = guess - zoneOffsetMinutes(first, zone) * 60_000;
  return new Date(dateInZone(new Date(second), zone) === date ? second : first);
}

/** The calendar day a moment falls on in the zone: "2026-11-03". */
export function dateInZone(instant: Date, zone: string): string {
  const local = wallClock(instant.getTime(), zone);
  return `${String(local.year).padStart(4, '0')}-${String(local.month).padStart(2, '0')}-${String(local.day).padStart(2, '0')}`;
}

/** The calendar day `days` after `date` ("2026-02-28" + 1 = "2026-03-01"). */
export function addDaysToDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
