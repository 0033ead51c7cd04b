import { existsSync, readFileSync, readlinkSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { getPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { LOW_PRIORITY_NICE, lowPriorityWorker } from './low-priority-worker';

/** A handler that keeps its thread busy for `ms` milliseconds, then answers; or throws, or ends its thread, on request. */
const BUSY_HANDLER = `(require, data) => (input) => {
  if (input.throw) throw new Error(input.throw);
  if (input.exit) process.exit(3);
  if (input.unclonable) return () => 'a function';
  const until = Date.now() + input.ms;
  while (Date.now() < until);
  return { label: data.label, done: input.ms };
}`;

const here = path.dirname(fileURLToPath(import.meta.url));
const run = promisify(execFile);

type BusyInput = { ms: number; throw?: string; exit?: boolean; unclonable?: boolean };
type BusyOutput = { label: string; done: number };

const workers: { terminate(): Promise<void> }[] = [];
function busyWorker(idleMs?: number) {
  const worker = lowPriorityWorker<BusyInput, BusyOutput>({ handler: BUSY_HANDLER, data: { label: 'busy' }, ...(idleMs ? { idleMs } : {}) });
  workers.push(worker);
  return worker;
}
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.terminate()));
});

/** A thread's state (field 3 of /proc/self/task/<tid>/stat) and nice (field 19); the name before them may hold spaces. */
function threadStat(tid: number) {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0], nice: Number(fields[19 - 3]) };
}

const perThreadPriority = process.platform === 'linux' && existsSync('/proc/thread-self');

describe('a low-priority worker', () => {
  it('runs the handler and answers its result; a throw rejects that call only', async () => {
    const worker = busyWorker();
    expect(worker.running).toBe(false);
    await expect(worker.run({ ms: 1 })).resolves.toEqual({ label: 'busy', done: 1 });
    expect(worker.running).toBe(true);
    await expect(worker.run({ ms: 0, throw: 'bad input' })).rejects.toThrow('bad input');
    await expect(worker.run({ ms: 2 })).resolves.toEqual({ label: 'busy', done: 2 });
  });

  it.runIf(perThreadPriority)('runs at nice 19 on its own thread while the calling thread keeps its priority', async () => {
    const worker = busyWorker();
    const mainTid = Number(/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))![1]);
    const mainNiceBefore = threadStat(mainTid).nice;
    const { tid, nice } = await worker.thread();
    expect(tid).not.toBeNull();
    expect(tid).not.toBe(mainTid);
    expect(nice).toBe(LOW_PRIORITY_NICE);

    const busy = worker.run({ ms: 300 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Read by the kernel's books while the work runs, not by the worker's own word.
    expect(threadStat(tid!)).toEqual({ state: 'R', nice: LOW_PRIORITY_NICE });
    expect(threadStat(mainTid).nice).toBe(mainNiceBefore);
    expect(getPriority()).toBe(mainNiceBefore);
    await busy;
  });

  it('fails the pending calls of a worker that is killed, and the next call starts a new one', async () => {
    const worker = busyWorker();
    const first = await worker.thread();
    const pending = worker.run({ ms: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await worker.terminate();
    await expect(pending).rejects.toThrow(/stopped/);
    expect(worker.running).toBe(false);

    await expect(worker.run({ ms: 1 })).resolves.toEqual({ label: 'busy', done: 1 });
    if (perThreadPriority) expect((await worker.thread()).tid).not.toBe(first.tid);
  });

  it('fails the pending calls of a worker whose thread ends by itself, and carries on with a new one', async () => {
    const worker = busyWorker();
    await expect(worker.run({ ms: 0, exit: true })).rejects.toThrow(/exit code 3/);
    await expect(worker.run({ ms: 1 })).resolves.toEqual({ label: 'busy', done: 1 });
  });

  it('stops after its idle time, and starts again on the next call', async () => {
    const worker = busyWorker(100);
    await worker.run({ ms: 1 });
    expect(worker.running).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(worker.running).toBe(false);
    await expect(worker.run({ ms: 1 })).resolves.toEqual({ label: 'busy', done: 1 });
  });

  it('keeps the process alive while a call is pending, and not once it is idle', async () => {
    const script = [
      `const { lowPriorityWorker } = await import(${JSON.stringify(path.join(here, 'low-priority-worker.ts'))});`,
      `const worker = lowPriorityWorker({ handler: ${JSON.stringify(BUSY_HANDLER)}, data: { label: 'alone' } });`,
      // Nothing else holds the event loop: only the pending call may keep the process until its answer.
      `worker.run({ ms: 200 }).then((result) => console.log(JSON.stringify(result)));`,
    ].join('\n');
    const started = Date.now();
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: here, timeout: 20_000 });
    expect(JSON.parse(stdout)).toEqual({ label: 'alone', done: 200 });
    // The idle worker (60 s before it stops by itself) did not keep the process.
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('rejects an input it cannot send or a result it cannot answer, and keeps working', async () => {
    const worker = busyWorker();
    await expect(worker.run({ ms: 1, throw: (() => 'x') as unknown as string })).rejects.toThrow();
    await expect(worker.run({ ms: 1 })).resolves.toEqual({ label: 'busy', done: 1 });
    const { tid } = await worker.thread();
    await expect(worker.run({ ms: 1, unclonable: true })).rejects.toThrow(/could not be cloned/);
    await expect(worker.run({ ms: 1 })).resolves.toEqual({ label: 'busy', done: 1 });
    expect((await worker.thread()).tid).toBe(tid);
  });
});
