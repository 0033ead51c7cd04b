import type { IntegrationContactMessagePage, IntegrationInvoiceDetail, IntegrationInvoiceLineInput } from '@portal/contract';
import { parseMoneyInput } from '@portal/contract/money';
import { defineCommand, idOption, moneyOption, textOption } from '../command';
import { UsageError } from '../errors';
import { invoiceStatus, money } from '../format';

/** `Tear-off and disposal|1|$4,000` → a line; the description may hold anything but `|`, the price is typed money. */
export function parseLine(text: string): IntegrationInvoiceLineInput {
  const parts = text.split('|');
  if (parts.length !== 3 || !parts[0]!.trim()) {
    throw new UsageError(`--line takes DESCRIPTION|QUANTITY|UNIT PRICE, e.g. "Shingles|20|150.00", not "${text}".`);
  }
  const price = parseMoneyInput(parts[2]!);
  if (!price.ok) throw new UsageError(`--line "${text}", unit price: ${price.problem}`);
  return { description: parts[0]!.trim(), quantity: parts[1]!.trim(), unit_price: price.value };
}

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function describeInvoice(invoice: IntegrationInvoiceDetail): string {
  return `Invoice ${invoice.id} (${invoice.number}) for project ${invoice.project_id}: ${invoiceStatus(invoice.status)}, total ${money(invoice.total)}, balance ${money(invoice.balance)}.`;
}

export const createInvoice = defineCommand({
  name: 'create-invoice',
  summary: 'a draft invoice with its lines (--send sends it to the customers at once)',
  as: 'company',
  options: {
    project: { type: 'string', value: 'ID', required: true, help: 'the project' },
    number: { type: 'string', value: 'NUMBER', required: true, help: "the company's invoice number, e.g. INV-1042" },
    line: { type: 'string', value: 'DESC|QTY|PRICE', multiple: true, required: true, help: 'a line; repeat for more' },
    'tax-rate': { type: 'string', value: 'PERCENT', help: 'e.g. 8.25 (default 0)' },
    'issue-date': { type: 'string', value: 'YYYY-MM-DD', help: 'default today' },
    'due-date': { type: 'string', value: 'YYYY-MM-DD', help: 'default 30 days from today' },
    terms: { type: 'string', value: 'TEXT', help: 'payment terms shown on the invoice' },
    send: { type: 'boolean', help: 'send it at once: the customers see it and get an email' },
  },
  async run({ client, options, json, print }) {
    const lines = ((options.line as string[] | undefined) ?? []).map(parseLine);
    let invoice = (await client.company('POST', '/integration/invoices', {
      body: {
        project_id: idOption(options, 'project'),
        number: textOption(options, 'number'),
        issue_date: textOption(options, 'issue-date') ?? today(),
        due_date: textOption(options, 'due-date') ?? inDays(30),
        tax_rate: textOption(options, 'tax-rate') ?? '0',
        terms: textOption(options, 'terms'),
        lines,
      },
    })) as IntegrationInvoiceDetail;
    if (options.send === true) invoice = (await client.company('POST', `/integration/invoices/${invoice.id}/send`)) as IntegrationInvoiceDetail;
    print(json ? JSON.stringify(invoice, null, 2) : describeInvoice(invoice));
  },
});

export const sendInvoice = defineCommand({
  name: 'send-invoice',
  summary: 'send a draft invoice: the customers see it on the portal and get an email',
  as: 'company',
  options: { id: { type: 'string', value: 'ID', required: true, help: 'the invoice' } },
  async run({ client, options, json, print }) {
    const invoice = (await client.company('POST', `/integration/invoices/${idOption(options, 'id')}/send`)) as IntegrationInvoiceDetail;
    print(json ? JSON.stringify(invoice, null, 2) : describeInvoice(invoice));
  },
});

export const recordPayment = defineCommand({
  name: 'record-payment',
  summary: 'record money received against an invoice',
  as: 'company',
  fieldOptions: { amount: 'amount', method: 'method', paid_on: 'date', reference: 'reference' },
  options: {
    invoice: { type: 'string', value: 'ID', required: true, help: 'the invoice' },
    amount: { type: 'string', value: 'AMOUNT', required: true, help: 'e.g. 2000, $2,000 or 2,000.00' },
    method: { type: 'string', value: 'METHOD', required: true, help: 'Check, ACH, Card, …' },
    date: { type: 'string', value: 'YYYY-MM-DD', help: 'when it was received (default today)' },
    reference: { type: 'string', value: 'TEXT', help: 'a check number or transaction id' },
  },
  async run({ client, options, json, print }) {
    const id = idOption(options, 'invoice');
    const { invoice } = (await client.company('POST', `/integration/invoices/${id}/payments`, {
      body: {
        amount: moneyOption(options, 'amount'),
        method: textOption(options, 'method'),
        paid_on: textOption(options, 'date') ?? today(),
        reference: textOption(options, 'reference') ?? null,
      },
    })) as { invoice: IntegrationInvoiceDetail };
    print(json ? JSON.stringify(invoice, null, 2) : describeInvoice(invoice));
  },
});

export const messages = defineCommand({
  name: 'messages',
  summary: 'what customers sent through the contact page, newest first',
  as: 'company',
  options: {
    unhandled: { type: 'boolean', help: 'only those not handled yet' },
    page: { type: 'string', value: 'N', help: 'the page (50 a page)' },
  },
  async run({ client, options, json, print }) {
    const query = new URLSearchParams({ 'page[size]': '50', 'page[number]': textOption(options, 'page') ?? '1' });
    if (options.unhandled === true) query.set('filter[handled]', 'false');
    const page = (await client.company('GET', `/integration/contact-messages?${query.toString()}`)) as IntegrationContactMessagePage;
    if (json) return print(JSON.stringify(page, null, 2));
    if (page.data.length === 0) print('No messages.');
    for (const message of page.data) {
      const from = message.portal_user
        ? `${[message.portal_user.first_name, message.portal_user.last_name].filter(Boolean).join(' ')} <${message.portal_user.email}>`
        : 'a former customer';
      print(
        `#${message.id} ${message.created_at} ${message.handled ? '(handled) ' : ''}from ${from}${message.project_id ? ` about project ${message.project_id}` : ''}`,
      );
      print(`  ${message.subject}: ${message.message.replace(/\s+/g, ' ')}`);
    }
  },
});

export const handleMessage = defineCommand({
  name: 'handle-message',
  summary: 'mark a contact message handled',
  as: 'company',
  options: { id: { type: 'string', value: 'ID', required: true, help: 'the message' } },
  async run({ client, options, print }) {
    const id = idOption(options, 'id');
    await client.company('POST', `/integration/contact-messages/${id}/handled`);
    print(`Message ${id} marked handled.`);
  },
});
