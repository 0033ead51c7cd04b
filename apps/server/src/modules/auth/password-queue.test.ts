import { availableParallelism } from 'node:os';
import { expect, it } from 'vitest';
import { heavyWork } from '../../lib/concurrency';
import { passwords } from './password';

/** A sign-in flood must queue its hashes behind one core fewer than the machine has (docs/decisions/081-one-queue-for-heavy-work.md). */
it('hashes and verifies passwords through the one queue of heavy work, never more at once than it allows', async () => {
  const limit = Math.max(1, availableParallelism() - 1);
  let most = 0;
  let queuedSeen = 0;
  const sample = setInterval(() => {
    most = Math.max(most, heavyWork.active);
    queuedSeen = Math.max(queuedSeen, heavyWork.queued);
  }, 1);
  try {
    const hashes = await Promise.all(Array.from({ length: limit + 3 }, (_, index) => passwords.hash(`password-${index}`)));
    expect(await Promise.all(hashes.map((hash, index) => passwords.verify(hash, `password-${index}`)))).toEqual(hashes.map(() => true));
  } finally {
    clearInterval(sample);
  }
  expect(most).toBeGreaterThan(0);
  expect(most).toBeLessThanOrEqual(limit);
  expect(queuedSeen).toBeGreaterThan(0);
});
