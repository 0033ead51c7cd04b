import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

/**
 * The server logs through pino (off in tests), so anything reaching console.error is a
 * problem nobody asserted on: fail the test that caused it.
 */
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  const calls = consoleError.mock.calls.map((args) => args.map(String).join(' '));
  consoleError.mockRestore();
  if (calls.length > 0) throw new Error(`Unexpected console.error:\n${calls.join('\n')}`);
});
