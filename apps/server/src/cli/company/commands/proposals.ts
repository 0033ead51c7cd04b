import { readFile, writeFile } from 'node:fs/promises';
import {
  formatProposalNumber,
  type IntegrationProposalCreate,
  type IntegrationProposalDetail,
  type IntegrationProposalItemInput,
  type IntegrationProposalPage,
  type IntegrationProposalSectionInput,
} from '@portal/contract';
import { parseMoneyInput } from '@portal/contract/money';
import { money, proposalStatus } from '../format';
import { defineCommand, idOption, textOption } from '../command';
import { SetupError, UsageError } from '../errors';

/** `Cabinets|Base cabinets|4|250.00` or `…|optional` → an item of the section named first. */
export function parseItem(text: string): { section: string; item: IntegrationProposalItemInput } {
  const parts = text.split('|').map((part) => part.trim());
  const optional = parts.length === 5 && parts[4] === 'optional';
  if (!(parts.length === 4 || optional) || !parts[0] || !parts[1]) {
    throw new UsageError(`--item takes SECTION|DESCRIPTION|QUANTITY|UNIT PRICE[|optional], e.g. "Cabinets|Base cabinets|4|250.00", not "${text}".`);
  }
  const price = parseMoneyInput(parts[3]!);
  if (!price.ok) throw new UsageError(`--item "${text}", unit price: ${price.problem}`);
  return { section: parts[0], item: { description: parts[1], quantity: parts[2]!, unit_price: price.value, optional } };
}

/** Items in the order given, grouped by section in the order each section first appears. */
export function sectionsOf(items: string[]): IntegrationProposalSectionInput[] {
  const sections = new Map<string, IntegrationProposalItemInput[]>();
  for (const { section, item } of items.map(parseItem)) {
    if (!sections.has(section)) sections.set(section, []);
    sections.get(section)!.push(item);
  }
  return [...sections].map(([title, sectionItems]) => ({ title, items: sectionItems }));
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function describe(proposal: IntegrationProposalDetail): string {
  return `Proposal ${proposal.id} (${formatProposalNumber(proposal.number, proposal.version)}) for project ${proposal.project_id}: ${proposalStatus(proposal.status)}, total ${money(proposal.total)}, valid until ${proposal.expires_on}.`;
}

function details(proposal: IntegrationProposalDetail): string[] {
  const lines = [describe(proposal), `  ${proposal.title}`];
  for (const section of proposal.sections) {
    lines.push(`  ${section.title}`);
    for (const item of section.items) {
      lines.push(
        `    #${item.id} ${item.description}: ${item.quantity} × ${money(item.unit_price)} = ${money(item.amount)}${item.optional ? ` (optional${item.selected ? ', chosen' : ''})` : ''}`,
      );
    }
  }
  lines.push(
    `  Subtotal ${money(proposal.subtotal)}, tax ${proposal.tax_rate}% ${money(proposal.tax)}, total ${money(proposal.total)} (with every option ${money(proposal.total_with_all_options)})`,
  );
  const { acceptance, decline } = proposal;
  if (acceptance) {
    lines.push(
      `  Accepted by ${acceptance.signer_name} <${acceptance.signer_email}> at ${acceptance.accepted_at} from ${acceptance.ip_address} for ${money(acceptance.total)}`,
    );
    lines.push(`  Content SHA-256 ${acceptance.content_sha256}; PDF SHA-256 ${acceptance.pdf_sha256}`);
  }
  if (decline) lines.push(`  Declined at ${decline.declined_at}${decline.reason ? `: ${decline.reason}` : ''}`);
  return lines;
}

const idOnly = { id: { type: 'string', value: 'ID', required: true, help: 'the proposal' } } as const;

export const listProposals = defineCommand({
  name: 'proposals',
  summary: "the company's proposals, every version (--project, --status to narrow)",
  as: 'company',
  options: {
    project: { type: 'string', value: 'ID', help: 'one project' },
    status: { type: 'string', value: 'STATUS', help: 'draft, sent, expired, accepted, declined, withdrawn or superseded' },
    page: { type: 'string', value: 'N', help: 'the page (50 a page)' },
  },
  async run({ client, options, json, print }) {
    const query = new URLSearchParams({ 'page[size]': '50', 'page[number]': textOption(options, 'page') ?? '1', sort: '-id' });
    if (options.project !== undefined) query.set('filter[project_id]', String(idOption(options, 'project')));
    const status = textOption(options, 'status');
    if (status) query.set('filter[status]', status);
    const page = (await client.company('GET', `/integration/proposals?${query.toString()}`)) as IntegrationProposalPage;
    if (json) return print(JSON.stringify(page, null, 2));
    if (page.data.length === 0) print('No proposals.');
    for (const row of page.data) {
      print(
        `#${row.id} ${formatProposalNumber(row.number, row.version)} project ${row.project_id}: ${proposalStatus(row.status)}, ${money(row.total)}, valid until ${row.expires_on}: ${row.title}`,
      );
    }
  },
});

export const showProposal = defineCommand({
  name: 'show-proposal',
  summary: 'one proposal with its sections, items and, once answered, the evidence',
  as: 'company',
  options: idOnly,
  async run({ client, options, json, print }) {
    const proposal = (await client.company('GET', `/integration/proposals/${idOption(options, 'id')}`)) as IntegrationProposalDetail;
    if (json) return print(JSON.stringify(proposal, null, 2));
    for (const line of details(proposal)) print(line);
  },
});

export const createProposal = defineCommand({
  name: 'create-proposal',
  summary: 'a draft proposal from flags or from a JSON file (--send sends it to the customers at once)',
  as: 'company',
  options: {
    file: { type: 'string', value: 'FILE', help: 'a JSON file with the body of POST /integration/proposals (the flags below override it)' },
    project: { type: 'string', value: 'ID', help: 'the project (required unless the file names it)' },
    title: { type: 'string', value: 'TEXT', help: 'the title (required unless the file has one)' },
    item: { type: 'string', value: 'SECTION|DESC|QTY|PRICE[|optional]', multiple: true, help: 'an item; repeat for more' },
    'tax-rate': { type: 'string', value: 'PERCENT', help: 'e.g. 8.25 (default 0)' },
    expires: { type: 'string', value: 'YYYY-MM-DD', help: 'the last day it may be accepted (default 30 days from today)' },
    intro: { type: 'string', value: 'TEXT', help: 'the opening text' },
    terms: { type: 'string', value: 'TEXT', help: 'the terms' },
    send: { type: 'boolean', help: 'send it at once: the customers see it and get an email' },
  },
  async run({ client, options, json, print, resolvePath }) {
    let base: Partial<IntegrationProposalCreate> = {};
    const typedFile = textOption(options, 'file');
    const file = typedFile === undefined ? undefined : resolvePath(typedFile);
    if (file) {
      const text = await readFile(file, 'utf8').catch((error: unknown) => {
        throw new SetupError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
      });
      try {
        base = JSON.parse(text) as Partial<IntegrationProposalCreate>;
      } catch {
        throw new UsageError(`${file} is not valid JSON.`);
      }
    }
    const items = (options.item as string[] | undefined) ?? [];
    const body = {
      ...base,
      ...(options.project === undefined ? {} : { project_id: idOption(options, 'project') }),
      ...(textOption(options, 'title') === undefined ? {} : { title: textOption(options, 'title') }),
      ...(items.length === 0 ? {} : { sections: sectionsOf(items) }),
      ...(textOption(options, 'tax-rate') === undefined ? {} : { tax_rate: textOption(options, 'tax-rate') }),
      ...(textOption(options, 'intro') === undefined ? {} : { intro: textOption(options, 'intro') }),
      ...(textOption(options, 'terms') === undefined ? {} : { terms: textOption(options, 'terms') }),
      expires_on: textOption(options, 'expires') ?? base.expires_on ?? inDays(30),
    };
    if (body.project_id === undefined) throw new UsageError('Name the project: --project ID (or project_id in the file).');
    if (body.title === undefined) throw new UsageError('Give the proposal a title: --title TEXT (or title in the file).');
    let proposal = (await client.company('POST', '/integration/proposals', { body })) as IntegrationProposalDetail;
    if (options.send === true) proposal = (await client.company('POST', `/integration/proposals/${proposal.id}/send`)) as IntegrationProposalDetail;
    print(json ? JSON.stringify(proposal, null, 2) : describe(proposal));
  },
});

/** One of the actions on a proposal that answers it again. */
const action = (name: string, verb: 'send' | 'withdraw' | 'revise', summary: string) =>
  defineCommand({
    name,
    summary,
    as: 'company',
    options: idOnly,
    async run({ client, options, json, print }) {
      const proposal = (await client.company('POST', `/integration/proposals/${idOption(options, 'id')}/${verb}`)) as IntegrationProposalDetail;
      print(json ? JSON.stringify(proposal, null, 2) : describe(proposal));
    },
  });

export const sendProposal = action('send-proposal', 'send', 'send a draft proposal: the customers see it on the portal and get an email');
export const withdrawProposal = action('withdraw-proposal', 'withdraw', 'withdraw a sent proposal: the customer can no longer accept it');
export const reviseProposal = action('revise-proposal', 'revise', 'a new draft version of a sent proposal (same number, version + 1), to edit and send');

export const proposalPdf = defineCommand({
  name: 'proposal-pdf',
  summary: 'save the signed PDF of an accepted proposal to a file',
  as: 'company',
  options: {
    ...idOnly,
    out: { type: 'string', value: 'FILE', required: true, help: 'where to write it, e.g. signed.pdf' },
  },
  async run({ client, options, print, resolvePath }) {
    const id = idOption(options, 'id');
    const bytes = await client.companyDownload(`/integration/proposals/${id}/pdf`);
    const out = resolvePath(textOption(options, 'out')!);
    await writeFile(out, bytes);
    print(`Signed PDF of proposal ${id} saved to ${out} (${bytes.length} bytes).`);
  },
});
