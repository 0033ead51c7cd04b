/**
 * Where a bench server's database time goes, statement by statement (`npm run bench -- portal --statement-times`),
 * summed per statement text.
 *
 * - PGlite runs one statement at a time behind its own lock; a statement is timed from the moment it holds the lock
 *   to its answer, so the figure is its own time in this thread (the WebAssembly's work and reading its answer), not
 *   the wait behind other requests' statements.
 * - PostgreSQL: pg's `Pool#query` and `Client#query` (what Drizzle uses) are timed from the call to the answer, the
 *   round trip: the database's time, the socket's and any wait for a pooled connection.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

type Totals = { calls: number; ms: number };
const totals = new Map<string, Totals>();
const statement = new AsyncLocalStorage<string>();

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
function replace(prototype: object, name: string, make: (original: Method) => Method) {
  const target = prototype as Record<string, Method>;
  target[name] = make(target[name]!);
}

/** Starts timing every statement from now on (once per process). PGlite is loaded here, only when asked for. */
export async function timeStatements() {
  const { PGlite } = await import('@electric-sql/pglite');
  const named = (original: Method): Method =>
    function (this: unknown, ...args: unknown[]) {
      const key = keyOf(args[0]);
      return key === undefined ? original.apply(this, args) : statement.run(key, () => original.apply(this, args));
    };
  replace(PGlite.prototype, 'exec', named);
  // The server gives its PGlite a `query` of its own (db/pglite-statements.ts): an accessor on the prototype names
  // whichever `query` an instance is given, as well as PGlite's.
  const own = new WeakMap<object, Method>();
  const prototypeQuery = named((PGlite.prototype as unknown as Record<string, Method>).query!);
  Object.defineProperty(PGlite.prototype, 'query', {
    configurable: true,
    get(this: object) {
      return own.get(this) ?? prototypeQuery;
    },
    set(this: object, query: Method) {
      own.set(this, named(query));
    },
  });
  replace(
    PGlite.prototype,
    '_runExclusiveQuery',
    (original) =>
      function (this: unknown, task: unknown) {
        const key = statement.getStore();
        if (key === undefined) return original.call(this, task);
        return original.call(this, async () => {
          const started = performance.now();
          try {
            return await (task as () => Promise<unknown>)();
          } finally {
            add(key, started);
          }
        });
      },
  );
  for (const prototype of [pg.Client.prototype, pg.Pool.prototype]) {
    // The pool's own query hands a callback to the client it checks out (untimed there), so each is counted once.
    replace(
      prototype,
      'query',
      (original) =>
        function (this: unknown, ...args: unknown[]) {
          const key = keyOf(args[0]);
          const result = original.apply(this, args);
          if (key === undefined || !(result instanceof Promise)) return result;
          const started = performance.now();
          return result.finally(() => add(key, started));
        },
    );
  }
}

/** The statements so far, most time first; `reset` starts the sums again. */
export function statementTimes(reset = false) {
  const list = [...totals.entries()].map(([text, { calls, ms }]) => ({ statement: text, calls, ms: Math.round(ms * 10) / 10 })).sort((a, b) => b.ms - a.ms);
  if (reset) totals.clear();
  return list;
}
