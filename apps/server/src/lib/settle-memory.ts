/**
 * One full garbage collection once the server is ready. Opening the database, the migrations' check and a first
 * start's demo seed leave garbage that nothing collects while the server waits for its first customers: V8 runs a
 * full collection only when the heap grows. Collected, the server's memory at rest is what it holds, not what it left
 * on its way there (docs/decisions/094-a-small-young-generation.md).
 *
 * Needs node's `--expose-gc`, which `npm start` passes; without it (the tests, `npm run dev`) this does nothing.
 */
export function settleMemoryAfterStart(delayMs = 2000): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc !== 'function') return;
  setTimeout(() => gc(), delayMs).unref();
}
