import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCommandOptions } from '../apps/server/src/cli/company/command';
import { COMMANDS } from '../apps/server/src/cli/company/run';

/**
 * docs/onboarding.md is what a newcomer types first: every `npx company …` line on it must name a command that exists,
 * with options the command takes and every option it needs. e2e/onboarding.e2e.ts runs the same walk against a server.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The words of one shell line as the shell splits them: quotes kept together, a `#` word starts a comment. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (const char of line) {
    if (quote) {
      if (char === quote) quote = undefined;
      else word += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      word ??= '';
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (char === '#' && word === undefined) {
      break;
    } else {
      word = (word ?? '') + char;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** Each `npx company` line of the page's shell blocks, continuation lines joined. */
function documentedCommands(): string[][] {
  const page = readFileSync(path.join(root, 'docs/onboarding.md'), 'utf8');
  const blocks = [...page.matchAll(/^```sh\n([\s\S]*?)^```/gm)].map((match) => match[1]!);
  return blocks
    .flatMap((block) => block.replace(/\\\n\s*/g, ' ').split('\n'))
    .map(shellWords)
    .filter((words) => words[0] === 'npx' && words[1] === 'company');
}

describe('docs/onboarding.md', () => {
  const lines = documentedCommands();

  it('shows the company command', () => {
    expect(lines.length).toBeGreaterThan(5);
  });

  it.each(lines.map((words) => [words.slice(2).join(' '), words] as const))('%s: a command the company command takes, as typed', (_, words) => {
    const [name, ...args] = words.slice(2);
    const command = COMMANDS.find((candidate) => candidate.name === name);
    expect(command, `npx company ${name}: no such command`).toBeDefined();
    expect(() => parseCommandOptions(command!, args)).not.toThrow();
  });
});
