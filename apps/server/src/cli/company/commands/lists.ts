import type { IntegrationAccount, IntegrationInvoicePage, IntegrationProject, IntegrationStatus, Paginated } from '@portal/contract';
import { defineCommand, idOption, textOption, type CommandContext, type OptionSpec } from '../command';
import { invoiceStatus, money } from '../format';
import { formatTable, pageFooter } from '../table';

/**
 * The lists a contractor looks things up in before typing an id: projects, accounts, invoices and project statuses,
 * as tables (docs/company-api.md, "The company command"). `--json` prints the API's page as it came.
 */

const PAGE_SIZE = 50;
const pageOption: OptionSpec = { type: 'string', value: 'N', help: `the page (${PAGE_SIZE} a page)` };
const fullName = (person: { first_name: string | null; last_name: string | null }) => [person.first_name, person.last_name].filter(Boolean).join(' ');

function pageQuery(options: CommandContext['options'], filters: Record<string, string | undefined> = {}) {
  const query = new URLSearchParams({ 'page[size]': String(PAGE_SIZE), 'page[number]': String(options.page === undefined ? 1 : idOption(options, 'page')) });
  for (const [name, value] of Object.entries(filters)) if (value !== undefined && value !== '') query.set(`filter[${name}]`, value);
  return query;
}

/** Prints a page as a table, or "No …." when it is empty, and where the next page is. */
function printPage<T>(context: CommandContext, page: Paginated<T>, noun: string, table: (rows: T[]) => string[]) {
  if (context.json) return context.print(JSON.stringify(page, null, 2));
  if (page.data.length === 0) return context.print(`No ${noun}.`);
  for (const line of table(page.data)) context.print(line);
  const footer = pageFooter(page, noun);
  if (footer) context.print(footer);
}

export const listProjects = defineCommand({
  name: 'list-projects',
  summary: "the company's projects, newest first, with their customer, status and money",
  as: 'company',
  options: {
    search: { type: 'string', value: 'TEXT', help: 'text in the name, number or customer' },
    account: { type: 'string', value: 'ID', help: 'one account’s projects' },
    status: { type: 'string', value: 'ID', help: 'projects with this status (list-statuses)' },
    page: pageOption,
  },
  async run(context) {
    const { options } = context;
    const query = pageQuery(options, {
      search: textOption(options, 'search'),
      account_id: options.account === undefined ? undefined : String(idOption(options, 'account')),
      status_id: options.status === undefined ? undefined : String(idOption(options, 'status')),
    });
    query.set('include', 'account,status');
    query.set('sort', '-id');
    const page = (await context.client.company('GET', `/integration/projects?${query.toString()}`)) as Paginated<IntegrationProject>;
    printPage(context, page, 'projects', (rows) =>
      formatTable(
        [
          { heading: 'ID', right: true },
          { heading: 'NUMBER' },
          { heading: 'NAME' },
          { heading: 'CUSTOMER' },
          { heading: 'STATUS' },
          { heading: 'TOTAL', right: true },
          { heading: 'BALANCE', right: true },
        ],
        rows.map((project) => [
          String(project.id),
          project.number,
          project.name,
          project.account?.name,
          project.status?.name,
          money(project.portal_total_amount),
          money(project.portal_balance_amount),
        ]),
      ),
    );
  },
});

export const listAccounts = defineCommand({
  name: 'list-accounts',
  summary: "the company's customer accounts, by name",
  as: 'company',
  options: { search: { type: 'string', value: 'TEXT', help: 'text in the name or email' }, page: pageOption },
  async run(context) {
    const query = pageQuery(context.options, { search: textOption(context.options, 'search') });
    query.set('sort', 'name');
    const page = (await context.client.company('GET', `/integration/accounts?${query.toString()}`)) as Paginated<IntegrationAccount>;
    printPage(context, page, 'accounts', (rows) =>
      formatTable(
        [{ heading: 'ID', right: true }, { heading: 'NAME' }, { heading: 'CONTACT' }, { heading: 'EMAIL' }, { heading: 'PHONE' }, { heading: 'CITY' }],
        rows.map((account) => [String(account.id), account.name, fullName(account), account.email, account.phone_cell, account.billing_address_city]),
      ),
    );
  },
});

export const listInvoices = defineCommand({
  name: 'list-invoices',
  summary: 'invoices, drafts included, newest first (--project for one project’s)',
  as: 'company',
  options: {
    project: { type: 'string', value: 'ID', help: 'one project' },
    status: { type: 'string', value: 'STATUS', help: 'draft, sent, partially_paid, paid, overdue or void (comma: any of)' },
    page: pageOption,
  },
  async run(context) {
    const { options } = context;
    const query = pageQuery(options, {
      project_id: options.project === undefined ? undefined : String(idOption(options, 'project')),
      status: textOption(options, 'status'),
    });
    query.set('sort', '-id');
    const page = (await context.client.company('GET', `/integration/invoices?${query.toString()}`)) as IntegrationInvoicePage;
    printPage(context, page, 'invoices', (rows) =>
      formatTable(
        [
          { heading: 'ID', right: true },
          { heading: 'NUMBER' },
          { heading: 'PROJECT', right: true },
          { heading: 'STATUS' },
          { heading: 'ISSUED' },
          { heading: 'DUE' },
          { heading: 'TOTAL', right: true },
          { heading: 'BALANCE', right: true },
        ],
        rows.map((invoice) => [
          String(invoice.id),
          invoice.number,
          String(invoice.project_id),
          invoiceStatus(invoice.status),
          invoice.issue_date,
          invoice.due_date,
          money(invoice.total),
          money(invoice.balance),
        ]),
      ),
    );
  },
});

export const listStatuses = defineCommand({
  name: 'list-statuses',
  summary: 'the project statuses a project can have (create-project --status ID), in their order',
  as: 'company',
  options: {},
  async run(context) {
    const statuses: IntegrationStatus[] = [];
    let page: Paginated<IntegrationStatus>;
    for (let number = 1; ; number++) {
      page = (await context.client.company('GET', `/integration/project-statuses?page[size]=100&page[number]=${number}`)) as Paginated<IntegrationStatus>;
      statuses.push(...page.data);
      if (number >= page.last_page) break;
    }
    statuses.sort((a, b) => a.position - b.position || a.id - b.id);
    if (context.json) return context.print(JSON.stringify(statuses, null, 2));
    if (statuses.length === 0) return context.print('No project statuses.');
    const lines = formatTable(
      [{ heading: 'ID', right: true }, { heading: 'NAME' }, { heading: 'COLOUR' }, { heading: 'POSITION', right: true }],
      statuses.map((status) => [String(status.id), status.name, status.color, String(status.position)]),
    );
    for (const line of lines) context.print(line);
  },
});
