import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The decision records a newcomer can hold (docs/decisions/README.md): every record is in the index with the title and
 * status of its first line, none runs long (measurements belong in bench/README.md), and every citation of a record
 * names one that exists or a number the index explains as missing. The folder is read when the test runs, so records
 * added later are held to the same rules.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folder = path.join(root, 'docs/decisions');
const MAX_WORDS = 600;

interface Heading {
  number: string;
  title: string;
  status: string;
}

/** `# NNN Title` with an optional `(amended by N, M)`, `(superseded by N)` or both, `amended by …; superseded by N`. */
const STATUS = /^(?:amended by \d{3}(?:, \d{3})*|superseded by \d{3}|amended by \d{3}(?:, \d{3})*; superseded by \d{3})$/;

function parseHeading(line: string): Heading | null {
  const match = /^# (\d{3}) (.+?)(?: \(([^()]+)\))?$/.exec(line);
  if (!match) return null;
  const [, number, title, status] = match as unknown as [string, string, string, string | undefined];
  if (status !== undefined && !STATUS.test(status)) return null;
  return { number, title, status: status ?? 'accepted' };
}

const recordFiles = readdirSync(folder)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort();
const records = recordFiles.map((file) => {
  const text = readFileSync(path.join(folder, file), 'utf8');
  return { file, text, firstLine: text.split('\n', 1)[0]!, heading: parseHeading(text.split('\n', 1)[0]!) };
});
const numbers = new Set(records.map((record) => record.file.slice(0, 3)));

const index = readFileSync(path.join(folder, 'README.md'), 'utf8');
/** Rows of the index's table: `| [NNN](NNN-file.md) | title | status |`. */
const rows = [...index.matchAll(/^\| *\[(\d{3})\]\(([^)]+)\) *\| *(.+?) *\| *(.+?) *\|$/gm)].map((match) => ({
  number: match[1]!,
  link: match[2]!,
  title: match[3]!,
  status: match[4]!,
}));
/** The numbers the index explains as missing: the section "Missing numbers", each as `**NNN**`. */
const missingSection = index.split(/^## Missing numbers$/m)[1]?.split(/^## /m)[0] ?? '';
const explained = new Set([...missingSection.matchAll(/\*\*(\d{3})\*\*/g)].map((match) => match[1]!));

/** The folders whose files may cite a record, and the kinds of file read there. */
const CITING_FOLDERS = ['docs', 'apps', 'packages', 'e2e', 'bench', 'scripts'];
const SKIPPED = new Set(['node_modules', 'dist', '.results', 'screenshots', 'test-results', 'coverage', '.vite']);
const TEXT = /\.(?:md|ts|tsx|mts|mjs|js|cjs|css|html|ya?ml|sh|conf|sql)$/;

function walk(dir: string, out: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile() && TEXT.test(entry.name) && statSync(full).size < 2_000_000) out.push(full);
  }
  return out;
}

/** `decisions/NNN`, `decision NNN`, and the numbers of `decisions NNN, NNN and NNN`. */
function cited(text: string): string[] {
  const found = [...text.matchAll(/decisions\/(\d{3})(?!\d)/g)].map((match) => match[1]!);
  for (const match of text.matchAll(/\b[Dd]ecisions? (\d{3}(?:(?:, | and | or |–|-)\d{3})*)(?!\d)/g)) {
    found.push(...match[1]!.split(/, | and | or |–|-/));
  }
  return found;
}

describe('the decision records', () => {
  it('each opens with `# NNN Title`, its status in brackets when a later record amended or superseded it', () => {
    expect(records.filter((record) => record.heading === null || record.heading.number !== record.file.slice(0, 3)).map((record) => record.firstLine)).toEqual(
      [],
    );
  });

  it('are each in the index once, with the title and status of their first line', () => {
    const expected = records.map(({ file, heading }) => ({ number: file.slice(0, 3), link: file, title: heading?.title, status: heading?.status }));
    expect(rows).toEqual(expected);
  });

  it(`are each at most ${MAX_WORDS} words (measurements go to bench/README.md)`, () => {
    const long = records.map(({ file, text }) => ({ file, words: text.split(/\s+/).filter(Boolean).length })).filter(({ words }) => words > MAX_WORDS);
    expect(long).toEqual([]);
  });

  it('name in a status only records that exist', () => {
    const named = records.flatMap(({ file, heading }) => [...(heading?.status ?? '').matchAll(/\d{3}/g)].map((match) => ({ file, number: match[0] })));
    expect(named.filter(({ number }) => !numbers.has(number))).toEqual([]);
  });

  it('leave no number unexplained: every gap below the highest is in "Missing numbers", and nothing there exists', () => {
    const highest = Math.max(...[...numbers].map(Number));
    const gaps = Array.from({ length: highest }, (_, i) => String(i + 1).padStart(3, '0')).filter((number) => !numbers.has(number));
    expect(gaps.filter((number) => !explained.has(number))).toEqual([]);
    expect([...explained].filter((number) => numbers.has(number))).toEqual([]);
  });

  it('are cited in the repository only by numbers that exist or that the index explains as missing', () => {
    const files = CITING_FOLDERS.flatMap((folderName) => walk(path.join(root, folderName), []));
    const dangling = files.flatMap((file) =>
      cited(readFileSync(file, 'utf8'))
        .filter((number) => !numbers.has(number) && !explained.has(number))
        .map((number) => `${path.relative(root, file)}: ${number}`),
    );
    expect([...new Set(dangling)]).toEqual([]);
  });
});
