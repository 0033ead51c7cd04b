import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type * as PGliteModule from '@electric-sql/pglite';
import { collectAllGarbage } from '../lib/settle-memory';
import { MAX_PREPARED_STATEMENTS, preparedStatements } from './pglite-statements';
import { toError, type Notification, type Reply, type RequestBody, type Started, type ThreadData, type WireOptions } from './pglite-thread-protocol';
import { threadMain } from './pglite-thread-worker';

/**
 * PGlite in a thread of its own (docs/decisions/087-pglite-in-a-thread.md).
 *
 * PGlite runs PostgreSQL as WebAssembly, synchronously: in the server's thread, every statement held the event loop
 * for as long as it ran, so one page's queries delayed every other request's answer, and the server used one core for
 * both its own JavaScript and the database's work. Here PGlite lives in a worker thread and this side sends it
 * statements: the server's thread only waits for answers, and the two share the machine's cores.
 *
 * `PGliteThread` offers what the server asks of PGlite (`query`, `transaction`, `listen`, `dumpDataDir`, `close`)
 * with PGlite's own meaning, so drizzle's PGlite driver and the COPY of db/table-copy.ts work on it unchanged.
 */

type Results = PGliteModule.Results;
type QueryOptions = PGliteModule.QueryOptions;

/**
 * The worker's whole text. `__name` is the helper esbuild (tsx, the bundle) calls to keep functions' names; inside the
 * worker a name is not worth the helper. PGlite is imported by the worker itself, from the file this process would
 * load, so both sides run the same PGlite.
 */
const BOOTSTRAP = `
var __name = (target) => target;
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.moduleUrl).then((pglite) =>
  (MAIN)({ parentPort, workerData, pglite, preparedStatements: (PREPARED), collectAllGarbage: (COLLECT) }),
);
`;

export interface PGliteThreadOptions {
  /** PGlite's folder, or `memory://`. */
  dataDir: string;
  startParams: string[];
  /** Start an empty folder from this dump (a restore). */
  loadDump?: Blob | undefined;
  /** How many statement texts the thread keeps named (decision 086); tests make it small. */
  statementLimit?: number;
  /** Sum each prepared statement's own time, for `statementTimes` (the bench's `--statement-times`). */
  timeStatements?: boolean;
}

/** A query's result as PGlite gives it; `blob` is COPY … TO '/dev/blob''s output. */
export type ThreadResults<T> = Omit<Results, 'rows'> & { rows: T[] };

export interface ThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults<T>>;
  readonly closed: boolean;
}

/** Caller's parsers that only hand the text back, so the worker can do the same; anything else cannot cross. */
const checkedParsers = new WeakMap<object, number[]>();
function rawTypesOf(parsers: NonNullable<QueryOptions['parsers']>): number[] {
  let types = checkedParsers.get(parsers);
  if (!types) {
    const probe = 'text as PostgreSQL sent it';
    types = Object.entries(parsers).map(([type, parse]) => {
      if (parse(probe, Number(type)) !== probe) throw new Error(`A parser for type ${type} that changes the text cannot run in PGlite's thread.`);
      return Number(type);
    });
    checkedParsers.set(parsers, types);
  }
  return types;
}

export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 0;
  #nextTransaction = 0;
  #closed = false;
  #stopped: Error | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (message: Reply | Notification) => {
      if ('channel' in message) {
        for (const listener of this.#listeners.get(message.channel) ?? []) listener(message.payload);
        return;
      }
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      // The thread only holds the process open while an answer is awaited: an idle database never keeps it running.
      if (this.#pending.size === 0) worker.unref();
      if (message.ok) pending.resolve(message.value);
      else pending.reject(toError(message.error));
    });
    const stop = (error: Error) => {
      if (this.#stopped) return;
      this.#stopped = error;
      this.#closed = true;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    worker.on('error', (error) => stop(new Error(`The database thread failed: ${error.message}`)));
    worker.on('exit', (code) => stop(new Error(`The database thread stopped (exit code ${code}).`)));
  }

  static async start(options: PGliteThreadOptions): Promise<PGliteThread> {
    const moduleUrl = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href.replace(/index\.cjs$/, 'index.js');
    const loadDump = options.loadDump ? await options.loadDump.arrayBuffer() : null;
    const workerData: ThreadData = {
      moduleUrl,
      dataDir: options.dataDir,
      startParams: options.startParams,
      loadDump,
      statementLimit: options.statementLimit ?? MAX_PREPARED_STATEMENTS,
      timeStatements: options.timeStatements ?? false,
    };
    // One pass: a name inside a function's text is never taken for a placeholder.
    const parts: Record<string, () => string> = {
      MAIN: () => threadMain.toString(),
      PREPARED: () => preparedStatements.toString(),
      COLLECT: () => collectAllGarbage.toString(),
    };
    const source = BOOTSTRAP.replace(/\b(MAIN|PREPARED|COLLECT)\b/g, (name) => parts[name]!());
    const worker = new Worker(source, { eval: true, workerData, transferList: loadDump ? [loadDump] : [] });
    const started = await new Promise<Started>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The database thread stopped while starting (exit code ${code}).`)));
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    if (!started.started) {
      await worker.terminate();
      throw toError(started.error);
    }
    worker.unref();
    return new PGliteThread(worker);
  }

  get closed() {
    return this.#closed;
  }

  /** The worker (tests look at its thread). */
  get worker() {
    return this.#worker;
  }

  #call<T>(request: RequestBody, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = ++this.#nextId;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (this.#pending.size === 1) this.#worker.ref();
      try {
        this.#worker.postMessage({ ...request, id }, transfer);
      } catch (error) {
        // A value a structured clone cannot carry (a function among the parameters): this call fails, nothing else.
        this.#pending.delete(id);
        if (this.#pending.size === 0) this.#worker.unref();
        reject(error as Error);
      }
    });
  }

  async #query<T>(tx: number | null, text: string, params: unknown[] = [], options: QueryOptions = {}): Promise<ThreadResults<T>> {
    const { rowMode, parsers, paramTypes, blob, ...rest } = options;
    const unsupported = Object.keys(rest).filter((key) => rest[key as keyof typeof rest] !== undefined);
    if (unsupported.length > 0) throw new Error(`Query options PGlite's thread does not carry: ${unsupported.join(', ')}.`);
    const wire: WireOptions = {
      ...(rowMode ? { rowMode } : {}),
      ...(parsers ? { rawTypes: rawTypesOf(parsers) } : {}),
      ...(paramTypes ? { paramTypes } : {}),
      ...(blob ? { blob: await blob.arrayBuffer() } : {}),
    };
    const result = await this.#call<ThreadResults<T> & { blob: ArrayBuffer | null }>(
      { op: 'query', text, params, options: wire, tx },
      wire.blob ? [wire.blob] : [],
    ).catch((error: Error) => {
      // As PGlite's own query does: the statement and its values ride on the error, for the log.
      throw Object.assign(error, { query: text, params });
    });
    return { ...result, blob: result.blob ? new Blob([result.blob]) : undefined } as ThreadResults<T>;
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults<T>> {
    return this.#query<T>(null, text, params, options);
  }

  /** PGlite's transaction: BEGIN, the callback's queries alone on the database, then COMMIT, or ROLLBACK when it throws. */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = ++this.#nextTransaction;
    await this.#call({ op: 'begin', tx: id });
    let closed = false;
    const tx: ThreadTransaction = {
      query: (text, params, options) => this.#query(id, text, params, options),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      await this.#call({ op: 'end', tx: id, commit: false }).catch(() => {});
      throw error;
    }
    closed = true;
    await this.#call({ op: 'end', tx: id, commit: true });
    return result;
  }

  /**
   * From now on every text is parsed once and kept named (docs/decisions/086-pglite-prepared-statements.md). Asked
   * for after the migrations, so that no statement is kept across a change of the tables it reads.
   */
  async prepareStatements(): Promise<void> {
    await this.#call({ op: 'prepare' });
  }

  /**
   * Each prepared statement's calls and own time in ms (its time holding PGlite, not the wait behind others), summed
   * per text since the start or the last reset; empty unless started with `timeStatements`.
   */
  statementTimes(reset = false): Promise<{ text: string; calls: number; ms: number }[]> {
    return this.#call({ op: 'statement-times', reset });
  }

  /** One full collection in the thread's own isolate; false when node runs without `--expose-gc`. */
  collectGarbage(): Promise<boolean> {
    return this.#call({ op: 'collect' });
  }

  /** Follows a NOTIFY channel; resolves with the function that stops it. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let listeners = this.#listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(channel, listeners);
    }
    listeners.add(callback);
    await this.#call({ op: 'listen', channel });
    return async () => {
      listeners.delete(callback);
      if (listeners.size === 0 && this.#listeners.get(channel) === listeners) {
        this.#listeners.delete(channel);
        if (!this.#stopped) await this.#call({ op: 'unlisten', channel });
      }
    };
  }

  /** The data folder as a tar (gzipped unless asked), taken between statements: a consistent copy. */
  async dumpDataDir(compression: 'gzip' | 'none' = 'gzip'): Promise<Blob> {
    const dump = await this.#call<ArrayBuffer>({ op: 'dump', compression });
    return new Blob([dump], { type: compression === 'gzip' ? 'application/x-gzip' : 'application/x-tar' });
  }

  async close(): Promise<void> {
    if (this.#stopped) return;
    try {
      await this.#call({ op: 'close' });
    } finally {
      this.#closed = true;
      await this.#worker.terminate();
    }
  }
}
