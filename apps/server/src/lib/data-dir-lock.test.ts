import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, lockFileOf } from './data-dir-lock';

let root: string;
let folder: string;
const children: ChildProcess[] = [];

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'portal-lock-'));
  folder = path.join(root, 'db');
});

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await rm(root, { recursive: true, force: true });
});

const SERVER = { role: 'the server', ifHeld: 'stop that process first' };

/** A process that stays alive until the test ends. */
async function liveProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child.pid!;
}

/** The pid of a process that has already exited. */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
}

function writeLock(holder: object): void {
  writeFileSync(lockFileOf(folder), `${JSON.stringify(holder)}\n`);
}

function lockedMessage(): string {
  try {
    lockDataDir(folder, { role: 'npm run seed', ifHeld: 'stop that process first, then seed' }).release();
  } catch (error) {
    expect(error).toBeInstanceOf(DataDirLockedError);
    return (error as Error).message;
  }
  throw new Error('the folder was not locked');
}

describe('the data folder lock', () => {
  it('keeps a second opener out until the first lets go, and says who holds it and what to do', () => {
    const first = lockDataDir(folder, SERVER);
    const message = lockedMessage();
    expect(message).toMatch(
      new RegExp(
        `^The database folder ${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use by the server \\(pid ${process.pid}, since \\d{4}-\\d\\d-\\d\\dT[^)]*\\): stop that process first, then seed\\.$`,
      ),
    );
    expect(message).not.toContain('\n');

    first.release();
    expect(existsSync(lockFileOf(folder))).toBe(false);
    lockDataDir(folder, SERVER).release();
  });

  it('refuses while another live process holds it', async () => {
    const pid = await liveProcess();
    writeLock({ pid, since: '2026-01-01T00:00:00.000Z', role: 'the server' });
    expect(lockedMessage()).toContain(`in use by the server (pid ${pid}, since 2026-01-01T00:00:00.000Z)`);
  });

  it('takes over the lock of a process that is gone (killed with SIGKILL)', () => {
    writeLock({ pid: deadPid(), since: '2026-01-01T00:00:00.000Z', role: 'the server' });
    const lock = lockDataDir(folder, SERVER);
    expect(JSON.parse(readFileSync(lockFileOf(folder), 'utf8'))).toMatchObject({ pid: process.pid, role: 'the server' });
    lock.release();
  });

  it('takes over a lock left with our own pid by an earlier process (a restarted container reuses pids)', () => {
    writeLock({ pid: process.pid, since: '2026-01-01T00:00:00.000Z', role: 'the server' });
    lockDataDir(folder, SERVER).release();
  });

  it.skipIf(!existsSync('/proc/self/stat'))('takes over when the pid now belongs to a process that started later', async () => {
    const pid = await liveProcess();
    writeLock({ pid, since: '2026-01-01T00:00:00.000Z', role: 'the server', start: 'another-boot:1' });
    lockDataDir(folder, SERVER).release();
  });

  it('treats a lock file still being written as held, and one left half-written long ago as stale', () => {
    writeFileSync(lockFileOf(folder), '');
    expect(lockedMessage()).toBe(`The database folder ${folder} is being opened by another process right now: stop that process first, then seed.`);

    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(lockFileOf(folder), longAgo, longAgo);
    lockDataDir(folder, SERVER).release();
  });

  it('never deletes a lock another process has taken over', () => {
    const lock = lockDataDir(folder, SERVER);
    writeLock({ pid: 1, since: '2026-01-01T00:00:00.000Z', role: 'the server' });
    lock.release();
    expect(existsSync(lockFileOf(folder))).toBe(true);
  });

  it('is let go when the process exits', () => {
    const script = `import { lockDataDir } from ${JSON.stringify(path.resolve(import.meta.dirname, 'data-dir-lock.ts'))};
      lockDataDir(${JSON.stringify(folder)}); console.log('held');`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stdout.trim()).toBe('held');
    expect(existsSync(lockFileOf(folder))).toBe(false);
  });
});
