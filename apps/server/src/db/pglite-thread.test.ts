import { PGlite, types } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../../../scripts/server-flags.mjs';
import { PGliteThread } from './pglite-thread';

/**
 * PGlite in a thread of its own (docs/decisions/087-pglite-in-a-thread.md): PGlite's answers, the event loop free.
 * Over 30 s because each case opens PGlite afresh in a new thread (its WebAssembly compiled and initdb run each time),
 * and the collector's case runs a node of its own.
 */
// PGlite itself is under test: the suite's PostgreSQL run has nothing to add here, and skips the file's minute.
const onPglite = describe.skipIf(process.env.TEST_DB === 'postgres');

onPglite('PGlite in its own thread', () => {
  let thread: PGliteThread;

  const SCHEMA = `
    create table things (id serial primary key, name text not null unique, amount numeric(12, 2), seen boolean,
      at timestamptz, tags text[], data jsonb, raw bytea);
    insert into things (name, amount, seen, at, tags, data, raw) values
      ('one', 1.50, true, '2026-11-25 10:00:00+00', '{a,b}', '{"x": 1}', '\\x0102'),
      ('two', null, false, null, null, null, null);`;

  const start = async (options: { timeStatements?: boolean } = {}) => {
    const started = await PGliteThread.start({ dataDir: 'memory://', startParams: PGlite.defaultStartParams, ...options });
    for (const statement of SCHEMA.split(';').filter((text) => text.trim())) await started.query(statement);
    await started.prepareStatements();
    return started;
  };

  beforeEach(async () => {
    thread = await start();
  });
  afterEach(() => thread.close());

  it("sums each statement's calls and own time when started to time them (the bench), and nothing otherwise", async () => {
    const text = 'select name from things where id = $1';
    await thread.query(text, [1]);
    expect(await thread.statementTimes()).toEqual([]);

    const timing = await start({ timeStatements: true });
    try {
      await Promise.all([timing.query(text, [1]), timing.query(text, [2]), timing.query('select count(*) from things')]);
      const times = await timing.statementTimes(true);
      expect(times.map(({ text, calls }) => [text, calls]).sort()).toEqual([
        ['select count(*) from things', 1],
        [text, 2],
      ]);
      expect(times.every(({ ms }) => ms > 0)).toBe(true);
      expect(await timing.statementTimes()).toEqual([]);
    } finally {
      await timing.close();
    }
  });

  it('answers as PGlite in the same thread does, in both row modes and with the parsers drizzle passes', async () => {
    const plain = await PGlite.create();
    await plain.exec(SCHEMA);
    const text = 'select * from things where id = any($1) or name = $2 order by id';
    const timestampsAsText = { parsers: { [types.TIMESTAMPTZ]: (value: string) => value } };
    for (const options of [undefined, { rowMode: 'array' as const }, timestampsAsText]) {
      const mine = await thread.query(text, [[1], 'two'], options);
      const theirs = await plain.query(text, [[1], 'two'], options);
      expect(mine.rows).toEqual(theirs.rows);
      expect(mine.fields).toEqual(theirs.fields);
    }
    const update = await thread.query('update things set seen = $1, raw = $2 where name = $3', [true, Buffer.from([7, 8]), 'two']);
    expect(update.affectedRows).toBe(1);
    const [row] = (await thread.query<{ raw: Uint8Array; at: Date | null }>('select raw, at from things where name = $1', ['two'])).rows;
    expect([...row!.raw]).toEqual([7, 8]);
    await plain.close();
  });

  it('carries PostgreSQL’s error with its code and constraint, and the next query works', async () => {
    const error = await thread.query('insert into things (name) values ($1)', ['one']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'things_name_key', query: 'insert into things (name) values ($1)' });
    expect((await thread.query('select count(*)::int as n from things')).rows).toEqual([{ n: 2 }]);
  });

  it('refuses what cannot cross to the thread, that call alone', async () => {
    await expect(thread.query('select $1::text', [() => 1])).rejects.toThrow();
    const doubling = { parsers: { [types.INT4]: (value: string) => Number(value) * 2 } };
    await expect(thread.query('select 1 as n', [], doubling)).rejects.toThrow(/parser for type 23/);
    expect((await thread.query('select 1 as n')).rows).toEqual([{ n: 1 }]);
  });

  it('commits a transaction, rolls one back when its callback throws, and runs other queries only after it', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await thread.transaction(async (tx) => {
      await tx.query(`insert into things (name) values ('three')`);
      // Sent while the transaction is open: it waits for the commit instead of running inside it.
      outside = thread.query<{ n: number }>('select count(*)::int as n from things').then((result) => order.push(`outside saw ${result.rows[0]!.n}`));
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('transaction done');
    });
    await outside;
    expect(order).toEqual(['transaction done', 'outside saw 3']);

    const failure = new Error('changed my mind');
    await expect(
      thread.transaction(async (tx) => {
        await tx.query(`insert into things (name) values ('four')`);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect((await thread.query(`select name from things where name = 'four'`)).rows).toEqual([]);

    // Through drizzle, as the server uses it: a savepoint inside a transaction.
    const db = drizzle(thread as unknown as PGlite);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into things (name) values ('five')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into things (name) values ('six')`);
          inner.rollback();
        })
        .catch(() => {});
    });
    expect((await thread.query(`select name from things where name in ('five', 'six')`)).rows).toEqual([{ name: 'five' }]);
  });

  it('leaves the event loop free while the database works', async () => {
    // A statement that keeps PostgreSQL busy for a while; timers in this thread go on ticking meanwhile. In the
    // server's own thread the same statement would hold every timer until it ended.
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = performance.now();
    await thread.query('select count(*) from generate_series(1, 3000000) as s join generate_series(1, 1) as t on true');
    const took = performance.now() - started;
    clearInterval(timer);
    expect(took).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThanOrEqual(Math.floor(took / 5 / 4));
  });

  it('forwards NOTIFY to its listeners until they stop', async () => {
    const heard: string[] = [];
    const stop = await thread.listen('changes', (payload) => heard.push(payload));
    await thread.query(`select pg_notify('changes', 'first')`);
    await expect.poll(() => heard).toEqual(['first']);
    await stop();
    await thread.query(`select pg_notify('changes', 'second')`);
    await thread.query('select 1');
    expect(heard).toEqual(['first']);
  });

  it('dumps its folder, which another thread starts from; and COPY hands its rows back as a blob', async () => {
    const dump = await thread.dumpDataDir('gzip');
    const restored = await PGliteThread.start({ dataDir: 'memory://', startParams: PGlite.defaultStartParams, loadDump: dump });
    try {
      expect((await restored.query('select name from things order by id')).rows).toEqual([{ name: 'one' }, { name: 'two' }]);
    } finally {
      await restored.close();
    }
    const copied = await thread.query(`copy (select name from things order by id) to '/dev/blob'`);
    expect(await copied.blob!.text()).toBe('one\ntwo\n');
  });

  it('fails the calls it had when its thread dies, and every call after', async () => {
    const pending = thread.query('select count(*) from generate_series(1, 30000000)');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await thread.worker.terminate();
    await expect(pending).rejects.toThrow(/database thread stopped/);
    await expect(thread.query('select 1')).rejects.toThrow(/database thread stopped/);
    expect(thread.closed).toBe(true);
  });

  it('says which folder it could not open and why, where PGlite fails with a bare file system code', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-pglite-thread-'));
    try {
      const notAFolder = path.join(folder, 'db');
      await writeFile(notAFolder, 'a file where the data folder should be');
      await expect(PGliteThread.start({ dataDir: notAFolder, startParams: PGlite.defaultStartParams })).rejects.toThrow(
        `PGlite could not open ${notAFolder}: a file system call failed with ENOTDIR: not a folder (54)`,
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

const run = promisify(execFile);

/** A node with npm start's flags (the collector exposed) that opens PGlite in its thread and collects there. */
const collectProbe = (threadFile: string) => `
  const { PGliteThread } = await import(${JSON.stringify(threadFile)});
  const thread = await PGliteThread.start({ dataDir: 'memory://', startParams: ${JSON.stringify(PGlite.defaultStartParams)} });
  await new Promise((resolve) => setTimeout(resolve, 200));
  const before = process.memoryUsage().rss;
  const collected = await thread.collectGarbage();
  const after = process.memoryUsage().rss;
  await thread.close();
  process.stdout.write(JSON.stringify({ collected, freed: before - after }));
`;

onPglite("PGlite's thread collects its own garbage", () => {
  it("gives back what opening the database left in its isolate (initdb's memory) when node exposes the collector", async () => {
    // A file, not node's -e: the thread's own code is a script, and -e's --input-type=module would reach it too.
    const folder = await mkdtemp(path.join(os.tmpdir(), 'pglite-collect-'));
    const probe = path.join(folder, 'probe.mjs');
    await writeFile(probe, collectProbe(path.join(import.meta.dirname, 'pglite-thread.ts')));
    const { stdout } = await run(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', probe], { cwd: import.meta.dirname }).finally(() =>
      rm(folder, { recursive: true, force: true }),
    );
    const { collected, freed } = JSON.parse(stdout) as { collected: boolean; freed: number };
    expect(collected).toBe(true);
    // Node 20 gives back about 300 MB here, Node 24 about 24 MB: its V8 had already let go of most of initdb's.
    expect(freed).toBeGreaterThan(12 * 1024 * 1024);
  });

  it('does nothing without the flag', async () => {
    const thread = await PGliteThread.start({ dataDir: 'memory://', startParams: PGlite.defaultStartParams });
    try {
      expect(await thread.collectGarbage()).toBe(false);
    } finally {
      await thread.close();
    }
  });
});
