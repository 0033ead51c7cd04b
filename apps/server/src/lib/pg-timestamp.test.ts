import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pgTimestampToDate } from './pg-timestamp';

/** What Drizzle's timestamp column does with the same text (drizzle-orm/pg-core/columns/timestamp.js). */
const drizzle = (text: string, withTimezone: boolean) => new Date(withTimezone ? text : `${text}+0000`);
const same = (a: Date, b: Date) => (Number.isNaN(a.getTime()) ? Number.isNaN(b.getTime()) : a.getTime() === b.getTime());

/** A timestamp as PostgreSQL writes it with DateStyle ISO, the fraction and the offset as given. */
function pgText(date: Date, fraction: string, offset: string): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction}${offset}`;
}

describe('a timestamp read from PostgreSQL', () => {
  it('is the Date Drizzle makes of the same text, for every form PostgreSQL writes', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }),
        fc.oneof(fc.constant(''), fc.stringMatching(/^\.[0-9]{1,6}$/)),
        fc.oneof(fc.constant('+00'), fc.constantFrom('+05:30', '-03', '+14', '-12:45', '+01')),
        fc.boolean(),
        (date, fraction, offset, withTimezone) => {
          const text = pgText(date, fraction, withTimezone ? offset : '');
          expect(same(pgTimestampToDate(text, withTimezone), drizzle(text, withTimezone)), text).toBe(true);
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it.each([
    ['2026-03-02 15:04:05.123456+00', true],
    ['2026-03-02 15:04:05.9999+00', true],
    ['2026-03-02 15:04:05.1+00', true],
    ['2024-02-29 00:00:00+00', true],
    ['2026-03-02 15:04:05', false],
    ['2026-03-02 15:04:05.5', false],
    // Not the common form: left to the engine's parser, with its answer.
    ['2023-02-29 00:00:00+00', true],
    ['0099-01-01 00:00:00+00', true],
    ['2026-03-02 15:04:05+00:00:30', true],
    ['2026-03-02 24:00:00+00', true],
    ['infinity', true],
    ['2026-03-02 15:04:05 BC', false],
    ['2026-03-02T15:04:05Z', true],
    ['2026-03-02 15:04:05.+00', true],
    ['2026-03-02 15:04:05+00x', true],
  ])('%s (with time zone: %s) reads as Drizzle reads it', (text, withTimezone) => {
    expect(same(pgTimestampToDate(text, withTimezone), drizzle(text, withTimezone))).toBe(true);
  });
});
