import { hash, verify } from '@node-rs/argon2';
import { heavyWork } from '../../lib/concurrency';

/** OWASP's argon2id parameters (m=19456 KiB, t=2, p=1). */
const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashing behind one object so tests can count the work done: an unknown email must cost the same
 * hashing as a wrong password, or its timing tells who has an account.
 */
export const passwords = {
  hash(password: string): Promise<string> {
    return heavyWork.run(() => hash(password, ARGON2_OPTIONS));
  },
  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await heavyWork.run(() => verify(passwordHash, password));
    } catch {
      return false;
    }
  },
};

let dummyHash: Promise<string> | undefined;
/** A real argon2id hash of nothing anyone knows, verified when there is no user to verify against. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= passwords.hash(`no-such-user-${Math.random()}`);
  return dummyHash;
}

export const hashPassword = (password: string) => passwords.hash(password);
export const verifyPassword = (passwordHash: string, password: string) => passwords.verify(passwordHash, password);
