/**
 * `npm run company -- <command> [options]`: the company side's command-line tool (docs/requirements.md 18:
 * an integration API with API keys, plus a command-line tool on it). Key management opens the database
 * (same DATA_DIR / DATABASE_URL as the server; with the embedded database, stop the server first:
 * PGlite allows one process per data folder). Everything else calls the running server's
 * integration API with an API key, exactly as a company's CRM would.
 *
 *   create-api-key --company ID [--name NAME]       prints a new key, once
 *   list-api-keys [--company ID]
 *   revoke-api-key --id ID
 *   add-note --project ID --text TEXT [--author-staff ID] [--internal]
 *   switch --set is_portal_project_notes_enabled=false [--set …]
 *
 * The API calls read PORTAL_API_KEY, and PORTAL_URL (default PUBLIC_URL, else http://localhost:3000).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { COMPANY_SWITCHES, type CompanySwitch } from '@portal/contract';
import { openDatabase } from '../db/client';
import { EnvError, parseEnv } from '../env';
import { apiKeysRepository } from '../modules/integration/api-keys.repository';

const USAGE = `Usage: npm run company -- <command> [options]

  create-api-key --company ID [--name NAME]     a new API key for a company (shown once)
  list-api-keys [--company ID]                  keys and when they were last used
  revoke-api-key --id ID                        stop a key from working
  add-note --project ID --text TEXT [--author-staff ID] [--internal]
                                                post a note through the integration API
  switch --set NAME=true|false [--set …]        turn portal areas on or off (${COMPANY_SWITCHES.length} switches)

add-note and switch call the running server: PORTAL_API_KEY=ppk_… and PORTAL_URL (default PUBLIC_URL or
http://localhost:3000).`;

class UsageError extends Error {}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    company: { type: 'string' },
    name: { type: 'string' },
    id: { type: 'string' },
    project: { type: 'string' },
    text: { type: 'string' },
    'author-staff': { type: 'string' },
    internal: { type: 'boolean', default: false },
    set: { type: 'string', multiple: true },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

function wholeNumber(name: string, value: string | undefined): number {
  if (value === undefined) throw new UsageError(`--${name} is required.`);
  if (!/^[1-9]\d{0,9}$/.test(value)) throw new UsageError(`--${name} must be a whole number, not "${value}".`);
  return Number(value);
}

async function withDatabase<T>(run: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const env = parseEnv();
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: path.join(env.DATA_DIR, 'db'),
    owner: {
      role: `npm run company -- ${positionals[0]}`,
      ifHeld: `stop that process and run this again (add-note and switch go through the running server's API instead)`,
    },
  });
  try {
    return await run(database.db);
  } finally {
    await database.close();
  }
}

async function callApi(method: string, pathname: string, body: unknown): Promise<unknown> {
  const key = process.env.PORTAL_API_KEY;
  if (!key) throw new UsageError('Set PORTAL_API_KEY to an API key of the company (npm run company -- create-api-key).');
  const base = (process.env.PORTAL_URL || process.env.PUBLIC_URL || 'http://localhost:3000').replace(/\/+$/, '');
  const response = await fetch(`${base}/api${pathname}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw new Error(`${method} ${pathname} answered ${response.status}: ${JSON.stringify(answer)}`);
  }
  return answer;
}

async function main(): Promise<void> {
  const [command] = positionals;
  if (!command || values.help) {
    console.log(USAGE);
    return;
  }
  switch (command) {
    case 'create-api-key': {
      const companyId = wholeNumber('company', values.company);
      const name = values.name?.trim() || 'CLI';
      const created = await withDatabase(async (db) => {
        const keys = apiKeysRepository(db);
        return keys.create(companyId, name).catch((error: unknown) => {
          throw /foreign key|violates/i.test(String((error as { cause?: unknown }).cause ?? error)) ? new UsageError(`There is no company ${companyId}.`) : error;
        });
      });
      console.log(`API key ${created.id} for company ${companyId} ("${name}"). Keep it secret; it is shown only this once:\n${created.key}`);
      return;
    }
    case 'list-api-keys': {
      const companyId = values.company === undefined ? undefined : wholeNumber('company', values.company);
      const keys = await withDatabase((db) => apiKeysRepository(db).list(companyId));
      if (keys.length === 0) console.log('No API keys.');
      for (const key of keys) {
        const state = key.revoked_at ? `revoked ${key.revoked_at.toISOString()}` : key.last_used_at ? `last used ${key.last_used_at.toISOString()}` : 'never used';
        console.log(`${key.id}\tcompany ${key.company_id}\t${key.name}\t${state}`);
      }
      return;
    }
    case 'revoke-api-key': {
      const id = wholeNumber('id', values.id);
      const revoked = await withDatabase((db) => apiKeysRepository(db).revoke(id));
      console.log(revoked ? `API key ${id} revoked.` : `No active API key ${id}.`);
      if (!revoked) process.exitCode = 1;
      return;
    }
    case 'add-note': {
      const project = wholeNumber('project', values.project);
      if (!values.text?.trim()) throw new UsageError('--text is required.');
      const author = values['author-staff'] === undefined ? undefined : wholeNumber('author-staff', values['author-staff']);
      const note = (await callApi('POST', `/integration/projects/${project}/notes`, {
        body: values.text,
        ...(author === undefined ? {} : { author_staff_id: author }),
        shared_with_portal: !values.internal,
      })) as { id: number; shared_with_portal: boolean };
      console.log(`Note ${note.id} added to project ${project}${note.shared_with_portal ? '' : ' (internal)'}.`);
      return;
    }
    case 'switch': {
      const changes: Partial<Record<CompanySwitch, boolean>> = {};
      for (const item of values.set ?? []) {
        const match = /^([a-z_]+)=(true|false|on|off)$/.exec(item);
        if (!match || !(COMPANY_SWITCHES as readonly string[]).includes(match[1]!)) {
          throw new UsageError(`--set takes NAME=true|false with NAME one of: ${COMPANY_SWITCHES.join(', ')}`);
        }
        changes[match[1] as CompanySwitch] = match[2] === 'true' || match[2] === 'on';
      }
      if (Object.keys(changes).length === 0) throw new UsageError('Give at least one --set NAME=true|false.');
      const company = (await callApi('PATCH', '/integration/company', changes)) as Record<string, unknown>;
      console.log(`${String(company.name)}: ${Object.keys(changes).map((name) => `${name}=${String(company[name])}`).join(', ')}`);
      return;
    }
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

try {
  await main();
} catch (error) {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
  else console.error(error instanceof EnvError ? error.message : error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
