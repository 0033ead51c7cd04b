/** A column: its heading, and whether its values line up on the right (money, counts). */
export type Column = { heading: string; right?: boolean };

/**
 * Rows as a terminal shows a list: a heading line, then one line per row, each column as wide as its widest value,
 * two spaces apart. Line breaks and tabs in a value become spaces, so one row is always one line.
 */
export function formatTable(columns: Column[], rows: (string | null | undefined)[][]): string[] {
  const cells = rows.map((row) => columns.map((_, index) => (row[index] ?? '').replace(/\s+/g, ' ').trim()));
  const widths = columns.map((column, index) => Math.max(column.heading.length, ...cells.map((row) => row[index]!.length)));
  const line = (values: string[]) =>
    values
      .map((value, index) => (columns[index]!.right ? value.padStart(widths[index]!) : value.padEnd(widths[index]!)))
      .join('  ')
      .trimEnd();
  return [line(columns.map((column) => column.heading)), ...cells.map(line)];
}

/** Under a list with more than one page: where the rest is. */
export function pageFooter(page: { current_page: number; last_page: number; total: number }, noun: string): string | null {
  if (page.last_page <= 1) return null;
  const next = page.current_page < page.last_page ? `; --page ${page.current_page + 1} for the next` : '';
  return `Page ${page.current_page} of ${page.last_page} (${page.total} ${noun})${next}.`;
}
