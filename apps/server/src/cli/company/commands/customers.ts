import type { IntegrationAccount, IntegrationCompany, IntegrationNote, IntegrationPortalUser, IntegrationProject, IntegrationShare } from '@portal/contract';
import { formatZonedMoment } from '@portal/contract/calendar-constants';
import { defineCommand, idOption, moneyOption, textOption, type CommandContext, type OptionSpec } from '../command';

/** Options whose value goes into the request body under another name. */
function bodyOf(options: CommandContext['options'], fields: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([option]) => typeof options[option] === 'string')
      .map(([option, field]) => [field, options[option]]),
  );
}
const text = (value: string, help: string): OptionSpec => ({ type: 'string', value, help });
const address = {
  street: text('STREET', 'street address'),
  city: text('CITY', 'city'),
  state: text('STATE', 'state'),
  zip: text('ZIP', 'zip code'),
};
const fullName = (person: { first_name: string | null; last_name: string | null; email: string }) =>
  [person.first_name, person.last_name].filter(Boolean).join(' ') || person.email;

export const createAccount = defineCommand({
  name: 'create-account',
  summary: 'add a customer account (the contact and address on invoices and the contact page)',
  as: 'company',
  options: {
    name: { type: 'string', value: 'NAME', required: true, help: 'the account name, e.g. the customer household' },
    email: text('EMAIL', 'contact email'),
    'first-name': text('NAME', 'contact first name'),
    'last-name': text('NAME', 'contact last name'),
    phone: text('PHONE', 'contact mobile phone'),
    ...address,
  },
  async run({ client, options, json, print }) {
    const account = (await client.company('POST', '/integration/accounts', {
      body: bodyOf(options, {
        name: 'name',
        email: 'email',
        'first-name': 'first_name',
        'last-name': 'last_name',
        phone: 'phone_cell',
        street: 'billing_address_street',
        city: 'billing_address_city',
        state: 'billing_address_state',
        zip: 'billing_address_zip',
      }),
    })) as IntegrationAccount;
    print(json ? JSON.stringify(account, null, 2) : `Account ${account.id}: ${account.name}.`);
  },
});

export const projectFields = {
  name: 'name',
  number: 'number',
  street: 'address_street',
  city: 'address_city',
  state: 'address_state',
  zip: 'address_zip',
} as const;

export const createProject = defineCommand({
  name: 'create-project',
  summary: 'add a project',
  as: 'company',
  fieldOptions: { financials_total_amount: 'total', account_id: 'account', status_id: 'status', rep_primary_id: 'rep' },
  options: {
    name: { type: 'string', value: 'NAME', required: true, help: 'what the customer calls it, e.g. Roof replacement' },
    number: text('NUMBER', "the company's project number"),
    account: text('ID', 'the customer account'),
    status: text('ID', 'a project status (list-statuses)'),
    rep: text('ID', 'the primary rep (a staff member)'),
    total: text('AMOUNT', 'the contract total, e.g. 18500, $18,500 or 18,500.00'),
    ...address,
  },
  async run({ client, options, json, print }) {
    const references = Object.fromEntries(
      (['account', 'status', 'rep'] as const)
        .filter((option) => options[option] !== undefined)
        .map((option) => [{ account: 'account_id', status: 'status_id', rep: 'rep_primary_id' }[option], idOption(options, option)]),
    );
    const project = (await client.company('POST', '/integration/projects', {
      body: {
        ...bodyOf(options, projectFields),
        ...references,
        ...(options.total === undefined ? {} : { financials_total_amount: moneyOption(options, 'total') }),
      },
    })) as IntegrationProject;
    print(json ? JSON.stringify(project, null, 2) : `Project ${project.id}: ${project.name}${project.number ? ` (${project.number})` : ''}.`);
  },
});

export const inviteCustomer = defineCommand({
  name: 'invite-customer',
  summary: 'add a customer, share a project with them and email the invitation',
  as: 'company',
  options: {
    email: { type: 'string', value: 'EMAIL', required: true, help: "the customer's email" },
    'first-name': text('NAME', 'first name (for someone new to the portal)'),
    'last-name': text('NAME', 'last name (for someone new to the portal)'),
    project: text('ID', 'a project to share with them first'),
  },
  async run({ client, options, json, print }) {
    const user = (await client.company('POST', '/integration/portal-users', {
      body: { email: textOption(options, 'email'), ...bodyOf(options, { 'first-name': 'first_name', 'last-name': 'last_name' }) },
    })) as IntegrationPortalUser;
    let share: IntegrationShare | null = null;
    if (options.project !== undefined) {
      share = (await client.company('POST', `/integration/projects/${idOption(options, 'project')}/shares`, {
        body: { portal_user_id: user.id },
      })) as IntegrationShare;
    }
    const invited = (await client.company('POST', `/integration/portal-users/${user.id}/invite`)) as { portal_user: IntegrationPortalUser; expires_at: string };
    if (json) return print(JSON.stringify({ portal_user: invited.portal_user, share, expires_at: invited.expires_at }, null, 2));
    // The expiry on the company's clock, as the staff console says it.
    const company = (await client.company('GET', '/integration/company')) as IntegrationCompany;
    print(
      `Customer ${user.id}: ${fullName(user)}${share ? `, project ${share.project_id} shared` : ''}; invitation emailed, expires ${formatZonedMoment(invited.expires_at, company.time_zone)}.`,
    );
  },
});

const shareOptions = {
  project: { type: 'string', value: 'ID', required: true, help: 'the project' },
  customer: { type: 'string', value: 'ID', required: true, help: 'the customer (portal user id)' },
} satisfies Record<string, OptionSpec>;

export const share = defineCommand({
  name: 'share',
  summary: 'share a project with a customer',
  as: 'company',
  options: shareOptions,
  async run({ client, options, json, print }) {
    const row = (await client.company('POST', `/integration/projects/${idOption(options, 'project')}/shares`, {
      body: { portal_user_id: idOption(options, 'customer') },
    })) as IntegrationShare;
    print(json ? JSON.stringify(row, null, 2) : `Project ${row.project_id} shared with ${fullName(row.portal_user)}.`);
  },
});

export const unshare = defineCommand({
  name: 'unshare',
  summary: 'stop sharing a project with a customer (their next request on it is refused)',
  as: 'company',
  options: shareOptions,
  async run({ client, options, print }) {
    const project = idOption(options, 'project');
    await client.company('DELETE', `/integration/projects/${project}/shares/${idOption(options, 'customer')}`);
    print(`Project ${project} is no longer shared with customer ${String(options.customer)}.`);
  },
});

export const readNotes = defineCommand({
  name: 'notes',
  summary: "a project's conversation, newest first, internal notes marked",
  as: 'company',
  options: { project: { type: 'string', value: 'ID', required: true, help: 'the project' }, page: text('N', 'the page (25 a page)') },
  async run({ client, options, json, print }) {
    const query = new URLSearchParams({ 'page[size]': '25', 'page[number]': textOption(options, 'page') ?? '1' });
    const page = (await client.company('GET', `/integration/projects/${idOption(options, 'project')}/notes?${query.toString()}`)) as {
      data: IntegrationNote[];
    };
    if (json) return print(JSON.stringify(page, null, 2));
    if (page.data.length === 0) print('No notes.');
    for (const note of page.data) {
      print(`#${note.id} ${note.created_at} ${note.author.name ?? 'unknown'}${note.shared_with_portal ? '' : ' (internal)'}:`);
      for (const line of note.body.split('\n')) print(`  ${line}`);
    }
  },
});
