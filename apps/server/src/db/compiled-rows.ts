import { Column, SQL, Subquery, getTableName, is } from 'drizzle-orm';

interface DriverDecoder {
  mapFromDriverValue(value: unknown): unknown;
}

type WithDecoder = { decoder: DriverDecoder };

/** What Drizzle keeps on a prepared query of either driver (node-postgres, PGlite) to map its rows. */
interface PreparedInternals {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/**
 * Maps a prepared query's rows with a mapper worked out once, instead of Drizzle's per-row
 * `mapResultRow`, which asks every field of every row what kind of field it is (`is()` walks the
 * class chain, through a Proxy for a subquery's columns) and what table it comes from: on a page of
 * 30 entities with their project and company that was a fifth of the server's CPU per request
 * (bench/README.md, the profile). The result is the same objects, built the same way: a nested
 * path per field, the driver value decoded, and a left-joined table whose first column is null
 * (and that may be null) left as null.
 */
export function withCompiledRows<T extends object>(prepared: T): T {
  const query = prepared as PreparedInternals;
  if (!query.fields || query.customResultMapper) return prepared;
  const nullable = query.joinsNotNullableMap;
  const columns = query.fields.map(({ path, field }) => {
    let decoder: DriverDecoder;
    let table: string | null = null;
    if (is(field, Column)) {
      decoder = field as unknown as DriverDecoder;
      table = getTableName(field.table);
    } else if (is(field, SQL)) decoder = (field as unknown as WithDecoder).decoder;
    else if (is(field, Subquery)) decoder = (field as unknown as { _: { sql: WithDecoder } })._.sql.decoder;
    else decoder = (field as { sql: WithDecoder }).sql.decoder;
    // Drizzle's rule: a table's object of two-part paths goes null when its first column is null.
    const object = nullable && table !== null && path.length === 2 ? path[0]! : null;
    return { parents: path.slice(0, -1), key: path[path.length - 1]!, decoder, table, object };
  });
  const mapRow = (row: unknown[]) => {
    const result: Record<string, unknown> = {};
    let nullify: Record<string, string | false> | null = null;
    for (let index = 0; index < columns.length; index++) {
      const column = columns[index]!;
      let node = result;
      for (const parent of column.parents) node = (node[parent] ??= {}) as Record<string, unknown>;
      const raw = row[index];
      const value = raw === null ? null : column.decoder.mapFromDriverValue(raw);
      node[column.key] = value;
      if (column.object !== null) {
        nullify ??= {};
        const seen = nullify[column.object];
        if (seen === undefined) nullify[column.object] = value === null ? column.table! : false;
        else if (typeof seen === 'string' && seen !== column.table) nullify[column.object] = false;
      }
    }
    if (nullify) for (const [object, table] of Object.entries(nullify)) if (typeof table === 'string' && !nullable![table]) result[object] = null;
    return result;
  };
  query.customResultMapper = (rows) => rows.map(mapRow);
  return prepared;
}
