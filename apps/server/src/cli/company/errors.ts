/** What the operator typed cannot run: one line, then the usage, exit code 2. */
export class UsageError extends Error {}

/** The server cannot be reached or the host's secret is missing: one line, then the usage, exit code 2. */
export class SetupError extends Error {}

/** No server answers where the command looked. */
export class NotAnsweringError extends SetupError {}

/** The server refused the request: its message and field errors, exit code 1. */
export class RefusedError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}
