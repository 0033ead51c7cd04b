import { sql, type SQL } from 'drizzle-orm';

/**
 * A list of ids as one parameter of a prepared statement, read as a table with one `id` column: the statement's text
 * stays the same however many ids there are, so it is parsed and planned once (`IN ($1, $2, …)` is another text for
 * every length).
 *
 * The ids cross as JSON text, not as an `int[]` with `unnest`: PostgreSQL plans a prepared statement for its values
 * five times, then keeps a generic plan when that costs no more than the ones made for the values. `unnest` of a
 * known array is costed by its length and of a parameter at ten rows, so with a customer's two or three projects the
 * generic plan always looked dearer and every call was planned again. `jsonb_array_elements_text` is costed the same
 * either way, so the generic plan is kept (docs/decisions/091-list-reads-planned-once.md).
 */
export function idTable(parameter: string, alias: string): SQL {
  return sql`(select value::int as id from jsonb_array_elements_text(${sql.placeholder(parameter)}::text::jsonb)) as ${sql.raw(alias)}`;
}

/** The value `idTable`'s parameter takes. */
export const idList = (ids: readonly number[]): string => JSON.stringify(ids);
