import path from 'node:path';
import { commandUsage, parseCommandOptions, type Command } from './command';
import { portalClient } from './client';
import { RefusedError, SetupError, UsageError } from './errors';
import { createApiKey, createCompany, listApiKeys, revokeApiKey } from './commands/operator';
import { reply } from './commands/notes';
import { setLogo, switches, updateCompany } from './commands/company';
import { createInvoice, handleMessage, messages, recordPayment, sendInvoice } from './commands/invoices';
import { createAccount, createProject, inviteCustomer, readNotes, share, unshare } from './commands/customers';
import { listAccounts, listInvoices, listProjects, listStatuses } from './commands/lists';
import { uploadDocument, uploadPhotos } from './commands/media';
import { importCsv } from './commands/import';
import { createWebhook } from './commands/webhooks';
import { createProposal, listProposals, proposalPdf, reviseProposal, sendProposal, showProposal, withdrawProposal } from './commands/proposals';
import {
  changeOrderPdf,
  createChangeOrder,
  listChangeOrders,
  reviseChangeOrder,
  sendChangeOrder,
  showChangeOrder,
  updateChangeOrder,
  withdrawChangeOrder,
} from './commands/change-orders';
import { addVisit, cancelVisit, deleteVisit, listVisits, moveVisit } from './commands/calendar';
import { addAllowance, creditAllowance, editAllowance, listAllowances, removeAllowance, showAllowance } from './commands/allowances';
import {
  addSelection,
  addSelectionOption,
  chooseSelection,
  editSelection,
  listSelections,
  lockSelection,
  removeSelection,
  removeSelectionOption,
  resetSelection,
  showSelection,
  unlockSelection,
} from './commands/selections';

export const COMMANDS: Command[] = [
  createCompany,
  createApiKey,
  listApiKeys,
  revokeApiKey,
  updateCompany,
  setLogo,
  switches,
  listAccounts,
  createAccount,
  listStatuses,
  listProjects,
  createProject,
  inviteCustomer,
  share,
  unshare,
  uploadPhotos,
  uploadDocument,
  readNotes,
  reply,
  importCsv,
  createWebhook,
  listInvoices,
  createInvoice,
  sendInvoice,
  recordPayment,
  messages,
  handleMessage,
  listProposals,
  showProposal,
  createProposal,
  sendProposal,
  withdrawProposal,
  reviseProposal,
  proposalPdf,
  listChangeOrders,
  showChangeOrder,
  createChangeOrder,
  updateChangeOrder,
  sendChangeOrder,
  withdrawChangeOrder,
  reviseChangeOrder,
  changeOrderPdf,
  listVisits,
  addVisit,
  moveVisit,
  cancelVisit,
  deleteVisit,
  listAllowances,
  showAllowance,
  addAllowance,
  editAllowance,
  removeAllowance,
  creditAllowance,
  listSelections,
  showSelection,
  addSelection,
  editSelection,
  removeSelection,
  addSelectionOption,
  removeSelectionOption,
  lockSelection,
  unlockSelection,
  resetSelection,
  chooseSelection,
];

export function usage(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  const lines = COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
  return `Usage: npx company <command> [options]     (npx company <command> --help for its options)

${lines.join('\n')}

Every command calls the running server: PORTAL_URL (default PUBLIC_URL, else http://localhost:3000).
Operator commands read the host's operator secret (OPERATOR_SECRET, else DATA_DIR/operator-secret);
company commands use PORTAL_API_KEY=ppk_… . --json prints the server's answer as JSON.`;
}

function commandHelp(command: Command): string {
  const flags = [
    ...(command.arguments ?? []).map((argument) => [argument.value, argument.help] as const),
    ...Object.entries(command.options).map(([name, spec]) => [`--${name}${spec.value ? ` ${spec.value}` : ''}`, spec.help] as const),
  ];
  const width = Math.max(...flags.map(([flag]) => flag.length));
  const options = flags.map(([flag, help]) => `  ${flag.padEnd(width)}  ${help}`);
  return `Usage: npx company ${commandUsage(command)} [--json]\n\n${command.summary}\n\n${options.join('\n')}`;
}

export interface CommandIo {
  env: Record<string, string | undefined>;
  /** Where the command was typed: the folder its paths (--file, --folder, --out) are read from. Default: this process's. */
  cwd?: string;
  /** Where the server runs from (the checkout): the folder a relative DATA_DIR is read from. Default: this process's. */
  serverDir?: string;
  out(line: string): void;
  err(line: string): void;
}

/** The command typed: an area and what to do in it (`selections show`), else one word; and what follows it. */
function commandOf(argv: string[]): { command: Command | undefined; args: string[] } {
  const inArea = COMMANDS.find((candidate) => candidate.name === `${argv[0]} ${argv[1]}`);
  if (inArea) return { command: inArea, args: argv.slice(2) };
  return { command: COMMANDS.find((candidate) => candidate.name === argv[0]), args: argv.slice(1) };
}

/** What an area's commands do (`list`, `show`, …), for one typed without it; empty when the word is no area. */
const actionsOf = (area: string) =>
  COMMANDS.filter((candidate) => candidate.name.startsWith(`${area} `)).map((candidate) => candidate.name.slice(area.length + 1));

/**
 * Runs one `company` command and answers its exit code: 0 done, 1 the server refused (its message and field
 * errors printed), 2 the command cannot run as typed or the server cannot be reached (one line, then the usage).
 * Never a stack trace.
 */
export async function runCompanyCommand(argv: string[], io: CommandIo): Promise<number> {
  const name = argv[0];
  const { command, args } = commandOf(argv);
  try {
    if (!name || name === '--help' || name === '-h' || name === 'help') {
      io.out(usage());
      return name ? 0 : 2;
    }
    if (!command && actionsOf(name).length > 0) {
      const typed = argv[1] && !argv[1].startsWith('-') ? `"${argv[1]}" is not one of its commands; ` : '';
      throw new UsageError(`${name}: ${typed}say what to do: ${actionsOf(name).join(', ')}.`);
    }
    if (!command) throw new UsageError(`Unknown command "${name}".`);
    if (args.includes('--help') || args.includes('-h')) {
      io.out(commandHelp(command));
      return 0;
    }
    const { values, json } = parseCommandOptions(command, args);
    const client = portalClient({
      baseUrl: io.env.PORTAL_URL || io.env.PUBLIC_URL || 'http://localhost:3000',
      apiKey: io.env.PORTAL_API_KEY,
      operatorSecret: io.env.OPERATOR_SECRET,
      dataDir: path.resolve(io.serverDir ?? process.cwd(), io.env.DATA_DIR || './data'),
    });
    const cwd = io.cwd ?? process.cwd();
    await command.run({ client, options: values, json, print: io.out, resolvePath: (typed) => path.resolve(cwd, typed) });
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof SetupError) {
      io.err(error.message);
      io.err('');
      io.err(command ? commandHelp(command) : usage());
      return 2;
    }
    if (error instanceof RefusedError) {
      io.err(`Refused (${error.status}): ${error.message}`);
      // A field the command took from an option is named as the option the person typed.
      for (const [field, messages] of Object.entries(error.errors)) {
        const option = command?.fieldOptions?.[field];
        io.err(`  ${option ? `--${option}` : field}: ${messages.join(' ')}`);
      }
      return 1;
    }
    io.err(`Unexpected error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
