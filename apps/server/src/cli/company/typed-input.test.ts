import { moneyForApi, parseMoneyInput } from '@portal/contract/money';
import { describe, expect, it } from 'vitest';
import { momentInZone, wallClockInZone } from './local-time';

describe('money as people type it (the command and the console alike)', () => {
  it('takes a dollar sign and thousands separators where they can only mean that', () => {
    for (const [typed, value] of [
      ['$185', '185.00'],
      ['1,250.00', '1250.00'],
      ['12,500.00', '12500.00'],
      [' $ 1,000,000.5 ', '1000000.50'],
      ['-$25', '-25.00'],
      ['.50', '0.50'],
      ['40 USD', '40.00'],
    ]) {
      expect(parseMoneyInput(typed!), typed).toEqual({ ok: true, value });
    }
  });

  it('refuses what could mean two amounts, or another currency, saying how to write it', () => {
    expect(parseMoneyInput('1,25')).toEqual({
      ok: false,
      problem: '"1,25" is not an amount: a comma may only separate thousands (1,250.00), and cents follow a point (1.25).',
    });
    expect(parseMoneyInput('1.250,00')).toMatchObject({ ok: false });
    expect(parseMoneyInput('12.345')).toEqual({ ok: false, problem: '"12.345" has more than two digits after the point: cents are two digits, e.g. 12.35.' });
    expect(parseMoneyInput('€40')).toEqual({ ok: false, problem: '"€40" is not in US dollars, the only currency the portal takes.' });
    expect(parseMoneyInput('1234567890123')).toMatchObject({ ok: false, problem: expect.stringContaining('at most 12 digits') });
    expect(parseMoneyInput('')).toEqual({ ok: false, problem: 'Give an amount, e.g. 185 or 1,250.00.' });
    expect(moneyForApi(' 1,25 ')).toBe('1,25');
  });
});

describe('a date and time on the company’s clock', () => {
  const chicago = async () => 'America/Chicago';

  it('is the first of the two moments the fall change passes through, and prints back on that clock', async () => {
    expect(await momentInZone('2030-11-03 01:30', chicago)).toEqual({ ok: true, value: '2030-11-03T01:30:00-05:00' });
    expect(await momentInZone('2030-11-03 03:30', chicago)).toEqual({ ok: true, value: '2030-11-03T03:30:00-06:00' });
    expect(await momentInZone('2030-11-03T01:30:00-06:00', chicago)).toEqual({ ok: true, value: '2030-11-03T01:30:00-06:00' });
    expect(await momentInZone('2030-12-02 12am', chicago)).toEqual({ ok: true, value: '2030-12-02T00:00:00-06:00' });
    expect(await momentInZone('2030-12-02 12pm', chicago)).toEqual({ ok: true, value: '2030-12-02T12:00:00-06:00' });
    expect(await momentInZone('2030-12-02 13pm', chicago)).toMatchObject({ ok: false });
    expect(wallClockInZone('2030-12-02T14:00:00.000000Z', 'America/Chicago')).toBe('2030-12-02 08:00');
    expect(wallClockInZone('2030-12-02T14:00:00.000000Z', 'Asia/Kolkata')).toBe('2030-12-02 19:30');
  });
});
