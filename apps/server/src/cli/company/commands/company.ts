import { COMPANY_SWITCHES, type CompanySwitch } from '@portal/contract';
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
    print(`${String(company.name)}: ${Object.keys(changes).map((name) => `${name}=${String(company[name])}`).join(', ')}`);
  },
});
