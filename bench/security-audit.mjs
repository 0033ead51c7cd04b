/**
 * Dependency audit part of `npm run bench -- security`: `npm audit --omit=dev --json` against the registry's audit
 * endpoint. Where the registry does not answer it (a mirror or proxy without the audit API), the figure is
 * "unavailable" with the reason: no advisory list is kept in the repository to stand in for it.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function benchAudit({ log }) {
  const stdout = await new Promise((resolve) => {
    // npm audit exits 1 when it finds something: the JSON on stdout is the answer either way.
    execFile('npm', ['audit', '--omit=dev', '--json'], { cwd: root, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 }, (_error, out) => resolve(out));
  });
  let answer;
  try {
    answer = JSON.parse(stdout);
  } catch {
    answer = { message: 'npm audit printed no JSON' };
  }
  const counts = answer.metadata?.vulnerabilities;
  if (!counts) {
    const reason = answer.message ?? answer.error?.summary ?? 'no answer';
    log(`unavailable: ${reason}`);
    return { available: false, reason, summary: [['npm audit --omit=dev', `unavailable: ${reason}`]] };
  }
  const high = Object.entries(answer.vulnerabilities ?? {})
    .filter(([, entry]) => entry.severity === 'high' || entry.severity === 'critical')
    .map(([name, entry]) => `${name} (${entry.severity}${entry.fixAvailable ? ', fix available' : ''})`);
  log(JSON.stringify(counts));
  if (high.length) process.exitCode = 1;
  return {
    available: true,
    counts,
    high,
    summary: [
      [
        'npm audit --omit=dev',
        `${counts.total} advisories (critical ${counts.critical}, high ${counts.high}, moderate ${counts.moderate}, low ${counts.low})` +
          (high.length ? `: ${high.join(', ')}` : ''),
      ],
    ],
  };
}
