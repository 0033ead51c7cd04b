import type { MessagePort } from 'node:worker_threads';
import type * as PGliteModule from '@electric-sql/pglite';
import type { collectAllGarbage } from '../lib/settle-memory';
import type { preparedStatements } from './pglite-statements';
import type { Notification, Reply, Request, Started, ThreadData, WireError } from './pglite-thread-protocol';

/**
 * PGlite's side of db/pglite-thread.ts (decision 087): opens the database in the worker, runs the requests the
 * server's thread sends (db/pglite-thread-protocol.ts) and answers each. Only types are imported here: the function
 * below travels as text.
 */

type PGlite = PGliteModule.PGlite;
type QueryOptions = PGliteModule.QueryOptions;

export interface ThreadContext {
  parentPort: MessagePort;
  workerData: ThreadData;
  pglite: typeof PGliteModule;
  preparedStatements: typeof preparedStatements;
  collectAllGarbage: typeof collectAllGarbage;
}

/**
 * The worker's side. It runs from its source text (`toString`) in an `eval` worker: a `.ts` worker file does not
 * load under tsx on Node 20 nor in vitest, and the same text must run in `npm start`, the tests and the e2e servers
 * (as lib/low-priority-worker.ts). So it refers to nothing outside itself but its argument and JavaScript's globals.
 */
export async function threadMain({ parentPort, workerData, pglite, preparedStatements: prepare, collectAllGarbage: collect }: ThreadContext) {
  // Emscripten's numbering (not Linux's), the ones a data folder can meet.
  const ERRNO_NAMES: Record<number, string> = {
    2: 'EACCES: permission denied',
    10: 'EBUSY: busy',
    20: 'EEXIST: already exists',
    29: 'EIO: input/output error',
    31: 'EISDIR: is a folder',
    44: 'ENOENT: no such file or folder',
    51: 'ENOSPC: no space left on the disk',
    54: 'ENOTDIR: not a folder',
    63: 'EPERM: not permitted',
    69: 'EROFS: read-only file system',
  };
  const wireError = (error: unknown): WireError => {
    const fields: Record<string, string | number | boolean> = {};
    if (error && typeof error === 'object') {
      for (const [key, value] of Object.entries(error)) {
        if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
      }
    }
    // PGlite's file system fails with Emscripten's errno objects, which are not Errors and carry no message.
    const errno = typeof fields.errno === 'number' ? fields.errno : null;
    const fileSystem = errno === null ? '' : `a file system call failed with ${ERRNO_NAMES[errno] ?? 'errno'} (${errno})`;
    return {
      name: error instanceof Error ? error.name : 'Error',
      message: error instanceof Error && error.message ? error.message : fileSystem || String(error),
      fields,
    };
  };

  let client: PGlite;
  try {
    const { PGlite } = pglite;
    const loadDataDir = workerData.loadDump ? new Blob([workerData.loadDump]) : undefined;
    client = await PGlite.create({ dataDir: workerData.dataDir, startParams: workerData.startParams, ...(loadDataDir ? { loadDataDir } : {}) });
  } catch (error) {
    const wire = wireError(error);
    wire.message = `PGlite could not open ${workerData.dataDir}: ${wire.message}`;
    parentPort.postMessage({ started: false, error: wire } satisfies Started);
    return;
  }

  /** Identity parsers for the types the caller reads as text, made once per set of types. */
  const rawParsers = new Map<string, Record<number, (value: string) => string>>();
  const parsersFor = (types: number[]) => {
    const key = types.join(',');
    let parsers = rawParsers.get(key);
    if (!parsers) {
      parsers = {};
      for (const type of types) parsers[type] = (value) => value;
      rawParsers.set(key, parsers);
    }
    return parsers;
  };

  interface OpenTransaction {
    tx: PGliteModule.Transaction;
    decide: (commit: boolean) => void;
    ended: Promise<unknown>;
  }
  const transactions = new Map<number, OpenTransaction>();
  /** Thrown inside PGlite's transaction to make it roll back: the caller asked for it, it is no failure. */
  const ROLLBACK = Symbol('rollback');
  const unlisteners = new Map<string, () => Promise<void>>();
  /** Each statement text's calls and own time, when the thread was started to time them (the bench). */
  const statementTimes = new Map<string, { calls: number; ms: number }>();
  const timed = (text: string, ms: number) => {
    const entry = statementTimes.get(text) ?? { calls: 0, ms: 0 };
    entry.calls++;
    entry.ms += ms;
    statementTimes.set(text, entry);
  };

  const run = async (request: Request): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> => {
    switch (request.op) {
      case 'query': {
        const { rowMode, rawTypes, paramTypes, blob } = request.options;
        const options: QueryOptions = {
          ...(rowMode ? { rowMode } : {}),
          ...(rawTypes ? { parsers: parsersFor(rawTypes) } : {}),
          ...(paramTypes ? { paramTypes } : {}),
          ...(blob ? { blob: new Blob([blob]) } : {}),
        };
        let target: Pick<PGlite, 'query'> = client;
        if (request.tx !== null) {
          const open = transactions.get(request.tx);
          if (!open) throw new Error('The transaction is already closed.');
          target = open.tx;
        }
        const result = await target.query(request.text, request.params, options);
        const out = result.blob ? await result.blob.arrayBuffer() : null;
        return {
          value: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows, blob: out },
          ...(out ? { transfer: [out] } : {}),
        };
      }
      case 'begin': {
        let decide!: (commit: boolean) => void;
        const decided = new Promise<boolean>((resolve) => (decide = resolve));
        let opened!: (tx: PGliteModule.Transaction) => void;
        const open = new Promise<PGliteModule.Transaction>((resolve) => (opened = resolve));
        const ended = client.transaction(async (tx) => {
          opened(tx);
          if (!(await decided)) throw ROLLBACK;
        });
        // BEGIN itself may fail (the database closed): then the transaction ends before it opens.
        const tx = await Promise.race([open, ended.then(() => Promise.reject(new Error('The transaction ended before it began.')))]);
        transactions.set(request.tx, { tx, decide, ended: ended.finally(() => transactions.delete(request.tx)) });
        return { value: null };
      }
      case 'end': {
        const open = transactions.get(request.tx);
        if (!open) throw new Error('The transaction is already closed.');
        open.decide(request.commit);
        try {
          await open.ended;
        } catch (error) {
          if (error !== ROLLBACK) throw error;
        }
        return { value: null };
      }
      case 'listen': {
        if (!unlisteners.has(request.channel)) {
          const channel = request.channel;
          const unlisten = await client.listen(channel, (payload) => parentPort.postMessage({ channel, payload } satisfies Notification));
          unlisteners.set(channel, unlisten);
        }
        return { value: null };
      }
      case 'unlisten': {
        const unlisten = unlisteners.get(request.channel);
        unlisteners.delete(request.channel);
        if (unlisten && !client.closed) await unlisten();
        return { value: null };
      }
      case 'dump': {
        const dump = await (await client.dumpDataDir(request.compression)).arrayBuffer();
        return { value: dump, transfer: [dump] };
      }
      case 'prepare': {
        prepare(client, pglite, workerData.statementLimit, workerData.timeStatements ? timed : undefined);
        return { value: null };
      }
      case 'statement-times': {
        const value = [...statementTimes.entries()].map(([text, { calls, ms }]) => ({ text, calls, ms }));
        if (request.reset) statementTimes.clear();
        return { value };
      }
      case 'collect': {
        // The thread's isolate has its own heap, which the server's collection does not reach: initdb's WebAssembly
        // memory, hundreds of MB after a first start, stays there until this isolate collects.
        return { value: collect() };
      }
      case 'close': {
        if (!client.closed) await client.close();
        return { value: null };
      }
    }
  };

  parentPort.on('message', (request: Request) => {
    run(request).then(
      ({ value, transfer }) => parentPort.postMessage({ id: request.id, ok: true, value } satisfies Reply, transfer ?? []),
      (error: unknown) => parentPort.postMessage({ id: request.id, ok: false, error: wireError(error) } satisfies Reply),
    );
  });
  parentPort.postMessage({ started: true } satisfies Started);
}
