/**
 * Dates leave the API as Laravel writes them, ISO 8601 in UTC with microseconds:
 * "2026-03-02T15:04:05.000000Z". JavaScript dates hold milliseconds, so the last three digits are 0.
 */
export function apiTimestamp(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}
