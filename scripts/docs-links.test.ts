import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every link in README.md and docs/*.md to a file of the repository resolves, and a link to a heading of a Markdown
 * page finds that heading: a page moved or a section renamed names each link it broke.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pages = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'), { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => `docs/${entry.name}`),
];

/** Markdown links and images, and the `src`/`href` of HTML tags; code spans and fenced blocks are not links. */
function targets(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)|\b(?:src|href)="([^"]+)"/g)].map((match) => (match[1] ?? match[2])!);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return [...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => anchor(match[1]!));
}

function broken(page: string): string[] {
  const source = path.join(root, page);
  return targets(readFileSync(source, 'utf8')).flatMap((target) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return []; // https:, mailto: and the like: not a file of ours
    const [file, hash] = target.split('#') as [string, string | undefined];
    const resolved = file === '' ? source : path.resolve(path.dirname(source), decodeURIComponent(file.split('?')[0]!));
    if (!resolved.startsWith(root)) return [`${target} (outside the repository)`];
    if (!existsSync(resolved)) return [`${target} (no such file)`];
    if (hash && resolved.endsWith('.md') && !anchorsOf(resolved).includes(hash)) return [`${target} (no such heading)`];
    return [];
  });
}

/** Paths written out from the repository's root in the prose (`docs/operations.md`, `apps/server/src/env.ts`), placeholders aside. */
function missingPaths(page: string): string[] {
  const text = readFileSync(path.join(root, page), 'utf8');
  const written = text.match(/\b(?:docs|apps|packages|scripts|e2e|bench|eslint-rules)\/[\w./-]+\.(?:md|ts|tsx|mjs|js|json|conf|yaml)\b/g) ?? [];
  return [...new Set(written)].filter((file) => !/NNN/.test(file) && !existsSync(path.join(root, file)));
}

describe('links in README.md and docs/*.md', () => {
  it.each(pages)('%s: every link to the repository resolves', (page) => {
    expect(broken(page)).toEqual([]);
  });

  it.each(pages)('%s: every path it writes out from the root exists', (page) => {
    expect(missingPaths(page)).toEqual([]);
  });
});
