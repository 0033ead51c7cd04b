/**
 * The isolation matrix (apps/server/test/security/isolation.test.ts) at full size: `--isolation-runs` requests,
 * 50,000 by default (2,000 with --quick, as in `npm test`); `--seed=N` replays a run.
 */
import { runSecuritySuite } from './security-suite.mjs';

export async function benchIsolation({ full, option }) {
  const runs = Number(option('isolation-runs', full ? 50_000 : 2_000));
  const seed = option('seed', null);
  const figures = await runSecuritySuite('isolation.test.ts', { SECURITY_ISOLATION_RUNS: String(runs), ...(seed ? { SECURITY_SEED: String(seed) } : {}) });
  const n = (value) => (typeof value === 'number' ? value.toLocaleString('en-US') : '-');
  return {
    ...figures,
    summary: [
      [
        'every route × every caller × other tenants’ ids',
        `${n(figures.requests)} requests (seed ${figures.seed}): ${n(figures.leaks)} leaks, ${n(figures.unexpected)} unexpected statuses, ` +
          `${n(figures.serverErrors)} answers ≥ 500, ${n(figures.writes)} refused requests that wrote; ${((figures.elapsedMs ?? 0) / 1000).toFixed(0)} s; ` +
          `${figures.passed ? 'passed' : `**failed**: ${String(figures.failure ?? '').split('\n')[0]}`}`,
      ],
    ],
  };
}
