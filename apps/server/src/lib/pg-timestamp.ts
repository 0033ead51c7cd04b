/**
 * PostgreSQL's text of a timestamp read into a Date, as Drizzle reads it (`new Date(text)`, with `+0000` added for a
 * column without time zone), without the engine's general date parser on the common form: on a page of thirty
 * projects that parser ran 120 times a request (bench/README.md, "The uncached entities list").
 *
 * The common form is DateStyle ISO with a four-digit year: `2026-03-02 15:04:05.123456+00`, the fraction optional,
 * the offset `±HH` or `±HH:MM` (none without time zone). Anything else (BC, infinity, another DateStyle, an offset
 * with seconds) goes to `new Date` as before, so the answer is the same Date either way.
 */
export function pgTimestampToDate(text: string, withTimezone: boolean): Date {
  const time = commonForm(text, withTimezone);
  return time === null ? new Date(withTimezone ? text : `${text}+0000`) : new Date(time);
}

const ZERO = 48;

/** The digits at [from, from + length) as a number, or -1 where one is not a digit. */
function digits(text: string, from: number, length: number): number {
  let value = 0;
  for (let index = from; index < from + length; index++) {
    const digit = text.charCodeAt(index) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** Milliseconds since the epoch for the common form; null for any other text. */
function commonForm(text: string, withTimezone: boolean): number | null {
  if (text.length < 19 || text[4] !== '-' || text[7] !== '-' || text[10] !== ' ' || text[13] !== ':' || text[16] !== ':') return null;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  // Two-digit years mean 19xx to Date.UTC, and a day past its month's end rolls over there where the parser refuses it.
  if (year < 1000 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return null;
  if (day > 28 && day > daysIn(year, month)) return null;
  let at = 19;
  // The parser keeps milliseconds: the first three digits of the fraction, the rest dropped.
  let millisecond = 0;
  if (text[at] === '.') {
    const start = ++at;
    while (at < text.length && text.charCodeAt(at) >= ZERO && text.charCodeAt(at) <= ZERO + 9) at++;
    const length = at - start;
    if (length === 0) return null;
    millisecond = digits(text, start, Math.min(length, 3)) * (length >= 3 ? 1 : length === 2 ? 10 : 100);
  }
  let offsetMinutes = 0;
  if (withTimezone) {
    const sign = text[at];
    if (sign !== '+' && sign !== '-') return null;
    const offsetHours = digits(text, at + 1, 2);
    if (offsetHours < 0) return null;
    at += 3;
    let offsetMins = 0;
    if (text[at] === ':') {
      offsetMins = digits(text, at + 1, 2);
      if (offsetMins < 0) return null;
      at += 3;
    }
    offsetMinutes = (sign === '+' ? 1 : -1) * (offsetHours * 60 + offsetMins);
  }
  if (at !== text.length) return null;
  return Date.UTC(year, month - 1, day, hour, minute, second, millisecond) - offsetMinutes * 60_000;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
