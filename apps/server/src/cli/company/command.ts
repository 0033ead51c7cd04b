import { parseArgs } from 'node:util';
import { parseMoneyInput } from '@portal/contract/money';
import type { PortalClient } from './client';
import { UsageError } from './errors';

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** Shown in the usage: `--project ID`. */
  value?: string;
  required?: boolean;
  multiple?: boolean;
  help: string;
}

export interface CommandContext {
  client: PortalClient;
  /** Each given option's value, as typed. */
  options: Record<string, string | boolean | string[] | undefined>;
  /** `--json`: print the server's answer as JSON instead of sentences, for scripts. */
  json: boolean;
  print(line: string): void;
  /** A path as typed, read from the folder the command was typed in (not the checkout npm runs it in). */
  resolvePath(typed: string): string;
}

/** A value typed in its place after the command's name (`selections show 12`), not as a flag. */
export interface ArgumentSpec {
  /** The key it fills in the options, as a flag of that name would. */
  name: string;
  /** Shown in the usage: `ID`. */
  value: string;
  help: string;
}

export interface Command {
  /** One word (`change-orders`), or an area and what to do in it (`selections show`). */
  name: string;
  summary: string;
  /** Who calls it: the operator of the host (operator secret) or a company (PORTAL_API_KEY). */
  as: 'operator' | 'company';
  options: Record<string, OptionSpec>;
  /** Values typed in order after the name, each required. */
  arguments?: readonly ArgumentSpec[];
  /** The API's field a refusal names → the option that filled it, so a refusal speaks of what was typed. */
  fieldOptions?: Record<string, string>;
  run(context: CommandContext): Promise<void>;
}

export function defineCommand(command: Command): Command {
  return command;
}

/** A command's options from its arguments; anything unknown, repeated where it may not be or missing is a usage error. */
export function parseCommandOptions(command: Command, args: string[]) {
  const options = Object.fromEntries(Object.entries(command.options).map(([name, spec]) => [name, { type: spec.type, multiple: spec.multiple ?? false }]));
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args, options: { ...options, json: { type: 'boolean' } }, strict: true, allowPositionals: Boolean(command.arguments?.length) });
  } catch (error) {
    // Node's own message names the option ("Unknown option '--x'", "Option '--name <value>' argument missing").
    throw new UsageError(
      String((error as Error).message)
        .split('\n')[0]!
        .replace(/\. To specify a positional.*$/, '.'),
    );
  }
  for (const [name, spec] of Object.entries(command.options)) {
    const value = parsed.values[name];
    if (spec.required && (value === undefined || (typeof value === 'string' && value.trim() === ''))) {
      throw new UsageError(`${command.name} needs --${name}${spec.value ? ` ${spec.value}` : ''}.`);
    }
  }
  const { json, ...values } = parsed.values;
  return { values: { ...values, ...argumentValues(command, parsed.positionals) } as CommandContext['options'], json: json === true };
}

/** The values typed after the name, by the names the command gives them: all of them, and no more. */
function argumentValues(command: Command, typed: string[]): Record<string, string> {
  const expected = command.arguments ?? [];
  const missing = expected.slice(typed.length);
  if (missing.length > 0) throw new UsageError(`${command.name} needs ${missing.map((argument) => argument.value).join(' ')}.`);
  if (typed.length > expected.length)
    throw new UsageError(
      `${command.name} takes ${expected.length === 0 ? 'no' : expected.length} value${expected.length === 1 ? '' : 's'} after its name, not "${typed.slice(expected.length).join(' ')}".`,
    );
  return Object.fromEntries(expected.map((argument, index) => [argument.name, typed[index]!]));
}

export function commandUsage(command: Command): string {
  const parts = Object.entries(command.options).map(([name, spec]) => {
    const text = `--${name}${spec.value ? ` ${spec.value}` : ''}${spec.multiple ? ' …' : ''}`;
    return spec.required ? text : `[${text}]`;
  });
  const typed = (command.arguments ?? []).map((argument) => argument.value);
  return [command.name, ...typed, ...parts].join(' ').trim();
}

/** A whole-number id option. */
export function idOption(options: CommandContext['options'], name: string): number {
  const value = options[name];
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) {
    throw new UsageError(`--${name} must be a whole number, not "${String(value ?? '')}".`);
  }
  return Number(value);
}

export function textOption(options: CommandContext['options'], name: string): string | undefined {
  const value = options[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * A money option as people type it ("$185", "1,250.00") in the API's form ("185", "1250.00"), or undefined when not
 * given; refused in the option's own words (packages/contract/src/money.ts, `parseMoneyInput`).
 */
export function moneyOption(options: CommandContext['options'], name: string): string | undefined {
  const typed = textOption(options, name);
  if (typed === undefined) return undefined;
  const parsed = parseMoneyInput(typed);
  if (!parsed.ok) throw new UsageError(`--${name}: ${parsed.problem}`);
  return parsed.value;
}

/** A whole-number id typed after the command's name (`selections show 12`), named in a refusal as the usage names it. */
export function idArgument(options: CommandContext['options'], name: string, shown: string): number {
  const value = options[name];
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) {
    throw new UsageError(`${shown} must be a whole number, not "${String(value ?? '')}".`);
  }
  return Number(value);
}
