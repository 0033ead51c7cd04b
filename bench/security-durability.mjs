/**
 * Durability part of `npm run bench -- security`: apps/server/test/durability.ts (the harness durability.test.ts runs
 * with 5 kills) with 100 kills on PGlite and 20 on PostgreSQL. --kills= and --pg-kills= change the counts.
 */
import { tsImport } from 'tsx/esm/api';

export async function benchDurability({ full, option, log, benchDatabases }) {
  const { runDurability } = await tsImport('../apps/server/test/durability.ts', import.meta.url);
  const runs = [];
  for (const { kind, env } of await benchDatabases('security-durability-unused')) {
    const kills = Number(kind === 'postgres' ? option('pg-kills', full ? 20 : 2) : option('kills', full ? 100 : 5));
    log(`${kind}: ${kills} kills…`);
    const figures = await runDurability({ kills, databaseUrl: kind === 'postgres' ? env.BENCH_DATABASE_URL : undefined, log });
    log(JSON.stringify({ ...figures, lost: figures.lost.slice(0, 5) }));
    runs.push(figures);
  }
  const failed = runs.filter(
    (run) => run.lost.length || run.orphanBlobs || run.missingBlobs || run.lostEvents || run.eventsWithoutOutboxRow || run.conflictingRepeats,
  );
  if (failed.length) process.exitCode = 1;
  return {
    runs,
    summary: runs.map((run) => [
      run.database === 'postgres' ? 'PostgreSQL 15' : 'PGlite',
      `${run.kills} SIGKILLs in ${run.seconds} s; ${run.acked} writes acknowledged (${Object.entries(run.ackedWrites)
        .map(([kind, count]) => `${count} ${kind}`)
        .join(', ')}); **${run.lost.length} lost**; **${run.orphanBlobs} orphan blobs**, ${run.missingBlobs} rows without their blob; ` +
        `${run.events} webhook events, ${run.eventsWithoutOutboxRow} without their outbox row, **${run.lostEvents} lost**, ${run.duplicateDeliveries} delivered twice (same webhook-id)`,
    ]),
  };
}
