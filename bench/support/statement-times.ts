/**
 * Where a bench server's database time goes, statement by statement (`npm run bench -- portal --statement-times`),
 * summed per statement text. On PostgreSQL (and the embedded PostgreSQL) pg's `Pool#query` and `Client#query` (what
 * Drizzle uses) are timed here from the call to the answer: the round trip (the database's time, the socket's and any
 * wait for a pooled connection). PGlite runs in a thread of its own (decision 087), out of this thread's reach: there
 * the thread times each statement's own time holding PGlite (db/pglite-thread.ts), and `summarize` sorts its sums the
 * same way.
 */
import pg from 'pg';

type Totals = { calls: number; ms: number };
const totals = new Map<string, Totals>();

const add = (key: string, started: number) => {
  const entry = totals.get(key) ?? { calls: 0, ms: 0 };
  entry.calls++;
  entry.ms += performance.now() - started;
  totals.set(key, entry);
};
const keyOf = (first: unknown) => {
  const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
  if (typeof text !== 'string') return undefined;
  // Statements that begin alike (the entity guard and the entity record) stay apart by their length.
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 160)}… (${flat.length} characters)` : flat;
};

type Method = (...args: unknown[]) => unknown;

/** Starts timing every statement from now on (once per process). */
export function timeStatements() {
  for (const prototype of [pg.Client.prototype, pg.Pool.prototype]) {
    const target = prototype as unknown as Record<string, Method>;
    const original = target.query!;
    // The pool's own query hands a callback to the client it checks out (untimed there), so each is counted once.
    target.query = function (this: unknown, ...args: unknown[]) {
      const key = keyOf(args[0]);
      const result = original.apply(this, args);
      if (key === undefined || !(result instanceof Promise)) return result;
      const started = performance.now();
      return result.finally(() => add(key, started));
    };
  }
}

/** Sums per statement, most time first, each statement's text shortened alike. */
export function summarize(entries: { text: string; calls: number; ms: number }[]) {
  const merged = new Map<string, Totals>();
  for (const { text, calls, ms } of entries) {
    const key = keyOf(text) ?? text;
    const entry = merged.get(key) ?? { calls: 0, ms: 0 };
    entry.calls += calls;
    entry.ms += ms;
    merged.set(key, entry);
  }
  return [...merged.entries()].map(([statement, { calls, ms }]) => ({ statement, calls, ms: Math.round(ms * 10) / 10 })).sort((a, b) => b.ms - a.ms);
}

/** The statements timed in this process so far, most time first; `reset` starts the sums again. */
export function statementTimes(reset = false) {
  const list = summarize([...totals.entries()].map(([text, { calls, ms }]) => ({ text, calls, ms })));
  if (reset) totals.clear();
  return list;
}
