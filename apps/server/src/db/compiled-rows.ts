import { Column, SQL, Subquery, getTableName, is } from 'drizzle-orm';
import { PgTimestamp } from 'drizzle-orm/pg-core';
import { pgTimestampToDate } from '../lib/pg-timestamp';

type RowMapper = (row: unknown[]) => Record<string, unknown>;

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
  const columns = query.fields.map(({ path, field }): CompiledColumn => {
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
  const mapRow = generatedMapper(columns, nullable) ?? interpretedMapper(columns, nullable);
  query.customResultMapper = (rows) => rows.map(mapRow);
  return prepared;
}

interface CompiledColumn {
  parents: string[];
  key: string;
  decoder: DriverDecoder;
  table: string | null;
  /** The two-part path's object this column may turn null (Drizzle's rule for a left-joined table), else null. */
  object: string | null;
}

/** Decoders that hand the driver's value back as it is (text, booleans, plain `sql`): no call per value. */
const IDENTITY_DECODERS = new Set<unknown>([Column.prototype.mapFromDriverValue, (new SQL([]) as unknown as WithDecoder).decoder.mapFromDriverValue]);

/**
 * The row mapper as the source of one function, made once per prepared statement: every row is one object literal
 * of the statement's shape (one hidden class for all rows), each value read by its index, decoded only where the
 * column's decoder does something, and each left-joined table's object nulled by one test on its first column.
 * What it decides is what interpretedMapper decides per row, decided here once.
 */
function generatedMapper(columns: CompiledColumn[], nullable: Record<string, boolean> | undefined): RowMapper | null {
  type Node = { fields: Map<string, Node | number> };
  const root: Node = { fields: new Map() };
  for (const [index, column] of columns.entries()) {
    if ([...column.parents, column.key].some((key) => key === '__proto__')) return null;
    let node = root;
    for (const parent of column.parents) {
      let child = node.fields.get(parent);
      if (typeof child === 'number') return null;
      if (!child) node.fields.set(parent, (child = { fields: new Map() }));
      node = child;
    }
    node.fields.set(column.key, index);
  }
  const value = (index: number) => {
    const column = columns[index]!;
    if (IDENTITY_DECODERS.has(column.decoder.mapFromDriverValue)) return `row[${index}]`;
    // A timestamp column's text is read without the engine's date parser (lib/pg-timestamp.ts), its time zone decided here.
    if (column.decoder.mapFromDriverValue === PgTimestamp.prototype.mapFromDriverValue) {
      const withTimezone = Boolean((column.decoder as unknown as { withTimezone?: boolean }).withTimezone);
      return `(typeof row[${index}] === 'string' ? readTimestamp(row[${index}], ${withTimezone}) : row[${index}])`;
    }
    return `(row[${index}] === null ? null : decoders[${index}].mapFromDriverValue(row[${index}]))`;
  };
  const literal = (node: Node): string =>
    `{${[...node.fields].map(([key, child]) => `${JSON.stringify(key)}: ${typeof child === 'number' ? value(child) : literal(child)}`).join(', ')}}`;
  // Drizzle's rule, decided per statement: an object is nulled when its first column is null, if all its columns come
  // from one table and that table is not known to be non-null in the join.
  const nulling: string[] = [];
  if (nullable) {
    const objects = new Map<string, { first: number; table: string | null }>();
    for (const [index, column] of columns.entries()) {
      if (column.object === null) continue;
      const seen = objects.get(column.object);
      if (!seen) objects.set(column.object, { first: index, table: column.table });
      else if (seen.table !== column.table) seen.table = null;
    }
    for (const [object, { first, table }] of objects)
      if (table !== null && !nullable[table]) nulling.push(`if (row[${first}] === null) result[${JSON.stringify(object)}] = null;`);
  }
  const body = `return function mapRow(row) { const result = ${literal(root)}; ${nulling.join(' ')} return result; };`;
  return new Function('decoders', 'readTimestamp', body)(
    columns.map((column) => column.decoder),
    pgTimestampToDate,
  ) as RowMapper;
}

/** The same mapping, worked out per row: for a shape the generated one does not take (a key that would be unsafe in source). */
function interpretedMapper(columns: CompiledColumn[], nullable: Record<string, boolean> | undefined): RowMapper {
  return (row) => {
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
}
