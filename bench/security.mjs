/**
 * `npm run bench -- security [--part=a,b] [--quick]`: the security and reliability suites at full size. Each part is
 * `bench/security-<part>.mjs`, exporting one async function that takes `{ full, option, log, ... }` (full: false is
 * the size `npm test` affords) and returns its figures, with `summary` rows for the table; this file runs the parts
 * asked for, prints them, keeps the report under bench/.results and with --write puts its table in bench/README.md.
 */
import os from 'node:os';

export const SECURITY_PARTS = {
  isolation: async () => (await import('./security-isolation.mjs')).benchIsolation,
  fuzz: async () => (await import('./security-fuzz.mjs')).benchFuzz,
  durability: async () => (await import('./security-durability.mjs')).benchDurability,
  load: async () => (await import('./security-load.mjs')).benchLoad,
  uploads: async () => (await import('./security-uploads.mjs')).benchUploads,
  audit: async () => (await import('./security-audit.mjs')).benchAudit,
};

export async function benchSecurity(helpers) {
  const { option, machine, saveReport } = helpers;
  const names = String(option('part', Object.keys(SECURITY_PARTS).join(','))).split(',');
  const full = !option('quick', false);
  const report = { bench: 'security', startedAt: new Date().toISOString(), full, machine: machine(), loadBefore: os.loadavg()[0], parts: {} };
  for (const name of names) {
    if (!SECURITY_PARTS[name]) throw new Error(`unknown part ${name}; one of ${Object.keys(SECURITY_PARTS).join(', ')}`);
    console.log(`\n[security] ${name}…`);
    const run = await SECURITY_PARTS[name]();
    report.parts[name] = await run({ ...helpers, full, log: (line) => console.log(`[security:${name}] ${line}`) });
    if (report.parts[name].passed === false) process.exitCode = 1;
  }
  await saveReport('security', report, securityMarkdown);
}

function securityMarkdown(report) {
  const m = report.machine;
  const lines = [
    `Last run ${report.startedAt.slice(0, 10)}${report.full ? '' : ' (--quick)'}: ${m.cpus} cores (${m.cpu}), ${m.memoryGiB} GiB, Node ${m.node}; ` +
      `server and clients on the same machine (1-minute load average ${report.loadBefore.toFixed(1)} before, ${report.loadAfter.toFixed(1)} after).`,
    '',
    '| part | figures |',
    '|---|---|',
  ];
  for (const [name, figures] of Object.entries(report.parts)) {
    for (const [label, text] of figures.summary ?? []) lines.push(`| ${name}: ${label} | ${text} |`);
  }
  return lines.join('\n');
}
