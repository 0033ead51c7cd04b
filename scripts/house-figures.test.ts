import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FILE_LIMIT, FUNCTION_LIMIT, measure } from './house-figures.mjs';

/**
 * The limits a reader can take in (docs/architecture.md, "Long files and functions"): no source file over 400 lines
 * and no function over 100 lines of its own code, but for the declarative tables that page lists with why.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const architecture = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
const section = /### Long files and functions\n([\s\S]*?)(?=\n### |\n## |$)/.exec(architecture)?.[1] ?? '';
/** The exceptions: a bullet naming `path` (the whole file) or `path: name` (one function), then why. */
const exceptions = new Set([...section.matchAll(/^- `([^`]+)`/gm)].map((match) => match[1]!));

describe('the house figures', () => {
  const { files, functions } = measure();

  it('finds the section of exceptions in docs/architecture.md', () => {
    expect(section).toContain(`${FILE_LIMIT} lines`);
  });

  it(`has no source file over ${FILE_LIMIT} lines that docs/architecture.md does not list`, () => {
    const long = files.filter((entry) => entry.lines > FILE_LIMIT && !exceptions.has(entry.file)).map((entry) => `${entry.file} (${entry.lines})`);
    expect(long).toEqual([]);
  });

  it(`has no function over ${FUNCTION_LIMIT} lines of its own that docs/architecture.md does not list`, () => {
    const long = functions
      .filter((entry) => entry.lines > FUNCTION_LIMIT && !exceptions.has(`${entry.file}: ${entry.name}`) && !exceptions.has(entry.file))
      .map((entry) => `${entry.file}:${entry.line} ${entry.name} (${entry.lines})`);
    expect(long).toEqual([]);
  });

  it('lists no exception that is no longer long', () => {
    const stillLong = new Set([
      ...files.filter((entry) => entry.lines > FILE_LIMIT).map((entry) => entry.file),
      ...functions.filter((entry) => entry.lines > FUNCTION_LIMIT).flatMap((entry) => [`${entry.file}: ${entry.name}`, entry.file]),
    ]);
    expect([...exceptions].filter((exception) => !stillLong.has(exception))).toEqual([]);
  });
});
