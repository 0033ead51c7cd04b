/**
 * What crosses between the server's thread (db/pglite-thread.ts) and PGlite's (db/pglite-thread-worker.ts): the
 * worker's start data, the requests, the replies and notifications, and a database error as it travels (decision 087).
 * Only structured-clone values cross: no functions, no class instances.
 */

/** What the worker is told at start. */
export interface ThreadData {
  moduleUrl: string;
  dataDir: string;
  startParams: string[];
  loadDump: ArrayBuffer | null;
  statementLimit: number;
  timeStatements: boolean;
}

/** A query's options as they cross: no functions, so drizzle's parsers travel as the types they leave as text. */
export interface WireOptions {
  rowMode?: 'array' | 'object';
  rawTypes?: number[];
  paramTypes?: number[];
  blob?: ArrayBuffer;
}

export type Request =
  | { id: number; op: 'query'; text: string; params: unknown[]; options: WireOptions; tx: number | null }
  | { id: number; op: 'begin'; tx: number }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen' | 'unlisten'; channel: string }
  | { id: number; op: 'dump'; compression: 'gzip' | 'none' }
  | { id: number; op: 'statement-times'; reset: boolean }
  | { id: number; op: 'prepare' | 'collect' | 'close' };

/** A request before the thread's side gives it its number. */
export type RequestBody = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** A database error as it crosses: its message and PostgreSQL's fields (code, constraint, detail…). */
export interface WireError {
  name: string;
  message: string;
  fields: Record<string, string | number | boolean>;
}

export type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError };
export type Notification = { channel: string; payload: string };
export type Started = { started: true } | { started: false; error: WireError };

/** PGlite's errors as they arrive: PostgreSQL's fields (`code`, `constraint`…) on the error, as on PGlite's own. */
export function toError(wire: WireError): Error {
  const error = Object.assign(new Error(wire.message), wire.fields);
  error.name = wire.name;
  return error;
}
