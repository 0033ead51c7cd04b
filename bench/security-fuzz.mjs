/**
 * The fuzz suite (apps/server/test/security/fuzz.test.ts) at full size: `--fuzz-runs` requests through inject,
 * 200,000 by default (5,000 with --quick, as in `npm test`), and a twentieth as many raw-socket connections.
 */
import { runSecuritySuite } from './security-suite.mjs';

export async function benchFuzz({ full, option }) {
  const runs = Number(option('fuzz-runs', full ? 200_000 : 5_000));
  const seed = option('seed', null);
  const figures = await runSecuritySuite('fuzz.test.ts', {
    SECURITY_FUZZ_RUNS: String(runs),
    SECURITY_FUZZ_SOCKETS: String(Math.max(200, Math.round(runs / 20))),
    ...(seed ? { SECURITY_SEED: String(seed) } : {}),
  });
  const n = (value) => (typeof value === 'number' ? value.toLocaleString('en-US') : '-');
  const mb = (value) => (typeof value === 'number' ? value.toFixed(1) : '-');
  return {
    ...figures,
    summary: [
      [
        'malformed requests on every route, and raw sockets',
        `${n(figures.requests)} requests + ${n(figures.socketRequests)} raw connections (seed ${figures.seed}): ${n(figures.serverErrors)} answers ≥ 500, ` +
          `${n(figures.outOfShape)} errors out of shape; heap after GC ${mb(figures.heapBeforeMb)} → ${mb(figures.heapAfterMb)} MB; ` +
          `${((figures.elapsedMs ?? 0) / 1000).toFixed(0)} s; ${figures.passed ? 'passed' : `**failed**: ${String(figures.failure ?? '').split('\n')[0]}`}`,
      ],
    ],
  };
}
