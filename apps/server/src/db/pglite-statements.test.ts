import { parse, PGlite, protocol, types } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { preparedStatements } from './pglite-statements';

/** Named statements on PGlite (docs/decisions/086-pglite-prepared-statements.md): the same answers, planned once. */
// PGlite itself is under test: the suite's PostgreSQL run has nothing to add here.
describe.skipIf(process.env.TEST_DB === 'postgres')('PGlite with prepared statements', () => {
  let client: PGlite;

  const setUp = async (db: PGlite) => {
    await db.exec(`
      create table things (id serial primary key, name text not null unique, amount numeric(12, 2), seen boolean,
        at timestamptz, tags text[], data jsonb, raw bytea);
      insert into things (name, amount, seen, at, tags, data, raw) values
        ('one', 1.50, true, '2026-11-25 10:00:00+00', '{a,b}', '{"x": 1}', '\\x0102'),
        ('two', null, false, null, null, null, null);`);
  };

  beforeEach(async () => {
    client = await PGlite.create();
    await setUp(client);
  });
  afterEach(() => client.close());

  // Through `exec`, which keeps PGlite's own path: the look itself names nothing.
  const named = async (db: PGlite) =>
    ((await db.exec('select name from pg_prepared_statements order by name'))[0]!.rows as { name: string }[]).map((row) => row.name);

  it('answers as PGlite does, in both row modes, with its parsers and the caller’s', async () => {
    const plain = await PGlite.create();
    await setUp(plain);
    preparedStatements(client, { parse, protocol });
    const text = 'select * from things where id = any($1) or name = $2 order by id';
    const timestampsAsText = { parsers: { [types.TIMESTAMPTZ]: (value: string) => value } };
    for (const options of [undefined, { rowMode: 'array' as const }, timestampsAsText]) {
      for (let call = 0; call < 3; call++) {
        const mine = await client.query(text, [[1], 'two'], options);
        const theirs = await plain.query(text, [[1], 'two'], options);
        expect(mine.rows).toEqual(theirs.rows);
        expect(mine.fields).toEqual(theirs.fields);
      }
    }
    // Writes: the count of rows they changed, and what they return.
    const update = await client.query('update things set seen = $1 where name = $2', [true, 'two']);
    expect(update.affectedRows).toBe(1);
    const inserted = await client.query<{ id: number }>('insert into things (name, at) values ($1, $2) returning id', [
      'three',
      new Date('2026-01-02T03:04:05Z'),
    ]);
    expect(inserted.rows).toEqual([{ id: 3 }]);
    expect((await client.query<{ at: Date }>('select at from things where id = $1', [3])).rows[0]!.at.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    await plain.close();
  });

  it('parses a text once and keeps it named: the next calls only bind and execute', async () => {
    const statements = preparedStatements(client, { parse, protocol });
    const text = 'select name from things where id = $1';
    for (const id of [1, 2, 1, 2]) await client.query(text, [id]);
    expect(statements.size).toBe(1);
    expect(await named(client)).toEqual(['pglite_1']);
  });

  it('closes the oldest statement past its limit', async () => {
    const statements = preparedStatements(client, { parse, protocol }, 2);
    for (const column of ['id', 'name', 'amount']) await client.query(`select ${column} from things where id = $1`, [1]);
    expect(statements.size).toBe(2);
    expect(await named(client)).toEqual(['pglite_2', 'pglite_3']);
  });

  it('leaves COPY to PGlite’s own path, which carries its rows', async () => {
    preparedStatements(client, { parse, protocol });
    const result = await client.query(`copy (select name from things order by id) to '/dev/blob'`);
    expect(await result.blob!.text()).toBe('one\ntwo\n');
    expect(await named(client)).toEqual([]);
  });

  it('gives PostgreSQL’s error with its code, and the next query works', async () => {
    preparedStatements(client, { parse, protocol });
    const insert = 'insert into things (name) values ($1)';
    await expect(client.query(insert, ['one'])).rejects.toMatchObject({ code: '23505', query: insert });
    await expect(client.query('select nonsense from things')).rejects.toMatchObject({ code: '42703' });
    await expect(client.query('select id from things where id = $1', ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect((await client.query('select count(*)::int as n from things')).rows).toEqual([{ n: 2 }]);
    // A text that failed to parse was not kept; one that failed on its values was, and still works.
    await client.query(insert, ['four']);
    expect(await named(client)).toHaveLength(3);
  });

  it('waits for an open transaction instead of running inside it', async () => {
    preparedStatements(client, { parse, protocol });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query(`insert into things (name) values ('in the transaction')`);
      inserted();
      await held;
      await tx.rollback();
    });
    await insertedYet;
    const outside = client.query<{ n: number }>('select count(*)::int as n from things where name = $1', ['in the transaction']);
    release();
    await transaction.catch(() => undefined);
    // Had it run inside the open transaction it would have seen the row the transaction then rolled back.
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });
});
