const dates = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar date ("2026-03-02") as "Mar 2, 2026", the same day wherever the browser is. */
export function formatDate(date: string): string {
  return dates.format(new Date(`${date}T00:00:00Z`));
}

/** The browser's own calendar date, `days` from today: what the office means by "today" in a date field. */
export function localDate(days = 0): string {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}
