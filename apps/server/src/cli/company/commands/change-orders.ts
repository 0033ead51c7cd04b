import { readFile, writeFile } from 'node:fs/promises';
import {
  formatChangeOrderNumber,
  type IntegrationChangeOrderCreate,
  type IntegrationChangeOrderDetail,
  type IntegrationChangeOrderItemInput,
  type IntegrationChangeOrderPage,
  type IntegrationChangeOrderUpdate,
} from '@portal/contract';
import { parseMoneyInput } from '@portal/contract/money';
import { changeOrderStatus, money } from '../format';
import { defineCommand, idOption, textOption, type CommandContext } from '../command';
import { SetupError, UsageError } from '../errors';

/** `Skylight|1|1850.00` → an item; a negative price ("-$200") is a credit. */
export function parseChangeOrderItem(text: string): IntegrationChangeOrderItemInput {
  const parts = text.split('|').map((part) => part.trim());
  if (parts.length !== 3 || !parts[0]) {
    throw new UsageError(`--item takes DESCRIPTION|QUANTITY|UNIT PRICE, e.g. "Skylight|1|1850.00", not "${text}".`);
  }
  const price = parseMoneyInput(parts[2]!);
  if (!price.ok) throw new UsageError(`--item "${text}", unit price: ${price.problem}`);
  return { description: parts[0], quantity: parts[1]!, unit_price: price.value };
}

function daysOption(options: CommandContext['options']): number | undefined {
  const text = textOption(options, 'days');
  if (text === undefined) return undefined;
  if (!/^-?\d{1,4}$/.test(text.trim())) throw new UsageError(`--days takes a whole number of days the work adds (negative takes days off), not "${text}".`);
  return Number(text.trim());
}

/** `--deadline YYYY-MM-DD`, or `none` for no deadline. */
function deadlineOption(options: CommandContext['options']): string | null | undefined {
  const text = textOption(options, 'deadline');
  if (text === undefined) return undefined;
  return text.trim().toLowerCase() === 'none' ? null : text.trim();
}

const schedule = (days: number) => (days === 0 ? 'no schedule change' : `${days > 0 ? '+' : ''}${days} day${Math.abs(days) === 1 ? '' : 's'}`);

function describe(changeOrder: IntegrationChangeOrderDetail): string {
  const deadline = changeOrder.approval_deadline ? `approve by ${changeOrder.approval_deadline}` : 'no deadline';
  return (
    `Change order ${changeOrder.id} (${formatChangeOrderNumber(changeOrder.number, changeOrder.version)}) for project ${changeOrder.project_id}: ` +
    `${changeOrderStatus(changeOrder.status)}, total ${money(changeOrder.total)}, ${schedule(changeOrder.schedule_days)}, ${deadline}.`
  );
}

function details(changeOrder: IntegrationChangeOrderDetail): string[] {
  const lines = [describe(changeOrder), `  ${changeOrder.title}`];
  if (changeOrder.description) lines.push(`  ${changeOrder.description}`);
  for (const item of changeOrder.items) lines.push(`    #${item.id} ${item.description}: ${item.quantity} × ${money(item.unit_price)} = ${money(item.amount)}`);
  lines.push(`  Subtotal ${money(changeOrder.subtotal)}, tax ${changeOrder.tax_rate}% ${money(changeOrder.tax)}, total ${money(changeOrder.total)}`);
  for (const file of changeOrder.files) lines.push(`  File #${file.id} ${file.name}`);
  if (changeOrder.invoice_on_approval) lines.push(`  Invoiced on approval${changeOrder.invoice_id ? `: invoice #${changeOrder.invoice_id}` : ''}`);
  const { approval, decline } = changeOrder;
  if (approval) {
    lines.push(
      `  Approved by ${approval.signer_name} <${approval.signer_email}> at ${approval.approved_at} from ${approval.ip_address} for ${money(approval.total)}`,
    );
    lines.push(`  Content SHA-256 ${approval.content_sha256}; PDF SHA-256 ${approval.pdf_sha256}`);
  }
  if (decline) lines.push(`  Declined at ${decline.declined_at}${decline.reason ? `: ${decline.reason}` : ''}`);
  return lines;
}

const idOnly = { id: { type: 'string', value: 'ID', required: true, help: 'the change order' } } as const;

/** The API's fields the flags fill, so that a refusal speaks of what was typed. */
const fieldFlags = {
  schedule_days: 'days',
  approval_deadline: 'deadline',
  tax_rate: 'tax-rate',
  items: 'item',
  invoice_on_approval: 'invoice-on-approval',
};

/** The flags create and update share: each given one overrides the file's field. */
const fieldOptions = {
  file: { type: 'string', value: 'FILE', help: 'a JSON file with the body of the request (the flags below override it)' },
  title: { type: 'string', value: 'TEXT', help: 'the title' },
  description: { type: 'string', value: 'TEXT', help: 'what changes and why' },
  item: { type: 'string', value: 'DESC|QTY|PRICE', multiple: true, help: 'an item (a negative price is a credit); repeat for more; replaces every item' },
  'tax-rate': { type: 'string', value: 'PERCENT', help: 'e.g. 8.25 (default 0)' },
  days: { type: 'string', value: 'N', help: 'days the work adds to the schedule (negative takes days off; default 0)' },
  deadline: { type: 'string', value: 'YYYY-MM-DD', help: 'the last day it may be approved, or none' },
  number: { type: 'string', value: 'N', help: "the change order's number (default: the company's next)" },
  'invoice-on-approval': { type: 'boolean', help: 'make an invoice for it when the customer approves' },
} as const;

async function readBody<T>(options: CommandContext['options'], resolvePath: (typed: string) => string): Promise<Partial<T>> {
  const typedFile = textOption(options, 'file');
  if (typedFile === undefined) return {};
  const file = resolvePath(typedFile);
  const text = await readFile(file, 'utf8').catch((error: unknown) => {
    throw new SetupError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  });
  try {
    return JSON.parse(text) as Partial<T>;
  } catch {
    throw new UsageError(`${file} is not valid JSON.`);
  }
}

/** The fields the flags give, leaving out those not given. */
function flagFields(options: CommandContext['options']): IntegrationChangeOrderUpdate {
  const items = (options.item as string[] | undefined) ?? [];
  const days = daysOption(options);
  const deadline = deadlineOption(options);
  return {
    ...(textOption(options, 'title') === undefined ? {} : { title: textOption(options, 'title') }),
    ...(textOption(options, 'description') === undefined ? {} : { description: textOption(options, 'description') }),
    ...(items.length === 0 ? {} : { items: items.map(parseChangeOrderItem) }),
    ...(textOption(options, 'tax-rate') === undefined ? {} : { tax_rate: textOption(options, 'tax-rate') }),
    ...(days === undefined ? {} : { schedule_days: days }),
    ...(deadline === undefined ? {} : { approval_deadline: deadline }),
    ...(options.number === undefined ? {} : { number: idOption(options, 'number') }),
    ...(options['invoice-on-approval'] === true ? { invoice_on_approval: true } : {}),
    ...(options['no-invoice-on-approval'] === true ? { invoice_on_approval: false } : {}),
  };
}

export const listChangeOrders = defineCommand({
  name: 'change-orders',
  summary: "the company's change orders, every version (--project, --status to narrow)",
  as: 'company',
  options: {
    project: { type: 'string', value: 'ID', help: 'one project' },
    status: { type: 'string', value: 'STATUS', help: 'draft, sent, expired, approved, declined, withdrawn or superseded' },
    page: { type: 'string', value: 'N', help: 'the page (50 a page)' },
  },
  async run({ client, options, json, print }) {
    const query = new URLSearchParams({ 'page[size]': '50', 'page[number]': textOption(options, 'page') ?? '1', sort: '-id' });
    if (options.project !== undefined) query.set('filter[project_id]', String(idOption(options, 'project')));
    const status = textOption(options, 'status');
    if (status) query.set('filter[status]', status);
    const page = (await client.company('GET', `/integration/change-orders?${query.toString()}`)) as IntegrationChangeOrderPage;
    if (json) return print(JSON.stringify(page, null, 2));
    if (page.data.length === 0) print('No change orders.');
    for (const row of page.data) {
      print(
        `#${row.id} ${formatChangeOrderNumber(row.number, row.version)} project ${row.project_id}: ${changeOrderStatus(row.status)}, ${money(row.total)}, ${schedule(row.schedule_days)}: ${row.title}`,
      );
    }
  },
});

export const showChangeOrder = defineCommand({
  name: 'show-change-order',
  summary: 'one change order with its items, files and, once answered, the evidence',
  as: 'company',
  options: idOnly,
  async run({ client, options, json, print }) {
    const changeOrder = (await client.company('GET', `/integration/change-orders/${idOption(options, 'id')}`)) as IntegrationChangeOrderDetail;
    if (json) return print(JSON.stringify(changeOrder, null, 2));
    for (const line of details(changeOrder)) print(line);
  },
});

export const createChangeOrder = defineCommand({
  name: 'create-change-order',
  summary: 'a draft change order from flags or from a JSON file (send it with send-change-order)',
  as: 'company',
  fieldOptions: { ...fieldFlags, project_id: 'project' },
  options: {
    project: { type: 'string', value: 'ID', help: 'the project (required unless the file names it)' },
    ...fieldOptions,
  },
  async run({ client, options, json, print, resolvePath }) {
    const base = await readBody<IntegrationChangeOrderCreate>(options, resolvePath);
    const body = {
      ...base,
      ...(options.project === undefined ? {} : { project_id: idOption(options, 'project') }),
      ...flagFields(options),
    };
    if (body.project_id === undefined) throw new UsageError('Name the project: --project ID (or project_id in the file).');
    if (body.title === undefined) throw new UsageError('Give the change order a title: --title TEXT (or title in the file).');
    const changeOrder = (await client.company('POST', '/integration/change-orders', { body })) as IntegrationChangeOrderDetail;
    print(json ? JSON.stringify(changeOrder, null, 2) : describe(changeOrder));
  },
});

export const updateChangeOrder = defineCommand({
  name: 'update-change-order',
  summary: 'change a draft change order: the fields given, the rest as they are',
  as: 'company',
  fieldOptions: fieldFlags,
  options: {
    ...idOnly,
    ...fieldOptions,
    'no-invoice-on-approval': { type: 'boolean', help: 'make no invoice when the customer approves' },
  },
  async run({ client, options, json, print, resolvePath }) {
    const body = { ...(await readBody<IntegrationChangeOrderUpdate>(options, resolvePath)), ...flagFields(options) };
    const changeOrder = (await client.company('PATCH', `/integration/change-orders/${idOption(options, 'id')}`, { body })) as IntegrationChangeOrderDetail;
    print(json ? JSON.stringify(changeOrder, null, 2) : describe(changeOrder));
  },
});

/** One of the actions on a change order that answers it again. */
const action = (name: string, verb: 'send' | 'withdraw' | 'revise', summary: string) =>
  defineCommand({
    name,
    summary,
    as: 'company',
    options: idOnly,
    async run({ client, options, json, print }) {
      const changeOrder = (await client.company('POST', `/integration/change-orders/${idOption(options, 'id')}/${verb}`)) as IntegrationChangeOrderDetail;
      print(json ? JSON.stringify(changeOrder, null, 2) : describe(changeOrder));
    },
  });

export const sendChangeOrder = action('send-change-order', 'send', 'send a draft change order: the customers see it on the portal and get an email');
export const withdrawChangeOrder = action('withdraw-change-order', 'withdraw', 'withdraw a sent change order: the customer can no longer approve it');
export const reviseChangeOrder = action(
  'revise-change-order',
  'revise',
  'a new draft version of a sent change order (same number, version + 1), to edit and send',
);

export const changeOrderPdf = defineCommand({
  name: 'change-order-pdf',
  summary: 'save the signed PDF of an approved change order to a file',
  as: 'company',
  options: {
    ...idOnly,
    out: { type: 'string', value: 'FILE', required: true, help: 'where to write it, e.g. signed.pdf' },
  },
  async run({ client, options, print, resolvePath }) {
    const id = idOption(options, 'id');
    const bytes = await client.companyDownload(`/integration/change-orders/${id}/pdf`);
    const out = resolvePath(textOption(options, 'out')!);
    await writeFile(out, bytes);
    print(`Signed PDF of change order ${id} saved to ${out} (${bytes.length} bytes).`);
  },
});
