import { describe, expect, it } from 'vitest';
import { TEST_DB } from './helpers';
import { runLoad } from './load';

/**
 * Customers reading pages while a sign-in flood and image encodes run (load.ts), for a few seconds at low concurrency:
 * no session sees an error and the flood is refused by the rate limits. Latency and event-loop figures depend on the
 * machine; `npm run bench -- security` measures them (50 sessions, 60 s) against the bounds in bench/README.md.
 * About 30 s: a real server under ten seconds of load, after its start and warm-up.
 */
describe.skipIf(TEST_DB !== 'pglite')('the portal under a sign-in flood and image encodes', () => {
  it('answers every session, and refuses the flood with 429 once the limits bite', async () => {
    const figures = await runLoad({ seconds: 10, warmupSeconds: 2, sessions: 8, flooders: 2, imageFetchers: 1 });
    expect(figures.errorSamples).toEqual([]);
    expect(figures.errors).toBe(0);
    expect(figures.signIns).toBe(8);
    expect(figures.jsonRequests).toBeGreaterThan(8 * 6);
    // The warm-up's reads are counted apart from the measured ones.
    expect(figures.warmup.jsonRequests).toBeGreaterThan(0);
    expect(figures.eventLoopP99Ms).toBeGreaterThanOrEqual(0);
    expect(figures.flood429).toBeGreaterThan(0);
    expect(figures.imageRequests).toBeGreaterThan(0);
  }, 600_000);
});
