/**
 * Load part of `npm run bench -- security`: apps/server/test/load.ts with 50 sessions for 60 s (full), 8 for 10 s
 * otherwise; --sessions= and --seconds= change them. Fails the run past the bounds: an error, a JSON p99 of 100 ms or
 * more, an event-loop p99 of 20 ms or more.
 */
import { tsImport } from 'tsx/esm/api';

export async function benchLoad({ full, option, log }) {
  const { runLoad } = await tsImport('../apps/server/test/load.ts', import.meta.url);
  const figures = await runLoad({
    seconds: Number(option('seconds', full ? 60 : 10)),
    sessions: Number(option('sessions', full ? 50 : 8)),
    flooders: 4,
    imageFetchers: 2,
    log,
  });
  log(JSON.stringify(figures));
  const within = figures.errors === 0 && figures.jsonP99Ms < 100 && figures.eventLoopP99Ms < 20;
  if (!within) process.exitCode = 1;
  return {
    ...figures,
    within,
    summary: [
      [
        `${figures.sessions} sessions × ${figures.seconds} s`,
        `${figures.jsonRequests} JSON reads, p50 ${figures.jsonP50Ms} ms, **p99 ${figures.jsonP99Ms} ms** (bound 100); **${figures.errors} errors**; ` +
          `event loop **p99 ${figures.eventLoopP99Ms} ms** (bound 20), max ${figures.eventLoopMaxMs} ms; ` +
          `flood ${figures.floodAttempts} wrong sign-ins, ${figures.flood429} refused 429; ${figures.imageRequests} image variants, p99 ${figures.imageP99Ms} ms`,
      ],
    ],
  };
}
