import { describe, expect, it } from 'vitest';
import { timeZoneNames } from '../../lib/calendar-dates';
import { searchTimeZones } from './time-zone-search';

const zones = timeZoneNames();
const first = (search: string) => searchTimeZones(zones, search)[0];

describe('finding a time zone', () => {
  it('finds US and Canadian zones by their common names and abbreviations', () => {
    for (const [search, zone] of [
      ['Eastern', 'America/New_York'],
      ['EST', 'America/New_York'],
      ['edt', 'America/New_York'],
      ['Central', 'America/Chicago'],
      ['CST', 'America/Chicago'],
      ['Mountain', 'America/Denver'],
      ['Pacific', 'America/Los_Angeles'],
      ['PST', 'America/Los_Angeles'],
      ['Alaska', 'America/Anchorage'],
      ['Hawaii', 'Pacific/Honolulu'],
      ['Arizona', 'America/Phoenix'],
      ['Atlantic', 'America/Halifax'],
    ]) {
      expect(first(search!), search).toBe(zone);
    }
  });

  it('finds a city inside an IANA name, with spaces for underscores, and big cities IANA does not name', () => {
    for (const [search, zone] of [
      ['New York', 'America/New_York'],
      ['new_york', 'America/New_York'],
      ['Chicago', 'America/Chicago'],
      ['Portland', 'America/Los_Angeles'],
      ['Seattle', 'America/Los_Angeles'],
      ['San Francisco', 'America/Los_Angeles'],
      ['Boston', 'America/New_York'],
      ['Miami', 'America/New_York'],
      ['Atlanta', 'America/New_York'],
      ['Philadelphia', 'America/New_York'],
      ['Washington DC', 'America/New_York'],
      ['washington d.c.', 'America/New_York'],
      ['Dallas', 'America/Chicago'],
      ['Houston', 'America/Chicago'],
      ['Austin', 'America/Chicago'],
      ['Toronto', 'America/Toronto'],
      ['Montreal', 'America/Toronto'],
      ['Vancouver', 'America/Vancouver'],
      ['Calgary', 'America/Edmonton'],
    ]) {
      expect(first(search!), search).toBe(zone);
    }
  });

  it('lists the other Portland second, finds an abbreviation only whole, and everything for no search', () => {
    expect(searchTimeZones(zones, 'Portland')).toEqual(['America/Los_Angeles', 'America/New_York']);
    // "est" is inside Budapest and Bucharest: those come after Eastern time, not before it.
    expect(searchTimeZones(zones, 'est').slice(0, 1)).toEqual(['America/New_York']);
    expect(searchTimeZones(zones, '  ')).toEqual(zones);
    expect(searchTimeZones(zones, 'Atlantis')).toEqual([]);
  });
});
