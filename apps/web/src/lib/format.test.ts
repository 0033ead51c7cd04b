import { describe, expect, it } from 'vitest';
import {
  addressLines,
  entityLabel,
  formatBytes,
  formatClockTime,
  formatCount,
  formatDay,
  formatMoney,
  formatWeekdayDate,
  mapsLink,
  modelTypeLabel,
} from './format';

describe('money (docs/requirements.md 4.4)', () => {
  it('is shown as US dollars in en-US format', () => {
    expect(formatMoney('12500.00')).toBe('$12,500.00');
    expect(formatMoney('17325.4')).toBe('$17,325.40');
    expect(formatMoney('0.00')).toBe('$0.00');
    expect(formatMoney(1234567.891)).toBe('$1,234,567.89');
    expect(formatMoney('-45.5')).toBe('-$45.50');
  });

  it('is what Intl gives, character for character, rounding the number as written half away from zero', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    // Every tenth of a cent to ±$100, the halves of a cent where binary fractions fall either side, random amounts of
    // every size with up to six decimals, and what JavaScript writes with an exponent.
    const thousandths = Array.from({ length: 200_001 }, (_, index) => (index - 100_000) / 1000);
    const halves = Array.from({ length: 20_000 }, (_, index) => Number(`${index}.${String(index % 100).padStart(2, '0')}5`));
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const amounts = Array.from({ length: 20_000 }, () =>
      Number((random() * 10 ** Math.floor(random() * 16) * (random() < 0.2 ? -1 : 1)).toFixed(Math.floor(random() * 7))),
    );
    const edges = [0, -0, 1e-7, -1e-7, 0.005, -0.005, 1.005, 2.675, 1e20, 1e21, 123456789012345.67, Number.MAX_SAFE_INTEGER];
    const values = [...thousandths, ...halves, ...amounts, ...edges];
    expect(values.map((value) => formatMoney(value))).toEqual(values.map((value) => intl.format(value)));
    expect(halves.map((value) => formatMoney(String(value)))).toEqual(halves.map((value) => intl.format(value)));
  });

  it('is "-" when missing or not numeric', () => {
    for (const value of [null, undefined, '', 'abc', '12,50', Number.NaN, Number.POSITIVE_INFINITY]) expect(formatMoney(value)).toBe('—');
  });
});

describe('address (docs/requirements.md 4.4)', () => {
  it('is two lines: street, then "city, state zip"', () => {
    expect(addressLines({ address_street: '4512 Avenue F', address_city: 'Austin', address_state: 'TX', address_zip: '78751' })).toEqual([
      '4512 Avenue F',
      'Austin, TX 78751',
    ]);
  });

  it('leaves out what is missing without stray punctuation', () => {
    expect(addressLines({ address_street: null, address_city: 'Austin', address_state: null, address_zip: '78751' })).toEqual(['', 'Austin 78751']);
  });

  it('yields a maps search link from street, latitude and longitude', () => {
    const link = new URL(mapsLink({ address_street: '4512 Avenue F', address_latitude: '30.3098100', address_longitude: '-97.7255300' })!);
    expect(link.origin).toBe('https://www.google.com');
    expect(link.searchParams.get('query')).toBe('4512 Avenue F (30.3098100,-97.7255300)');
    expect(mapsLink({ address_street: '4512 Avenue F', address_latitude: null, address_longitude: null })).toContain('query=4512+Avenue+F');
    expect(mapsLink({ address_street: null, address_latitude: null, address_longitude: null })).toBeNull();
  });
});

describe('the entity picker label (docs/requirements.md 4.3)', () => {
  const project = { name: 'Kitchen remodel', address_street: '4512 Avenue F' };
  it('is the type label, a colon, then the project name', () => {
    expect(entityLabel({ model_type: 'project', model: project as never })).toBe('Project: Kitchen remodel');
  });
  it('falls back to the street address when the project has no name', () => {
    expect(entityLabel({ model_type: 'project', model: { ...project, name: null } as never })).toBe('Project: 4512 Avenue F');
  });
  it('shows "Unknown" for any other model type', () => {
    expect(modelTypeLabel('proposal')).toBe('Unknown');
    expect(entityLabel({ model_type: 'proposal', model: project as never })).toBe('Unknown: Kitchen remodel');
  });
});

describe('file sizes', () => {
  it('reads as bytes, KB (a decimal below 10 KB) and MB with one decimal', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(200 * 1024)).toBe('200 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10.0 MB');
  });
});

describe('the formats the notes thread and the index page use, without Intl', () => {
  // Every minute of a day, and days across three years: what Intl's en-US formatter gives, character for character.
  const minutes = Array.from({ length: 24 * 60 }, (_, minute) => new Date(2026, 10, 27, Math.floor(minute / 60), minute % 60));
  const days = Array.from({ length: 3 * 366 }, (_, day) => new Date(2024, 0, 1 + day, 12));

  it('gives the clock time as Intl does', () => {
    const intl = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
    expect(minutes.map(formatClockTime)).toEqual(minutes.map((date) => intl.format(date)));
  });

  it('gives the weekday and date as Intl does, with the year and without', () => {
    const withYear = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
    const withoutYear = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });
    expect(days.map((date) => formatWeekdayDate(date, true))).toEqual(days.map((date) => withYear.format(date)));
    expect(days.map((date) => formatWeekdayDate(date, false))).toEqual(days.map((date) => withoutYear.format(date)));
  });

  it('gives the day of a timestamp as Intl does, and throws as it does on an invalid one', () => {
    const intl = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
    const stamps = [...days, ...minutes].map((date) => date.toISOString());
    expect(stamps.map(formatDay)).toEqual(stamps.map((stamp) => intl.format(new Date(stamp))));
    expect(() => formatDay('not a time')).toThrow(RangeError);
  });

  it('gives counts as Intl does', () => {
    const intl = new Intl.NumberFormat('en-US');
    const values = [0, 7, 42, 999, 1000, 9999, 10000, 123456, 1234567, -5, -1234];
    expect(values.map(formatCount)).toEqual(values.map((value) => intl.format(value)));
  });
});
