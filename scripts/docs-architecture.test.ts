import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md lists every server module and every part of core/, one bullet each (`- \`modules/notes/\`: …`,
 * `- \`core/audit.ts\`: …`). A folder or file added, renamed or removed without the list is named here. Both sides are
 * read when the test runs, so a rename fails until the page says it too.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server/src');

/** What a zone holds, as the page names it: folders with a trailing slash, source files by name; tests are not parts. */
function onDisk(zone: string): string[] {
  return readdirSync(path.join(server, zone), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)))
    .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
    .sort();
}

/** The page's bullets for a zone: `- \`core/files/\`` gives `files/`. */
function onPage(zone: string): string[] {
  const page = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
  return [...page.matchAll(new RegExp(`^- \`${zone}/([^\`]+)\``, 'gm'))].map((match) => match[1]!).sort();
}

function difference(zone: string) {
  const disk = onDisk(zone);
  const page = onPage(zone);
  return {
    missingFromThePage: disk.filter((name) => !page.includes(name)).map((name) => `${zone}/${name}`),
    notOnDisk: page.filter((name) => !disk.includes(name)).map((name) => `${zone}/${name}`),
    listedTwice: page.filter((name, index) => page.indexOf(name) !== index).map((name) => `${zone}/${name}`),
  };
}

describe("docs/architecture.md's lists of the server's parts", () => {
  it.each(['modules', 'core'])('names every part of apps/server/src/%s/ once, and nothing else', (zone) => {
    expect(onPage(zone).length, `docs/architecture.md lists no \`- \`${zone}/…\`\` bullets`).toBeGreaterThan(0);
    expect(difference(zone)).toEqual({ missingFromThePage: [], notOnDisk: [], listedTwice: [] });
  });
});
