/** How project names and typed values appear in mail: subjects and headers of every area's notices. */

/**
 * A value fit for a mail header: one line, no control characters, at most `max` characters.
 * Subjects typed by users are refused with 422 before they get here; names and project titles
 * come from integrations, so they are cleaned rather than trusted.
 */
export function headerSafe(value: string, max = 200): string {
  const line = value
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** A project as a mail names it: its name (or street), with its number when it has one. */
export function projectTitle(project: { number: string | null; name: string | null; address_street: string | null }): string {
  const name = project.name?.trim() || project.address_street?.trim() || 'a project';
  return project.number ? `${name} (${project.number})` : name;
}
