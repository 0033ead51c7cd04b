import { zoneOffsetMinutes } from '../../lib/time-zones';

/** A moment with its offset or Z, as the API takes it: passed on as typed. */
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
/** A wall-clock time as people type it: "2026-12-02 08:00", "2026-12-02T8:00", "2026-12-02 8am", "2026-12-02 1:30 pm". */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ]\s*(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?\s*(am|pm)?$/i;

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The wall clock of a moment in a zone, as "2026-12-02T08:00:00". */
function wallClock(instant: number, zone: string): string {
  return new Date(instant + zoneOffsetMinutes(instant, zone) * 60_000).toISOString().slice(0, 19);
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

export type MomentReading = { ok: true; value: string } | { ok: false; problem: string };

/**
 * What a person typed for a visit's start or end, as the API takes it: an ISO moment with its offset as it is, and a
 * date and time without one read as the wall clock in the company's zone ("2026-12-02 08:00" in America/Chicago →
 * "2026-12-02T08:00:00-06:00"). A time the clocks skip (the spring change) is refused; one they pass twice (the fall
 * change) is the first of the two.
 */
export function momentInZone(typed: string, zone: () => Promise<string>): Promise<MomentReading> | MomentReading {
  const text = typed.trim();
  if (WITH_OFFSET.test(text)) return { ok: true, value: text };
  const match = LOCAL.exec(text);
  if (!match) {
    return {
      ok: false,
      problem: `"${text}" is not a date and time: write it like 2026-12-02 08:00 (in the company's time zone) or 2026-12-02T08:00:00-06:00.`,
    };
  }
  const [, year, month, day, hourText, minuteText = '0', secondText = '0', meridiem] = match;
  let hour = Number(hourText);
  if (meridiem) {
    if (hour < 1 || hour > 12) return { ok: false, problem: `"${text}" is not a time: with am or pm the hour is 1 to 12.` };
    hour = (hour % 12) + (meridiem.toLowerCase() === 'pm' ? 12 : 0);
  }
  const minute = Number(minuteText);
  const second = Number(secondText);
  const wanted = `${year}-${month}-${day}T${pad(hour)}:${pad(minute)}:${pad(second)}`;
  const guess = Date.UTC(Number(year), Number(month) - 1, Number(day), hour, minute, second);
  if (hour > 23 || minute > 59 || second > 59 || new Date(guess).toISOString().slice(0, 19) !== wanted) {
    return { ok: false, problem: `"${text}" is not a date and time that exists.` };
  }
  return zone().then((name): MomentReading => {
    // The offsets a day either side cover both sides of a clock change; the earlier moment that shows the wall clock wins.
    const candidates = [guess - 86_400_000, guess + 86_400_000]
      .map((near) => guess - zoneOffsetMinutes(near, name) * 60_000)
      .filter((instant) => wallClock(instant, name) === wanted)
      .sort((a, b) => a - b);
    const instant = candidates[0];
    if (instant === undefined) return { ok: false, problem: `${wanted.replace('T', ' ').slice(0, 16)} does not exist in ${name}: the clocks skip that hour.` };
    return { ok: true, value: `${wanted}${offsetText(zoneOffsetMinutes(instant, name))}` };
  });
}

/** A moment as the company's wall clock: "2026-12-02 08:00". */
export function wallClockInZone(moment: string, zone: string): string {
  return wallClock(Date.parse(moment), zone).replace('T', ' ').slice(0, 16);
}
