import { readFile } from 'node:fs/promises';
import { EmailSchema, type IntegrationAccount, type IntegrationPortalUser, type IntegrationProject } from '@portal/contract';
import { parseMoneyInput } from '@portal/contract/money';
import type { PortalClient } from '../client';
import { defineCommand, textOption } from '../command';
import { parseCsv, type CsvError } from '../csv';
import { RefusedError, SetupError, UsageError } from '../errors';

/** The columns an import reads; the first three are required. */
export const IMPORT_COLUMNS = [
  'account',
  'contact_email',
  'project',
  'first_name',
  'last_name',
  'phone',
  'number',
  'street',
  'city',
  'state',
  'zip',
  'total',
] as const;
const REQUIRED = ['account', 'contact_email', 'project'] as const;

type Row = Record<string, string>;

async function everything<T>(client: PortalClient, path: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const answer = (await client.company('GET', `${path}?page[size]=100&page[number]=${page}`)) as { data: T[]; last_page: number };
    rows.push(...answer.data);
    if (page >= answer.last_page) return rows;
  }
}

/** The API's fields as the CSV's columns, so a refused row names what is in the file. */
const ACCOUNT_COLUMNS: Record<string, string> = {
  name: 'account',
  email: 'contact_email',
  first_name: 'first_name',
  last_name: 'last_name',
  phone_cell: 'phone',
};
const PROJECT_COLUMNS: Record<string, string> = {
  name: 'project',
  number: 'number',
  address_street: 'street',
  address_city: 'city',
  address_state: 'state',
  address_zip: 'zip',
  financials_total_amount: 'total',
};
const CUSTOMER_COLUMNS: Record<string, string> = { email: 'contact_email', first_name: 'first_name', last_name: 'last_name' };

/** A call whose refusal names the CSV's columns instead of the API's fields. */
async function inColumns<T>(columns: Record<string, string>, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof RefusedError)) throw error;
    const errors = Object.fromEntries(Object.entries(error.errors).map(([field, messages]) => [columns[field] ? `column ${columns[field]}` : field, messages]));
    throw new RefusedError(error.status, error.message, errors);
  }
}

const refusal = (error: unknown) =>
  error instanceof RefusedError
    ? [error.message, ...Object.entries(error.errors).map(([field, messages]) => `${field}: ${messages.join(' ')}`)].join(' ')
    : error instanceof Error
      ? error.message
      : String(error);

/**
 * One row: the account (found by name, else made), the project (found by number, else made), the customer (made or
 * linked), the share and the invitation. A row refused half-way takes back what it made, so a bad row changes nothing.
 */
async function importRow(client: PortalClient, row: Row, known: { accounts: Map<string, number>; projects: Map<string, number> }): Promise<string> {
  const made: (() => Promise<unknown>)[] = [];
  try {
    let accountId = known.accounts.get(row.account!.toLowerCase());
    const said: string[] = [];
    if (accountId === undefined) {
      const account = (await inColumns(
        ACCOUNT_COLUMNS,
        client.company('POST', '/integration/accounts', {
          body: {
            name: row.account,
            email: row.contact_email,
            ...(row.first_name ? { first_name: row.first_name } : {}),
            ...(row.last_name ? { last_name: row.last_name } : {}),
            ...(row.phone ? { phone_cell: row.phone } : {}),
          },
        }),
      )) as IntegrationAccount;
      accountId = account.id;
      made.push(() => client.company('DELETE', `/integration/accounts/${account.id}`));
      said.push(`account ${account.id} made`);
    } else said.push(`account ${accountId} found`);

    let projectId = row.number ? known.projects.get(row.number) : undefined;
    if (projectId === undefined) {
      const project = (await inColumns(
        PROJECT_COLUMNS,
        client.company('POST', '/integration/projects', {
          body: {
            name: row.project,
            account_id: accountId,
            ...(row.number ? { number: row.number } : {}),
            ...(row.street ? { address_street: row.street } : {}),
            ...(row.city ? { address_city: row.city } : {}),
            ...(row.state ? { address_state: row.state } : {}),
            ...(row.zip ? { address_zip: row.zip } : {}),
            ...(row.total ? { financials_total_amount: row.total } : {}),
          },
        }),
      )) as IntegrationProject;
      projectId = project.id;
      made.unshift(() => client.company('DELETE', `/integration/projects/${project.id}`));
      said.push(`project ${project.id} made`);
    } else said.push(`project ${projectId} found`);

    const customer = (await inColumns(
      CUSTOMER_COLUMNS,
      client.company('POST', '/integration/portal-users', {
        body: { email: row.contact_email, ...(row.first_name ? { first_name: row.first_name } : {}), ...(row.last_name ? { last_name: row.last_name } : {}) },
      }),
    )) as IntegrationPortalUser;
    await client.company('POST', `/integration/projects/${projectId}/shares`, { body: { portal_user_id: customer.id } });
    said.push(`shared with ${customer.email}`);
    // Made and shared: from here on nothing is taken back, an invitation that fails is said and can be sent again.
    known.accounts.set(row.account!.toLowerCase(), accountId);
    if (row.number) known.projects.set(row.number, projectId);
    made.length = 0;
    if (customer.invited_at === null) {
      await client.company('POST', `/integration/portal-users/${customer.id}/invite`).then(
        () => said.push('invited'),
        (error: unknown) => said.push(`invitation not sent (${refusal(error)})`),
      );
    }
    return said.join(', ');
  } catch (error) {
    for (const undo of made) await undo().catch(() => {});
    if (error instanceof SetupError) throw error;
    throw new RefusedError(0, refusal(error));
  }
}

export const importCsv = defineCommand({
  name: 'import',
  summary: 'a CSV of customers and projects (one row per project): makes, shares and invites; reports each row',
  as: 'company',
  options: { file: { type: 'string', value: 'PATH', required: true, help: `columns: ${IMPORT_COLUMNS.join(', ')} (the first three required)` } },
  async run({ client, options, print, resolvePath }) {
    const file = resolvePath(textOption(options, 'file')!);
    const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new SetupError(`Cannot read ${file}: ${error.code ?? String(error)}`);
    });
    let table: ReturnType<typeof parseCsv>;
    try {
      table = parseCsv(text);
    } catch (error) {
      throw new UsageError(`${file}: ${(error as CsvError).message}`);
    }
    const missing = REQUIRED.filter((column) => !table.header.includes(column));
    if (missing.length > 0) throw new UsageError(`${file} has no column ${missing.join(', ')}; the columns are ${IMPORT_COLUMNS.join(', ')}.`);
    const unknown = table.header.filter((column) => !(IMPORT_COLUMNS as readonly string[]).includes(column));
    if (unknown.length > 0) throw new UsageError(`${file} has a column this import does not know: ${unknown.join(', ')}.`);

    const known = {
      accounts: new Map((await everything<IntegrationAccount>(client, '/integration/accounts')).map((account) => [account.name.toLowerCase(), account.id])),
      projects: new Map(
        (await everything<IntegrationProject>(client, '/integration/projects'))
          .filter((project) => project.number)
          .map((project) => [project.number!, project.id]),
      ),
    };
    let refused = 0;
    for (const { line, values } of table.rows) {
      const empty = REQUIRED.filter((column) => !values[column]);
      const email = EmailSchema.safeParse(values.contact_email ?? '');
      // A total as a spreadsheet writes it ("$12,500.00") in the API's form; refused in the column's own words.
      const total = values.total ? parseMoneyInput(values.total) : null;
      if (empty.length > 0 || !email.success || (total && !total.ok)) {
        refused++;
        const problem =
          empty.length > 0
            ? `${empty.join(', ')} empty.`
            : !email.success
              ? `contact_email "${values.contact_email}" is not an email address.`
              : `column total: ${(total as { problem: string }).problem}`;
        print(`Line ${line}: refused, nothing changed: ${problem}`);
        continue;
      }
      try {
        print(`Line ${line}: ${await importRow(client, { ...values, contact_email: email.data, ...(total?.ok ? { total: total.value } : {}) }, known)}.`);
      } catch (error) {
        if (error instanceof SetupError) throw error;
        refused++;
        print(`Line ${line}: refused, nothing changed: ${(error as Error).message}`);
      }
    }
    print(`${table.rows.length - refused} of ${table.rows.length} rows imported.`);
    if (refused > 0)
      throw new RefusedError(
        422,
        `${refused} row${refused === 1 ? '' : 's'} refused; fix them and import the file again (rows already in are found, not made twice).`,
      );
  },
});
