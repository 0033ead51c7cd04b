/**
 * `npm run bench -- invoices` (docs/requirements.md 17.5): the invoice list of a project with 5,000 invoices and one
 * PDF rendered per request, under 10 connections, each beside a bare route that answers the same
 * bytes from memory in the same run. Called by bench/run.mjs with its helpers.
 */
import os from 'node:os';

/** Two significant figures: the ratios to a bare route are small, and 0.0043 must not print as 0. */
const ratio = (a, b) => (b ? Number((a / b).toPrecision(2)) : null);

export async function benchInvoices({ option, run, measureScenarios, startServer, benchDatabases, machine, saveReport }) {
  const duration = Number(option('duration', 10));
  const connections = Number(option('connections', 10));
  const startedAt = new Date();
  const report = {
    bench: 'invoices',
    startedAt: startedAt.toISOString(),
    duration,
    connections,
    machine: machine(),
    loadBefore: os.loadavg()[0],
    databases: {},
  };

  for (const { kind, env } of await benchDatabases('pglite-invoices-data')) {
    console.log(`\n[${kind}] seeding 5,000 invoices and starting the server…`);
    const server = await startServer(env, 'bench/invoices-server.ts');
    const { ready } = server;
    console.log(`[${kind}] seeded in ${(ready.seedMs / 1000).toFixed(1)} s; list ${ready.listBytes} B, PDF ${ready.pdfBytes} B`);
    const auth = { authorization: `Bearer ${ready.token}` };
    const scenarios = [
      ['bare-list', `${ready.url}/__bench/bare/list`, {}],
      ['list', `${ready.url}${ready.listUrl}`, auth],
      ['list-small', `${ready.url}${ready.smallListUrl}`, auth],
      ['list-sorted-filtered', `${ready.url}${ready.listUrl}?filter[status]=overdue,partially_paid&sort=-balance`, auth],
      ['list-last-page', `${ready.url}${ready.listUrl}?page[number]=500`, auth],
      ['summary', `${ready.url}${ready.summaryUrl}`, auth],
      ['bare-pdf', `${ready.url}/__bench/bare/pdf`, {}],
      ['pdf', `${ready.url}${ready.pdfUrl}`, auth],
    ];
    let results;
    try {
      // Warm the JIT and the database caches before anything is measured.
      await run(`${ready.url}${ready.listUrl}`, { headers: auth, duration: 3, connections });
      await run(`${ready.url}${ready.pdfUrl}`, { headers: auth, duration: 3, connections });
      results = await measureScenarios(kind, server, scenarios, { duration, connections });
    } finally {
      await server.stop();
    }
    report.databases[kind] = {
      seedMs: ready.seedMs,
      listBytes: ready.listBytes,
      pdfBytes: ready.pdfBytes,
      results,
      ratios: {
        listVsBareRps: ratio(results.list.rps, results['bare-list'].rps),
        sortedFilteredVsBareRps: ratio(results['list-sorted-filtered'].rps, results['bare-list'].rps),
        lastPageVsBareRps: ratio(results['list-last-page'].rps, results['bare-list'].rps),
        pdfVsBareRps: ratio(results.pdf.rps, results['bare-pdf'].rps),
        bigVsSmallMean: ratio(results.list.mean, results['list-small'].mean),
      },
    };
  }

  await saveReport('invoices', report, invoicesMarkdown);
}

function invoicesMarkdown(report) {
  const m = report.machine;
  const lines = [
    `Last run ${report.startedAt.slice(0, 10)}: ${m.cpus} cores (${m.cpu}), ${m.memoryGiB} GiB, Node ${m.node}; ` +
      `autocannon ${report.connections} connections × ${report.duration} s per row, server, database and load generator on the same machine ` +
      `(1-minute load average ${report.loadBefore.toFixed(1)} before, ${report.loadAfter.toFixed(1)} after).`,
    '',
  ];
  for (const [kind, db] of Object.entries(report.databases)) {
    const r = db.results;
    const row = (label, what) => `| ${what} | ${r[label].rps} | ${r[label].p50} | ${r[label].p99} | ${r[label].mean} |`;
    lines.push(
      `### ${kind === 'postgres' ? 'PostgreSQL 15' : 'PGlite (embedded)'}`,
      '',
      `List page ${db.listBytes} bytes, invoice PDF ${db.pdfBytes} bytes; 5,010 invoices seeded in ${(db.seedMs / 1000).toFixed(1)} s.`,
      '',
      '| request | req/s | p50 ms | p99 ms | mean ms |',
      '|---|---:|---:|---:|---:|',
      row('bare-list', 'bare route, the list bytes from memory'),
      row('list', '`GET /api/entities/{id}/invoices` (10 a page, newest first), project with 5,000 invoices'),
      row('list-small', 'the same, project with 10 invoices'),
      row('list-sorted-filtered', '5,000: `filter[status]=overdue,partially_paid&sort=-balance`'),
      row('list-last-page', '5,000: last page (`page[number]=500`)'),
      row('summary', '`GET /api/entities/{id}/invoices/summary`, 5,000 invoices'),
      row('bare-pdf', 'bare route, the PDF bytes from memory'),
      row('pdf', '`GET /api/entities/{id}/invoices/{id}/pdf`: one PDF rendered per request'),
      '',
      `- list / bare route: **${db.ratios.listVsBareRps}** of the requests per second (sorted and filtered: ${db.ratios.sortedFilteredVsBareRps}; last page: ${db.ratios.lastPageVsBareRps})`,
      `- PDF rendered per request / the same bytes from memory: **${db.ratios.pdfVsBareRps}**`,
      `- project with 5,000 / project with 10, same page size: mean **${db.ratios.bigVsSmallMean}×**`,
      '',
    );
  }
  return lines.join('\n');
}
