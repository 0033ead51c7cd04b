import { Worker } from 'node:worker_threads';

/** The nice value of the worker's thread where the OS lets one thread have its own (Linux): the lowest there is. */
export const LOW_PRIORITY_NICE = 19;

export interface LowPriorityWorkerOptions {
  /**
   * JavaScript source (not TypeScript: the worker runs plain Node, see below) of a function expression
   * `(require, data) => (input) => output`. It runs once in the worker; the function it returns then answers each
   * call on the worker's own thread, so its synchronous work is what gets the low priority. It must return (or resolve
   * to) a value a structured clone can carry, or throw.
   */
  handler: string;
  /** Passed to the handler's outer function as `data` (structured-cloned, so plain values only). */
  data?: unknown;
  /** The worker stops after this long without a call, and its memory goes with it; the next call starts a new one. */
  idleMs?: number;
  nice?: number;
}

/** What the worker says of its own thread: `tid` null where the OS has no per-thread priority we can set. */
export interface WorkerThreadInfo {
  tid: number | null;
  nice: number | null;
}

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };
type PendingCall = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type WorkerState = { worker: Worker; pending: Map<number, PendingCall> };

/**
 * The worker's own code, kept as a string run with `eval: true`: a `.ts` worker file does not load on Node 20 under
 * tsx, nor in vitest, and this code must run the same in `npm start`, the tests and the e2e servers.
 *
 * On Linux a thread's nice value is its own (setpriority(2), NPTL note), and /proc/thread-self names the thread.
 * Elsewhere `os.setPriority` would change the whole process, the thread answering requests included, so there the
 * worker keeps its normal priority rather than slow everything down.
 */
const BOOTSTRAP = `
const { parentPort, workerData } = require('node:worker_threads');
const { readlinkSync } = require('node:fs');
const os = require('node:os');
let tid = null;
try {
  const match = /(?:^|\\/)task\\/(\\d+)$/.exec(readlinkSync('/proc/thread-self'));
  if (match) {
    tid = Number(match[1]);
    os.setPriority(tid, workerData.nice);
  }
} catch {
  // No per-thread priority here: run at normal priority rather than fail the work.
}
const niceOf = () => { try { return tid === null ? null : os.getPriority(tid); } catch { return null; } };
const handle = (HANDLER)(require, workerData.data);
parentPort.on('message', async ({ id, kind, input }) => {
  if (kind === 'thread') return parentPort.postMessage({ id, ok: true, value: { tid, nice: niceOf() } });
  try {
    // postMessage throws too, for a value a structured clone cannot carry: that call fails, the worker lives on.
    // A handler may answer a promise (a decoder whose last step is asynchronous): its value is what is sent.
    parentPort.postMessage({ id, ok: true, value: await handle(input) });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
`;

/**
 * Runs CPU-heavy synchronous work in one worker thread at the lowest CPU priority, so that under a flood of it the
 * thread answering requests (and everything else on the machine) is served first (docs/decisions/083-password-hashing-at-low-priority.md).
 *
 * The worker starts on the first call and never holds the process open while idle. One that dies (killed, crashed)
 * fails the calls it had, and the next call starts a new one. Calls run one after another in the worker: a queue in
 * front (`heavyWork`) decides how many are waiting for it.
 */
export function lowPriorityWorker<Input, Output>(options: LowPriorityWorkerOptions) {
  const idleMs = options.idleMs ?? 60_000;
  const source = BOOTSTRAP.replace('HANDLER', () => options.handler);
  let current: WorkerState | undefined;
  let nextId = 0;
  let idleTimer: NodeJS.Timeout | undefined;

  const start = () => {
    const worker = new Worker(source, {
      eval: true,
      // Not the parent's flags: those may load tsx or a test runner's hooks, which this plain code does not need.
      execArgv: [],
      workerData: { nice: options.nice ?? LOW_PRIORITY_NICE, data: options.data },
    });
    const state: WorkerState = { worker, pending: new Map() };
    const fail = (error: Error) => {
      if (current === state) current = undefined;
      for (const call of state.pending.values()) call.reject(error);
      state.pending.clear();
    };
    worker.on('message', (reply: Reply) => {
      const call = state.pending.get(reply.id);
      if (!call) return;
      state.pending.delete(reply.id);
      if (reply.ok) call.resolve(reply.value);
      else call.reject(new Error(reply.message));
      settle(state);
    });
    worker.on('error', (error) => fail(error));
    worker.on('exit', (code) => fail(new Error(`The low-priority worker stopped (exit code ${code})`)));
    worker.unref();
    return state;
  };

  /** While calls wait for it the worker keeps the process alive (a command awaiting a hash must get it); idle, it does not. */
  const settle = (state: WorkerState) => {
    if (state.pending.size > 0) return;
    state.worker.unref();
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (current === state && state.pending.size === 0) {
        current = undefined;
        void state.worker.terminate();
      }
    }, idleMs).unref();
  };

  const call = (kind: 'run' | 'thread', input?: unknown) => {
    clearTimeout(idleTimer);
    current ??= start();
    const state = current;
    const id = nextId++;
    return new Promise<unknown>((resolve, reject) => {
      state.pending.set(id, { resolve, reject });
      state.worker.ref();
      try {
        state.worker.postMessage({ id, kind, input });
      } catch (error) {
        // An input a structured clone cannot carry: this call fails, the worker stays as it was.
        state.pending.delete(id);
        settle(state);
        throw error;
      }
    });
  };

  return {
    run: (input: Input) => call('run', input) as Promise<Output>,
    /** The worker's thread id and nice value, as the worker itself reads them (starts the worker if needed). */
    thread: () => call('thread') as Promise<WorkerThreadInfo>,
    /** Stops the worker now; its pending calls fail. For tests (a killed worker) and shutdown. */
    async terminate() {
      const state = current;
      if (!state) return;
      current = undefined;
      await state.worker.terminate();
    },
    get running() {
      return current !== undefined;
    },
  };
}
