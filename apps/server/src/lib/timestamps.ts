/**
 * Dates leave the API as Laravel writes them, ISO 8601 in UTC with microseconds:
 * "2026-03-02T15:04:05.000000Z". JavaScript dates hold milliseconds, so the last three digits are 0.
 */
export function apiTimestamp(date: Date): string {
  // On every row of every list: a slice, not a regular expression (toISOString always ends ".sssZ").
  return `${date.toISOString().slice(0, -1)}000Z`;
}
