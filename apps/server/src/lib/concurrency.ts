import { availableParallelism } from 'node:os';

/**
 * Runs at most `limit` tasks at once; the rest wait their turn, first come first served. For work
 * that would otherwise take every core (image encodes), so a flood of it queues instead of starving
 * everything else the process does.
 */
export function concurrencyLimit(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];

  const next = () => {
    active--;
    waiting.shift()?.();
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      active++;
      try {
        return await task();
      } finally {
        next();
      }
    },
    get active() {
      return active;
    },
    get queued() {
      return waiting.length;
    },
  };
}

/**
 * One queue for the process's CPU-heavy work, password hashes and image encodes alike: at most one task fewer than the
 * machine has cores at once, so the thread that answers requests always keeps a core. A sign-in flood and a burst of
 * image variants then wait their turn instead of starving the JSON routes (docs/decisions/081-one-queue-for-heavy-work.md).
 */
export const heavyWork = concurrencyLimit(Math.max(1, availableParallelism() - 1));
