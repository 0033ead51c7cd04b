import { hash as hashOnPool } from '@node-rs/argon2';
import { existsSync, readFileSync, readlinkSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/suite';
import { createUser, nextIp, postJson } from '../../../test/sign-in';
import { passwords, passwordWorker } from './password';

/** Passwords hash in one worker thread at the lowest priority (docs/decisions/083-password-hashing-at-low-priority.md). */

const t = useTestApp();
const PASSWORD = 'correct horse battery';

/** A thread's state (field 3 of /proc/self/task/<tid>/stat) and nice (field 19); the name before them may hold spaces. */
function threadStat(tid: number) {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0]!, nice: Number(fields[19 - 3]) };
}

describe('password hashing in its worker', () => {
  it('makes argon2id hashes that verify with the right password only; a garbage hash is false, not an error', async () => {
    const hash = await passwords.hash(PASSWORD);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await passwords.verify(hash, PASSWORD)).toBe(true);
    expect(await passwords.verify(hash, 'not the password')).toBe(false);
    expect(await passwords.verify('not a hash at all', PASSWORD)).toBe(false);
    expect(await passwords.verify('', PASSWORD)).toBe(false);
    expect(await passwords.verify(hash.slice(0, -10), PASSWORD)).toBe(false);
  });

  it('verifies the hashes stored before it (made on the thread pool)', async () => {
    const stored = await hashOnPool(PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(await passwords.verify(stored, PASSWORD)).toBe(true);
    expect(await passwords.verify(stored, 'wrong')).toBe(false);
  });

  it.runIf(process.platform === 'linux' && existsSync('/proc/thread-self'))(
    'hashes on a thread at nice 19 while the thread answering requests keeps its own',
    async () => {
      const mainTid = Number(/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))![1]);
      const mainNice = threadStat(mainTid).nice;
      const { tid } = await passwordWorker.thread();
      expect(tid).not.toBeNull();
      expect(tid).not.toBe(mainTid);

      // Several hashes in a row, so one is surely running when the kernel's books are read.
      let done = false;
      const hashing = Promise.all(Array.from({ length: 4 }, (_, index) => passwords.hash(`password-${index}`))).finally(() => (done = true));
      const seen: { state: string; nice: number }[] = [];
      while (!done) {
        seen.push(threadStat(tid!));
        expect(threadStat(mainTid).nice).toBe(mainNice);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await hashing;
      expect(seen.some(({ state }) => state === 'R')).toBe(true);
      expect(seen.every(({ nice }) => nice === 19)).toBe(true);
      expect(threadStat(mainTid).nice).toBe(mainNice);
    },
  );

  it('survives its worker being killed: pending calls fail as refusals, and signing in works again', async () => {
    const { email } = await createUser(t.app, { password: PASSWORD });
    const storedHash = await passwords.hash(PASSWORD);

    // Each call made on a worker just started (loading argon2 takes it a while), so it is surely pending when killed.
    await passwordWorker.terminate();
    const pendingVerify = passwords.verify(storedHash, PASSWORD);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await passwordWorker.terminate();
    // A verify cut short is a refusal; a hash cut short an error its caller already answers. Neither hangs.
    expect(await pendingVerify).toBe(false);

    await passwordWorker.terminate();
    const pendingHash = passwords.hash('another password');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await passwordWorker.terminate();
    await expect(pendingHash).rejects.toThrow(/stopped/);
    expect(passwordWorker.running).toBe(false);

    const signIn = await postJson(t.app, '/api/auth/login', { email, password: PASSWORD }, { ip: nextIp() });
    expect(signIn.statusCode).toBe(200);
    expect(passwordWorker.running).toBe(true);
    const wrong = await postJson(t.app, '/api/auth/login', { email, password: 'not it' }, { ip: nextIp() });
    expect(wrong.statusCode).toBe(422);
  });

  it('makes the stand-in hash again when the worker died while making it', async () => {
    // A fresh copy of the module: the app's own stand-in was made when it started.
    vi.resetModules();
    const fresh = await import('./password');
    const first = fresh.dummyPasswordHash();
    await new Promise((resolve) => setTimeout(resolve, 10));
    await fresh.passwordWorker.terminate();
    await expect(first).rejects.toThrow();
    const again = await fresh.dummyPasswordHash();
    expect(again).toMatch(/^\$argon2id\$/);
    expect(await fresh.dummyPasswordHash()).toBe(again);
    await fresh.passwordWorker.terminate();
  });
});
