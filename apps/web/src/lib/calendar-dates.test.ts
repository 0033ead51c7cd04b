import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dayKeyIn,
  daysBetween,
  formatAllDay,
  formatDayHeading,
  formatMonth,
  formatTimeRange,
  instantToZoned,
  isDayKey,
  isMonthKey,
  isoWithOffset,
  monthGrid,
  todayIn,
  zonedToInstant,
} from './calendar-dates';

const CHICAGO = 'America/Chicago';

describe('the month grid', () => {
  it('shows whole weeks from Sunday, the neighbouring months’ days marked as outside', () => {
    // March 2026 starts on a Sunday and ends on a Tuesday: five weeks, no day of February.
    const march = monthGrid('2026-03');
    expect(march).toHaveLength(5);
    expect(march[0]![0]).toEqual({ key: '2026-03-01', inMonth: true });
    expect(march[4]!.map((day) => day.key)).toEqual(['2026-03-29', '2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04']);
    expect(march[4]!.filter((day) => day.inMonth)).toHaveLength(3);
  });

  it('starts in the previous month when the first is not a Sunday, and may need six weeks', () => {
    // August 2026 starts on a Saturday: six weeks, from July 26.
    const august = monthGrid('2026-08');
    expect(august).toHaveLength(6);
    expect(august[0]![0]).toEqual({ key: '2026-07-26', inMonth: false });
    expect(august[0]![6]).toEqual({ key: '2026-08-01', inMonth: true });
    expect(august.flat().filter((day) => day.inMonth)).toHaveLength(31);
  });

  it('knows leap years, and February 2015 fits four weeks', () => {
    expect(
      monthGrid('2028-02')
        .flat()
        .filter((day) => day.inMonth),
    ).toHaveLength(29);
    expect(monthGrid('2015-02')).toHaveLength(4);
  });

  it('steps days and months across the year’s end', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('reads only real days and months from the URL', () => {
    expect(isDayKey('2026-02-29')).toBe(false);
    expect(isDayKey('2028-02-29')).toBe(true);
    expect(isMonthKey('2026-13')).toBe(false);
    expect(isMonthKey('2026-07')).toBe(true);
    expect(isMonthKey('july')).toBe(false);
  });
});

describe('times in the company’s zone, named', () => {
  it('shows a winter visit in CST and a summer one in CDT, with the IANA name', () => {
    expect(formatTimeRange('2026-01-14T15:00:00Z', '2026-01-14T17:00:00Z', CHICAGO)).toBe('9:00 AM – 11:00 AM CST (America/Chicago)');
    expect(formatTimeRange('2026-07-14T14:00:00Z', '2026-07-14T16:00:00Z', CHICAGO)).toBe('9:00 AM – 11:00 AM CDT (America/Chicago)');
  });

  it('names each end’s zone when the clocks change during the visit', () => {
    // March 8, 2026: 2:00 AM CST becomes 3:00 AM CDT.
    expect(formatTimeRange('2026-03-08T07:30:00Z', '2026-03-08T09:00:00Z', CHICAGO)).toBe('1:30 AM CST – 4:00 AM CDT (America/Chicago)');
  });

  it('names the end’s day when the visit runs past midnight', () => {
    expect(formatTimeRange('2026-01-15T03:00:00Z', '2026-01-15T07:00:00Z', CHICAGO)).toBe('9:00 PM CST – Thu, Jan 15, 1:00 AM CST (America/Chicago)');
  });

  it('shows the company’s time whatever the browser’s zone', () => {
    expect(formatTimeRange('2026-01-14T15:00:00Z', '2026-01-14T17:00:00Z', 'Asia/Tokyo')).toBe('12:00 AM – 2:00 AM GMT+9 (Asia/Tokyo)');
  });

  it('puts an instant on the company’s day, not UTC’s', () => {
    // 3:00 UTC on the 15th is still the evening of the 14th in Chicago.
    expect(dayKeyIn('2026-01-15T03:00:00Z', CHICAGO)).toBe('2026-01-14');
    expect(todayIn(CHICAGO, new Date('2026-01-15T05:59:00Z'))).toBe('2026-01-14');
    expect(todayIn(CHICAGO, new Date('2026-01-15T06:00:00Z'))).toBe('2026-01-15');
  });

  it('says "All day", with the days when there are several', () => {
    expect(formatAllDay('2026-03-09', '2026-03-09')).toBe('All day');
    expect(formatAllDay('2026-03-09', '2026-03-11')).toBe('All day, Mon, Mar 9 – Wed, Mar 11');
    expect(formatDayHeading('2026-03-09')).toBe('Monday, March 9, 2026');
    expect(formatMonth('2026-03')).toBe('March 2026');
  });
});

describe('wall-clock times the office types, across daylight saving', () => {
  it('turns a day and time in the company’s zone into the instant, with the offset of that day', () => {
    expect(zonedToInstant('2026-01-14', '09:00', CHICAGO).toISOString()).toBe('2026-01-14T15:00:00.000Z');
    expect(zonedToInstant('2026-07-14', '09:00', CHICAGO).toISOString()).toBe('2026-07-14T14:00:00.000Z');
    expect(isoWithOffset(zonedToInstant('2026-01-14', '09:00', CHICAGO), CHICAGO)).toBe('2026-01-14T09:00:00-06:00');
    expect(isoWithOffset(zonedToInstant('2026-07-14', '09:00', CHICAGO), CHICAGO)).toBe('2026-07-14T09:00:00-05:00');
    expect(isoWithOffset(new Date('2026-07-14T14:00:00Z'), 'Asia/Kolkata')).toBe('2026-07-14T19:30:00+05:30');
  });

  it('moves a time the clocks skip forward, and takes the first of a time that happens twice', () => {
    // 2:30 AM on March 8, 2026 never happens in Chicago: it is 3:30 AM CDT.
    expect(zonedToInstant('2026-03-08', '02:30', CHICAGO).toISOString()).toBe('2026-03-08T08:30:00.000Z');
    // 1:30 AM on November 1, 2026 happens twice: first in CDT.
    expect(zonedToInstant('2026-11-01', '01:30', CHICAGO).toISOString()).toBe('2026-11-01T06:30:00.000Z');
    // Either side of the changes, the plain offsets.
    expect(zonedToInstant('2026-03-08', '01:59', CHICAGO).toISOString()).toBe('2026-03-08T07:59:00.000Z');
    expect(zonedToInstant('2026-11-01', '02:00', CHICAGO).toISOString()).toBe('2026-11-01T08:00:00.000Z');
  });

  it('reads an instant back as the inputs show it, round trip', () => {
    for (const [day, time] of [
      ['2026-01-14', '09:00'],
      ['2026-03-08', '03:15'],
      ['2026-11-01', '23:45'],
      ['2026-06-30', '00:00'],
    ] as const) {
      expect(instantToZoned(zonedToInstant(day, time, CHICAGO), CHICAGO)).toEqual({ day, time });
    }
  });
});
