import { COMPANY_SWITCHES, MAX_PUBLIC_IMAGE_BYTES, type CompanySwitch, type IntegrationCompany } from '@portal/contract';
import { defineCommand } from '../command';
import { UsageError } from '../errors';

export const switches = defineCommand({
  name: 'switch',
  summary: `turn portal areas on or off (${COMPANY_SWITCHES.length} switches)`,
  as: 'company',
  options: { set: { type: 'string', value: 'NAME=true|false', multiple: true, required: true, help: 'a switch; repeat for more' } },
  async run({ client, options, json, print }) {
    const changes: Partial<Record<CompanySwitch, boolean>> = {};
    for (const item of (options.set as string[] | undefined) ?? []) {
      const match = /^([a-z_]+)=(true|false|on|off)$/.exec(item);
      if (!match || !(COMPANY_SWITCHES as readonly string[]).includes(match[1]!)) {
        throw new UsageError(`--set takes NAME=true|false with NAME one of: ${COMPANY_SWITCHES.join(', ')}.`);
      }
      changes[match[1] as CompanySwitch] = match[2] === 'true' || match[2] === 'on';
    }
    const company = (await client.company('PATCH', '/integration/company', { body: changes })) as Record<string, unknown>;
    if (json) return print(JSON.stringify(company, null, 2));
    print(
      `${String(company.name)}: ${Object.keys(changes)
        .map((name) => `${name}=${String(company[name])}`)
        .join(', ')}`,
    );
  },
});

/** `image/png` for a file name, so the server's own check of the bytes is what decides. */
export function contentTypeOf(file: string): string | undefined {
  const extension = file.toLowerCase().split('.').pop();
  return (
    {
      jpg: 'image/jpeg',
      jpeg: 'image/jpeg',
      png: 'image/png',
      webp: 'image/webp',
      gif: 'image/gif',
      pdf: 'application/pdf',
      heic: 'image/heic',
      heif: 'image/heif',
    } as Record<string, string>
  )[extension ?? ''];
}

export const updateCompany = defineCommand({
  name: 'update-company',
  summary: "change the company's details and branding",
  as: 'company',
  fieldOptions: { selection_overage_change_orders: 'selection-overage' },
  options: {
    name: { type: 'string', value: 'NAME', help: "the company's name" },
    color: { type: 'string', value: '#RRGGBB', help: "the portal's colour" },
    'theme-code': { type: 'string', value: 'CODE', help: 'brands the sign-in pages (?theme=CODE)' },
    welcome: { type: 'string', value: 'TEXT', help: 'the welcome message on the projects page' },
    url: { type: 'string', value: 'URL', help: 'the company website' },
    phone: { type: 'string', value: 'PHONE', help: 'the phone number customers call' },
    'contact-email': { type: 'string', value: 'EMAIL', help: 'where contact messages go' },
    'time-zone': { type: 'string', value: 'ZONE', help: 'the calendar’s IANA time zone, e.g. America/Chicago' },
    'selection-overage': { type: 'string', value: 'draft|send', help: 'a choice over its allowance makes a change order draft, or sends one at once' },
  },
  async run({ client, options, json, print }) {
    const fields: Record<string, string> = {
      name: 'name',
      color: 'color',
      'theme-code': 'theme_code',
      welcome: 'portal_welcome_message',
      url: 'url',
      phone: 'phone_default',
      'contact-email': 'contact_email',
      'time-zone': 'time_zone',
      'selection-overage': 'selection_overage_change_orders',
    };
    const body = Object.fromEntries(
      Object.entries(fields)
        .filter(([option]) => typeof options[option] === 'string')
        .map(([option, field]) => [field, options[option]]),
    );
    if (Object.keys(body).length === 0) throw new UsageError('Give at least one field to change.');
    const company = (await client.company('PATCH', '/integration/company', { body })) as IntegrationCompany;
    if (json) return print(JSON.stringify(company, null, 2));
    print(`${company.name} (theme code ${company.theme_code ?? 'none'}, colour ${company.color ?? 'default'}) updated.`);
  },
});

export const setLogo = defineCommand({
  name: 'set-logo',
  summary: "upload the company's logo (JPEG, PNG or WebP)",
  as: 'company',
  options: { file: { type: 'string', value: 'PATH', required: true, help: 'the image' } },
  async run({ client, options, json, print, resolvePath }) {
    const file = resolvePath(options.file as string);
    const company = (await client.company('PUT', '/integration/company/logo', {
      files: [{ field: 'file', path: file, contentType: contentTypeOf(file), maxBytes: MAX_PUBLIC_IMAGE_BYTES }],
    })) as IntegrationCompany;
    if (json) return print(JSON.stringify(company, null, 2));
    print(`Logo of ${company.name} set: ${company.logo_url}`);
  },
});
