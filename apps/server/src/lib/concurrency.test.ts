import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './concurrency';

describe('concurrencyLimit', () => {
  it('runs at most its limit at once, the rest in the order they came, and every task to its end', async () => {
    const limit = concurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const tasks = Array.from({ length: 7 }, (_, index) =>
      limit.run(async () => {
        started.push(index);
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        return index * 10;
      }),
    );
    expect(limit.queued).toBe(5);
    expect(await Promise.all(tasks)).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(limit.active).toBe(0);
  });

  it('frees its place when a task fails', async () => {
    const limit = concurrencyLimit(1);
    await expect(limit.run(async () => Promise.reject(new Error('broken image')))).rejects.toThrow('broken image');
    expect(await limit.run(async () => 'next')).toBe('next');
  });
});
