/**
 * `npm run bench -- notes` (docs/requirements.md 17.3): the newest page of a 10,000-note thread against that of a
 * 50-note thread (target: within 1.5×), older pages and polling on the long thread, and posting
 * notes under 20 concurrent writers, each beside a bare route that answers the same bytes from
 * memory in the same run. Called by bench/run.mjs with its helpers; bench/notes.ts is the server.
 */
import os from 'node:os';

import autocannon from 'autocannon';

const ratio = (a, b) => (b ? Number((a / b).toPrecision(3)) : null);

function post(url, { headers, duration, connections }) {
  let sent = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        // Every request a note of its own (a fresh body, no client_id: nothing is deduplicated).
        requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify({ body: `Bench note ${++sent}: posted under load.` }) }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

export async function benchNotes({ option, run, summary, measureScenarios, startServer, benchDatabases, machine, saveReport }) {
  const duration = Number(option('duration', 10));
  const connections = Number(option('connections', 10));
  const writers = Number(option('writers', 20));
  const startedAt = new Date();
  const report = {
    bench: 'notes',
    startedAt: startedAt.toISOString(),
    duration,
    connections,
    writers,
    machine: machine(),
    loadBefore: os.loadavg()[0],
    databases: {},
  };

  for (const { kind, env } of await benchDatabases('pglite-notes-data')) {
    console.log(`\n[${kind}] seeding a 10,000-note and a 50-note thread and starting the server…`);
    const server = await startServer(env, 'bench/notes.ts');
    const { ready } = server;
    console.log(`[${kind}] seeded in ${(ready.seedMs / 1000).toFixed(1)} s; newest page ${ready.pageBytes} B of ${ready.bigTotal} shared notes`);
    const auth = { authorization: `Bearer ${ready.token}` };
    const scenarios = [
      ['bare-page', `${ready.url}/__bench/bare/page`, {}],
      ['newest-10000', `${ready.url}${ready.bigUrl}`, auth],
      ['newest-50', `${ready.url}${ready.smallUrl}`, auth],
      ['older-page-10000', `${ready.url}${ready.page2Url}`, auth],
      ['poll-10000', `${ready.url}${ready.sinceUrl}`, auth],
    ];
    let results;
    let check;
    try {
      await run(`${ready.url}${ready.bigUrl}`, { headers: auth, duration: 3, connections });
      await run(`${ready.url}${ready.smallUrl}`, { headers: auth, duration: 3, connections });
      results = await measureScenarios(kind, server, scenarios, { duration, connections });
      const written = summary(await post(`${ready.url}${ready.writeUrl}`, { headers: auth, duration, connections: writers }));
      results['post-20-writers'] = written;
      console.log(
        `[${kind}] post (${writers} writers) ${String(written.rps).padStart(6)} notes/s  p50 ${written.p50} ms  p99 ${written.p99} ms  non-2xx ${written.non2xx}`,
      );
      if (written.non2xx > 0 || written.errors > 0) throw new Error(`post: ${written.non2xx} non-2xx answers, ${written.errors} errors`);
      check = await (await fetch(`${ready.url}/__bench/check`)).json();
      for (const row of check) {
        if (Number(row.shared_count) !== Number(row.actual)) throw new Error(`thread ${row.project_id}: kept count ${row.shared_count}, rows ${row.actual}`);
      }
    } finally {
      await server.stop();
    }
    report.databases[kind] = {
      seedMs: ready.seedMs,
      pageBytes: ready.pageBytes,
      results,
      check,
      ratios: {
        bigVsSmallMean: ratio(results['newest-10000'].mean, results['newest-50'].mean),
        bigVsSmallP99: ratio(results['newest-10000'].p99, results['newest-50'].p99),
        bigVsSmallRps: ratio(results['newest-50'].rps, results['newest-10000'].rps),
        newestVsBareRps: ratio(results['newest-10000'].rps, results['bare-page'].rps),
      },
    };
    console.log(
      `[${kind}] newest page, 10,000 vs 50 notes: mean ${report.databases[kind].ratios.bigVsSmallMean}×, p99 ${report.databases[kind].ratios.bigVsSmallP99}×`,
    );
  }

  await saveReport('notes', report, notesMarkdown);
}

function notesMarkdown(report) {
  const m = report.machine;
  const lines = [
    `Last run ${report.startedAt.slice(0, 10)}: ${m.cpus} cores (${m.cpu}), ${m.memoryGiB} GiB, Node ${m.node}; autocannon ` +
      `${report.connections} connections × ${report.duration} s per read row, ${report.writers} writers × ${report.duration} s for posting; server, ` +
      `database and load generator on the same machine (1-minute load average ${report.loadBefore.toFixed(1)} before, ${report.loadAfter.toFixed(1)} after).`,
    '',
  ];
  for (const [kind, db] of Object.entries(report.databases)) {
    const r = db.results;
    const row = (label, what) => `| ${what} | ${r[label].rps} | ${r[label].p50} | ${r[label].p99} | ${r[label].mean} |`;
    lines.push(
      `### ${kind === 'postgres' ? 'PostgreSQL 15' : 'PGlite (embedded)'}`,
      '',
      `Newest page ${db.pageBytes} bytes (30 notes); threads seeded in ${(db.seedMs / 1000).toFixed(1)} s.`,
      '',
      '| request | req/s | p50 ms | p99 ms | mean ms |',
      '|---|---:|---:|---:|---:|',
      row('bare-page', "bare route, the newest page's bytes from memory"),
      row('newest-10000', '`GET /api/notes?entity=…`, newest page of a 10,000-note thread'),
      row('newest-50', 'the same, 50-note thread'),
      row('older-page-10000', 'page 2 of the 10,000-note thread (its `next_page_url`, anchored by `before`)'),
      row('poll-10000', '`since=<newest id>` on the 10,000-note thread (the 10-second poll, nothing new)'),
      row('post-20-writers', `\`POST /api/notes\`, ${report.writers} concurrent writers on one project`),
      '',
      `- newest page, 10,000-note thread / 50-note thread: mean **${db.ratios.bigVsSmallMean}×**, p99 **${db.ratios.bigVsSmallP99}×** (target ≤ 1.5×); requests per second ${db.ratios.bigVsSmallRps}× fewer`,
      `- newest page / bare route: **${db.ratios.newestVsBareRps}** of the requests per second`,
      `- after posting, every thread's kept count equals its rows (${db.check.map((row) => `${row.shared_count}`).join(', ')} shared notes)`,
      '',
    );
  }
  return lines.join('\n');
}
