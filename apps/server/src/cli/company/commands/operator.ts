import { ScopeSchema, type OperatorCompanyCreated } from '@portal/contract';
import { DEFAULT_TIME_ZONE, formatZonedMoment } from '@portal/contract/calendar-constants';
import { defineCommand, idOption, textOption } from '../command';
import { UsageError } from '../errors';

export const createCompany = defineCommand({
  name: 'create-company',
  summary: "take on a company: prints its API key (every scope), the owner it made and the owner's invitation link",
  as: 'operator',
  options: {
    name: { type: 'string', value: 'NAME', required: true, help: "the company's name" },
    'owner-email': { type: 'string', value: 'EMAIL', required: true, help: "the owner's email" },
    'owner-name': { type: 'string', value: 'NAME', required: true, help: "the owner's name, as customers see it on notes and emails" },
    'theme-code': { type: 'string', value: 'CODE', help: 'brands the sign-in pages (?theme=CODE); default: made from the name' },
    color: { type: 'string', value: '#RRGGBB', help: "the portal's colour" },
    'time-zone': { type: 'string', value: 'ZONE', help: 'the calendar’s IANA time zone (default America/New_York)' },
  },
  async run({ client, options, json, print }) {
    const created = (await client.operator('POST', '/operator/companies', {
      name: textOption(options, 'name'),
      owner_email: textOption(options, 'owner-email'),
      owner_name: textOption(options, 'owner-name'),
      theme_code: textOption(options, 'theme-code'),
      color: textOption(options, 'color'),
      time_zone: textOption(options, 'time-zone'),
    })) as OperatorCompanyCreated;
    if (json) return print(JSON.stringify(created, null, 2));
    print(`Company ${created.company.id}: ${created.company.name} (theme code ${created.company.theme_code}).`);
    print(`Owner: ${created.owner.name} <${created.owner.email}> (staff ${created.owner.id}).`);
    // The expiry on the new company's clock, as every invitation's reads.
    const expires = formatZonedMoment(created.owner.invitation_expires_at, textOption(options, 'time-zone') ?? DEFAULT_TIME_ZONE);
    print(`The owner chooses a password and signs in to the staff console here (once; expires ${expires}):`);
    print(created.owner.invitation_url);
    print(`API key ${created.api_key.id} with every scope. Keep it secret; it is shown only this once:`);
    print(created.api_key.key);
  },
});

export const createApiKey = defineCommand({
  name: 'create-api-key',
  summary: 'a new API key for a company (shown once)',
  as: 'operator',
  options: {
    company: { type: 'string', value: 'ID', required: true, help: 'the company' },
    name: { type: 'string', value: 'NAME', help: 'what the key is for (default CLI)' },
    scope: { type: 'string', value: 'AREA:read|write', multiple: true, help: 'a scope; repeat for more (default: every scope)' },
  },
  async run({ client, options, json, print }) {
    const companyId = idOption(options, 'company');
    const scopes = (options.scope as string[] | undefined) ?? undefined;
    for (const scope of scopes ?? []) {
      if (!ScopeSchema.safeParse(scope).success) throw new UsageError(`--scope ${scope} is not a scope; scopes are AREA:read or AREA:write, e.g. notes:write.`);
    }
    const created = (await client.operator('POST', `/operator/companies/${companyId}/api-keys`, {
      name: textOption(options, 'name')?.trim() || 'CLI',
      scopes,
    })) as { id: number; name: string; scopes: string[]; key: string };
    if (json) return print(JSON.stringify(created, null, 2));
    print(`API key ${created.id} for company ${companyId} ("${created.name}", ${created.scopes.length} scopes). Keep it secret; it is shown only this once:`);
    print(created.key);
  },
});

export const listApiKeys = defineCommand({
  name: 'list-api-keys',
  summary: 'keys and when they were last used',
  as: 'operator',
  options: { company: { type: 'string', value: 'ID', help: 'only this company' } },
  async run({ client, options, json, print }) {
    const query = options.company === undefined ? '' : `?company=${idOption(options, 'company')}`;
    const { data } = (await client.operator('GET', `/operator/api-keys${query}`)) as {
      data: { id: number; company_id: number; name: string; last_used_at: string | null; revoked_at: string | null }[];
    };
    if (json) return print(JSON.stringify(data, null, 2));
    if (data.length === 0) print('No API keys.');
    for (const key of data) {
      const state = key.revoked_at ? `revoked ${key.revoked_at}` : key.last_used_at ? `last used ${key.last_used_at}` : 'never used';
      print(`${key.id}\tcompany ${key.company_id}\t${key.name}\t${state}`);
    }
  },
});

export const revokeApiKey = defineCommand({
  name: 'revoke-api-key',
  summary: 'stop a key from working',
  as: 'operator',
  options: { id: { type: 'string', value: 'ID', required: true, help: 'the key' } },
  async run({ client, options, print }) {
    const id = idOption(options, 'id');
    await client.operator('POST', `/operator/api-keys/${id}/revoke`);
    print(`API key ${id} revoked.`);
  },
});
