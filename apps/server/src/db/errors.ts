/** PostgreSQL's unique_violation, however the driver wraps it (node-postgres and PGlite both carry the SQLSTATE). */
export const isUniqueViolation = (error: unknown): boolean => {
  for (
    let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    current && depth < 4;
    current = current.cause as typeof current, depth++
  ) {
    if (current.code === '23505') return true;
  }
  return false;
};
