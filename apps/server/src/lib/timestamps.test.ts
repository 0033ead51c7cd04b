import { describe, expect, it } from 'vitest';
import { apiTimestamp } from './timestamps';

describe('API timestamps (docs/requirements.md 4.10)', () => {
  it('are ISO 8601 in UTC with microseconds, as Laravel writes them', () => {
    expect(apiTimestamp(new Date('2026-03-02T15:04:05.000Z'))).toBe('2026-03-02T15:04:05.000000Z');
    expect(apiTimestamp(new Date(Date.UTC(2026, 10, 21, 9, 8, 7, 123)))).toBe('2026-11-21T09:08:07.123000Z');
  });

  it('say what toISOString says, to the millisecond, for any date', () => {
    const dates = [Date.UTC(1000, 0, 1), Date.UTC(9999, 11, 31, 23, 59, 59, 999), Date.UTC(2026, 0, 1, 0, 0, 0, 5), Date.UTC(2026, 11, 31, 23, 59, 59, 50)];
    for (let seed = 1; seed <= 2000; seed++) dates.push(Math.floor((((seed * 2654435761) % 4294967296) / 4294967296) * 4e12));
    dates.push(Date.UTC(999, 11, 31), Date.UTC(10000, 0, 1), -1);
    for (const time of dates) expect(apiTimestamp(new Date(time))).toBe(`${new Date(time).toISOString().slice(0, -1)}000Z`);
    expect(() => apiTimestamp(new Date(Number.NaN))).toThrow(RangeError);
  });
});
