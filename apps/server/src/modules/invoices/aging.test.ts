import { describe, expect, it } from 'vitest';
import { addDays, agingBucket, calendarDate, daysBetween, daysOverdue, derivedStatus } from './aging';

describe('aging buckets at each edge', () => {
  const due = '2026-03-31';
  const on = (days: number) => agingBucket(daysOverdue(due, addDays(due, days)));

  it.each([
    [-10, 'current'],
    [0, 'current'],
    [1, 'days_1_30'],
    [30, 'days_1_30'],
    [31, 'days_31_60'],
    [60, 'days_31_60'],
    [61, 'days_61_90'],
    [90, 'days_61_90'],
    [91, 'over_90'],
    [400, 'over_90'],
  ] as const)('%i days past the due date is %s', (days, bucket) => {
    expect(on(days)).toBe(bucket);
  });

  it('counts calendar days across month ends, leap days and the clock change', () => {
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2); // US clocks change on 8 March 2026
    expect(daysBetween('2026-03-09', '2026-03-07')).toBe(-2);
    expect(daysOverdue('2026-03-09', '2026-03-07')).toBe(0);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it("takes today's date in UTC", () => {
    expect(calendarDate(new Date('2026-03-31T23:59:59.999Z'))).toBe('2026-03-31');
    expect(calendarDate(new Date('2026-04-01T00:00:00.000Z'))).toBe('2026-04-01');
  });
});

describe('the status a portal user sees', () => {
  const base = { state: 'sent' as const, due_date: '2026-03-31', amountPaidCents: 0, balanceCents: 10000 };
  it('is sent until the due date, and overdue the day after', () => {
    expect(derivedStatus(base, '2026-03-31')).toBe('sent');
    expect(derivedStatus(base, '2026-04-01')).toBe('overdue');
  });
  it('is partially paid with some payment, overdue still once past due', () => {
    expect(derivedStatus({ ...base, amountPaidCents: 1, balanceCents: 9999 }, '2026-03-01')).toBe('partially_paid');
    expect(derivedStatus({ ...base, amountPaidCents: 1, balanceCents: 9999 }, '2026-04-01')).toBe('overdue');
  });
  it('is paid with nothing left, even long past due, and void stays void', () => {
    expect(derivedStatus({ ...base, amountPaidCents: 10000, balanceCents: 0 }, '2027-01-01')).toBe('paid');
    expect(derivedStatus({ ...base, state: 'void' }, '2027-01-01')).toBe('void');
  });
});
