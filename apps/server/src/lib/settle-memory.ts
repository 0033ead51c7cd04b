type Collect = (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * Every collection this isolate can run: a regular full one, then V8's last-resort one. Node 24's V8 keeps the pages a
 * collection frees for its own reuse, still resident; only a last-resort collection hands them back to the system
 * (Node 20's V8 ignores the options). False without node's `--expose-gc`.
 *
 * Self-contained: PGlite's thread runs it from its source text (db/pglite-thread.ts), since its isolate has a heap of
 * its own.
 */
export function collectAllGarbage(): boolean {
  const gc = (globalThis as { gc?: Collect }).gc;
  if (typeof gc !== 'function') return false;
  gc();
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  return true;
}

/**
 * One full garbage collection once the server is ready. Opening the database, the migrations' check and a first
 * start's demo seed leave garbage that nothing collects while the server waits for its first customers: V8 runs a
 * full collection only when the heap grows. Collected, the server's memory at rest is what it holds, not what it left
 * on its way there (docs/decisions/094-a-small-young-generation.md). `alsoCollect` runs next: another isolate's
 * collection (PGlite's thread), which this one does not reach.
 *
 * Needs node's `--expose-gc`, which `npm start` passes; without it (the tests, `npm run dev`) this does nothing.
 */
export function settleMemoryAfterStart(options: { delayMs?: number; alsoCollect?: () => Promise<unknown> } = {}): void {
  if (typeof (globalThis as { gc?: unknown }).gc !== 'function') return;
  setTimeout(() => {
    collectAllGarbage();
    // A database closed meanwhile (a stop) has nothing left to collect.
    options.alsoCollect?.().catch(() => undefined);
  }, options.delayMs ?? 2000).unref();
}
