/**
 * Where a bench server's database time goes, statement by statement (`npm run bench -- portal --statement-times`),
 * summed per statement text: pg's `Pool#query` and `Client#query` (what Drizzle uses) are timed from the call to the
 * answer, the round trip (the database's time, the socket's and any wait for a pooled connection). PostgreSQL and the
 * embedded PostgreSQL only: PGlite runs in a thread of its own (decision 087), out of this thread's reach.
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

/** The statements so far, most time first; `reset` starts the sums again. */
export function statementTimes(reset = false) {
  const list = [...totals.entries()].map(([text, { calls, ms }]) => ({ statement: text, calls, ms: Math.round(ms * 10) / 10 })).sort((a, b) => b.ms - a.ms);
  if (reset) totals.clear();
  return list;
}
