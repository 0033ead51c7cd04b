/**
 * Finding a time zone by the name a person calls it (docs/decisions/117-time-zones-found-and-written-one-way.md). The
 * zones themselves are the browser's IANA names (`Intl.supportedValuesOf('timeZone')`); what IANA leaves out, the
 * names North Americans use for their zones ("Eastern", "PST", "Arizona") and the big cities that are not in any
 * zone's name ("Portland", "Dallas", "Calgary"), is the small table below, kept by hand: no time zone data package is
 * installed, and the browser gives a zone's own names only for one zone at a time.
 */

/** Zone → the names and cities people type for it. A city in the zone's IANA name is found already. */
const COMMON_NAMES: Record<string, { names: string[]; abbreviations: string[] }> = {
  'America/New_York': {
    names: [
      'Eastern',
      'Eastern Time',
      'Boston',
      'Miami',
      'Atlanta',
      'Philadelphia',
      'Washington DC',
      'Washington D.C.',
      'Baltimore',
      'Pittsburgh',
      'Charlotte',
      'Raleigh',
      'Orlando',
      'Tampa',
      'Jacksonville',
      'Cleveland',
      'Columbus',
      'Cincinnati',
      'Richmond',
      'Buffalo',
      'Newark',
      'Providence',
      'Hartford',
      'Portland, Maine',
    ],
    abbreviations: ['EST', 'EDT', 'ET'],
  },
  'America/Toronto': { names: ['Ottawa', 'Montreal', 'Quebec City'], abbreviations: [] },
  'America/Chicago': {
    names: [
      'Central',
      'Central Time',
      'Dallas',
      'Houston',
      'Austin',
      'San Antonio',
      'Fort Worth',
      'Minneapolis',
      'Saint Paul',
      'St. Louis',
      'Kansas City',
      'Nashville',
      'Memphis',
      'New Orleans',
      'Milwaukee',
      'Oklahoma City',
      'Omaha',
      'Des Moines',
    ],
    abbreviations: ['CST', 'CDT', 'CT'],
  },
  'America/Denver': {
    names: ['Mountain', 'Mountain Time', 'Salt Lake City', 'Albuquerque', 'Colorado Springs', 'El Paso', 'Cheyenne'],
    abbreviations: ['MST', 'MDT', 'MT'],
  },
  'America/Phoenix': { names: ['Arizona', 'Tucson', 'Scottsdale', 'Mesa'], abbreviations: [] },
  'America/Edmonton': { names: ['Calgary', 'Alberta'], abbreviations: [] },
  'America/Los_Angeles': {
    names: [
      'Pacific',
      'Pacific Time',
      'Portland',
      'Seattle',
      'San Francisco',
      'San Diego',
      'San Jose',
      'Sacramento',
      'Oakland',
      'Fresno',
      'Las Vegas',
      'Spokane',
      'Tacoma',
    ],
    abbreviations: ['PST', 'PDT', 'PT'],
  },
  'America/Vancouver': { names: ['Victoria', 'British Columbia'], abbreviations: [] },
  'America/Anchorage': { names: ['Alaska', 'Fairbanks'], abbreviations: ['AKST', 'AKDT'] },
  'Pacific/Honolulu': { names: ['Hawaii', 'Maui'], abbreviations: ['HST'] },
  'America/Halifax': { names: ['Atlantic', 'Atlantic Time', 'Nova Scotia'], abbreviations: ['AST', 'ADT'] },
  'America/St_Johns': { names: ['Newfoundland'], abbreviations: ['NST', 'NDT'] },
  'America/Regina': { names: ['Saskatchewan', 'Saskatoon'], abbreviations: [] },
  'America/Winnipeg': { names: ['Manitoba'], abbreviations: [] },
  'America/Puerto_Rico': { names: ['San Juan'], abbreviations: [] },
};

/** "America/Port_of_Spain" and "port-of-spain" alike read "america port of spain"; "D.C." reads "dc". */
export const searchable = (text: string) =>
  text
    .toLowerCase()
    .replace(/\./g, '')
    .replace(/[_/,\-\s]+/g, ' ')
    .trim();

const entries = Object.entries(COMMON_NAMES).map(([zone, { names, abbreviations }]) => ({
  zone,
  names: names.map(searchable),
  abbreviations: abbreviations.map(searchable),
}));

/**
 * The zones of `names` a search finds, best first: a zone named exactly as typed ("Eastern", "EST", "Portland"), then
 * one whose common names hold the text, then one whose IANA name does ("new york", "york"), each group in the list's
 * order. Abbreviations are found only whole, so "est" finds New York, not Budapest first. An empty search finds all.
 */
export function searchTimeZones(names: readonly string[], search: string): string[] {
  const query = searchable(search);
  if (!query) return [...names];
  const known = new Set(names);
  const ranked: string[][] = [[], [], []];
  for (const { zone, names: common, abbreviations } of entries) {
    if (!known.has(zone)) continue;
    if (common.includes(query) || abbreviations.includes(query)) ranked[0]!.push(zone);
    else if (common.some((name) => name.includes(query))) ranked[1]!.push(zone);
  }
  const found = new Set(ranked.flat());
  for (const name of names) if (!found.has(name) && searchable(name).includes(query)) ranked[2]!.push(name);
  return ranked.flat();
}
