const dates = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar date ("2026-03-02") as "Mar 2, 2026", the same day wherever the browser is. */
export function formatDate(date: string): string {
  return dates.format(new Date(`${date}T00:00:00Z`));
}
