import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { ACCOUNT_MESSAGES, PASSWORD_MIN_LENGTH } from '@portal/contract';
import { heavyWork } from '../../lib/concurrency';
import { invalid } from '../../lib/http-errors';
import { loadOnce } from '../../lib/load-once';
import { lowPriorityWorker } from '../../lib/low-priority-worker';

/** OWASP's argon2id parameters (m=19456 KiB, t=2, p=1). */
const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

type PasswordTask = { op: 'hash'; password: string } | { op: 'verify'; passwordHash: string; password: string };

/**
 * Hashes on the worker's own thread (the sync calls), not on libuv's pool, so they run at the worker's low priority:
 * a sign-in flood waits for the CPU, customers' requests do not (docs/decisions/083-password-hashing-at-low-priority.md).
 * Plain JavaScript, run by the worker as it is.
 */
const ARGON2_HANDLER = `(require, { argon2Path, options }) => {
  const { hashSync, verifySync } = require(argon2Path);
  return (task) => (task.op === 'hash' ? hashSync(task.password, options) : verifySync(task.passwordHash, task.password));
}`;

/** The one worker that hashes passwords; exported for the tests (its thread's priority, a killed worker). */
export const passwordWorker = lowPriorityWorker<PasswordTask, string | boolean>({
  handler: ARGON2_HANDLER,
  data: { argon2Path: createRequire(import.meta.url).resolve('@node-rs/argon2'), options: ARGON2_OPTIONS },
});

/**
 * Hashing behind one object so tests can count the work done: an unknown email must cost the same
 * hashing as a wrong password, or its timing tells who has an account. The queue in front keeps hashes and image
 * encodes within one budget of cores (docs/decisions/081-one-queue-for-heavy-work.md).
 */
export const passwords = {
  async hash(password: string): Promise<string> {
    const result = await heavyWork.run(() => passwordWorker.run({ op: 'hash', password }));
    if (typeof result !== 'string') throw new Error('The password worker answered no hash');
    return result;
  },
  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return (await heavyWork.run(() => passwordWorker.run({ op: 'verify', passwordHash, password }))) === true;
    } catch {
      // A malformed hash, or a worker that died mid-call: a refusal, never an error page.
      return false;
    }
  },
};

let dummyHash: Promise<string> | undefined;
/** A real argon2id hash of nothing anyone knows, verified when there is no user to verify against. */
export function dummyPasswordHash(): Promise<string> {
  // Not kept when it failed (a worker killed mid-hash): the next sign-in makes it again.
  dummyHash ??= passwords.hash(`no-such-user-${Math.random()}`).catch((error: unknown) => {
    dummyHash = undefined;
    throw error;
  });
  return dummyHash;
}

export const hashPassword = (password: string) => passwords.hash(password);
export const verifyPassword = (passwordHash: string, password: string) => passwords.verify(passwordHash, password);

/**
 * The passwords leaked most often (zxcvbn-ts's common list, about 49,000 from breach corpora, maintained with that
 * library), those long enough to be chosen here, lower-cased. Read by the first password chosen, not at start: a
 * server at rest need not hold them (docs/decisions/118-common-passwords-refused.md).
 */
const loadCommonPasswords = loadOnce(async () => {
  const file = createRequire(import.meta.url).resolve('@zxcvbn-ts/language-common/src/passwords.json');
  const list = JSON.parse(await readFile(file, 'utf8')) as string[];
  return new Set(list.filter((password) => password.length >= PASSWORD_MIN_LENGTH).map((password) => password.toLowerCase()));
});

/** 422 naming `field` when a password being chosen is one of the common ones ("password", "12345678", "iloveyou1"). */
export async function refuseCommonPassword(password: string, field = 'password'): Promise<void> {
  if ((await loadCommonPasswords()).has(password.toLowerCase())) throw invalid({ [field]: [ACCOUNT_MESSAGES.commonPassword] });
}
