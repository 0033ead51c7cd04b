import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/portal-users';
import { useTestApp } from '../../../test/suite';
import { companies, portalThemes, projectStatuses, siteTypes, staff } from '../../db/schema';
import { loadSecret, OPERATOR_SECRET_FILE } from '../../lib/secret-file';
import { operatorToken } from '../../lib/tokens';

/** The operator takes on a company on an empty portal (docs/company-api.md, "Operator"). */

const t = useTestApp();
let operator: Record<string, string>;

beforeAll(async () => {
  // The secret the server generated in its data folder: what the `company` command on the same host reads.
  operator = bearer(operatorToken(await loadSecret({ dataDir: t.dataDir, name: OPERATOR_SECRET_FILE })));
});

const createCompany = (payload: object, headers = operator) => t.app.inject({ method: 'POST', url: '/api/operator/companies', headers, payload });

describe('taking on a company', () => {
  it('creates the company, its theme, first statuses and site types, its owner and a key with every scope', async () => {
    const response = await createCompany({ name: 'Harbor Roofing & Sons', owner_email: 'Owner@Harbor.example', owner_name: 'Hana Harbor', color: '#0f766e' });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created.company).toEqual({ id: expect.any(Number), name: 'Harbor Roofing & Sons', theme_code: 'harbor-roofing-sons' });
    expect(created.owner).toEqual({
      id: expect.any(Number),
      name: 'Hana Harbor',
      email: 'owner@harbor.example',
      invitation_url: expect.stringMatching(/^http:\/\/portal\.test\/staff\/invitation\?token=\d+\.[\w-]{43}$/),
      invitation_expires_at: expect.any(String),
    });
    expect(created.api_key.key).toMatch(/^ppk_\d+_/);

    const db = t.app.database.db;
    const [company] = await db.select().from(companies).where(eq(companies.id, created.company.id));
    expect(company).toMatchObject({ color: '#0f766e', contact_email: 'owner@harbor.example' });
    expect((await db.select().from(portalThemes).where(eq(portalThemes.company_id, company!.id)))[0]!.code).toBe('harbor-roofing-sons');
    expect((await db.select().from(projectStatuses).where(eq(projectStatuses.company_id, company!.id))).map((row) => row.name)).toEqual([
      'Estimate',
      'Scheduled',
      'In progress',
      'Completed',
    ]);
    expect(await db.select().from(siteTypes).where(eq(siteTypes.company_id, company!.id))).toHaveLength(2);
    expect((await db.select().from(staff).where(eq(staff.company_id, company!.id)))[0]!.name).toBe('Hana Harbor');

    // The key works at once, for that company.
    const theme = await t.app.inject({ method: 'GET', url: '/api/themes/harbor-roofing-sons/company' });
    expect(theme.json()).toMatchObject({ name: 'Harbor Roofing & Sons', color: '#0f766e' });
    const switched = await t.app.inject({
      method: 'PATCH',
      url: '/api/integration/company',
      headers: bearer(created.api_key.key),
      payload: { is_portal_project_notes_enabled: true },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ id: company!.id, is_portal_project_notes_enabled: true });
  });

  it('makes a free theme code from a name already used, and refuses a given code that is taken', async () => {
    const second = await createCompany({ name: 'Harbor Roofing & Sons', owner_email: 'second@harbor.example', owner_name: 'Sam Second' });
    expect(second.json().company.theme_code).toBe('harbor-roofing-sons-2');
    const taken = await createCompany({ name: 'Other', owner_email: 'x@other.example', owner_name: 'Otto Other', theme_code: 'harbor-roofing-sons' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ theme_code: ['The theme code is already taken by another company.'] });
    expect(await t.app.database.db.select().from(companies).where(eq(companies.name, 'Other'))).toEqual([]);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const before = (await t.app.database.db.select().from(companies)).length;
    const response = await createCompany({ name: '', owner_email: 'not-an-email', owner_name: 'Xena X', theme_code: '-Bad-' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['name', 'owner_email', 'theme_code']);
    expect((await createCompany({ name: 'X', owner_email: 'x@x.example', owner_name: 'Xena X', extra: 1 })).statusCode).toBe(422);
    expect(await t.app.database.db.select().from(companies)).toHaveLength(before);
  });

  it("refuses a company without its owner's name, which customers would otherwise see as the start of an email", async () => {
    const before = (await t.app.database.db.select().from(companies)).length;
    for (const owner_name of [undefined, '', '   ']) {
      const response = await createCompany({
        name: 'Nameless Roofing',
        owner_email: 'owner@nameless.example',
        ...(owner_name === undefined ? {} : { owner_name }),
      });
      expect(response.statusCode, JSON.stringify(owner_name)).toBe(422);
      expect(response.json().errors).toEqual({ owner_name: ["The owner's name is required: customers see it on the owner's notes and emails."] });
    }
    expect(await t.app.database.db.select().from(companies)).toHaveLength(before);
    expect(await t.app.database.db.select().from(staff).where(eq(staff.email, 'owner@nameless.example'))).toEqual([]);
  });

  it('answers 401 without the operator secret, with a wrong one, or with a company key', async () => {
    const created = (await createCompany({ name: 'Keyholder', owner_email: 'k@k.example', owner_name: 'Kim Key' })).json();
    for (const headers of [{}, bearer('ppo_' + 'A'.repeat(43)), bearer(created.api_key.key)]) {
      expect((await createCompany({ name: 'Sneaky', owner_email: 's@s.example', owner_name: 'Sid Sneaky' }, headers)).statusCode).toBe(401);
    }
    expect(await t.app.database.db.select().from(companies).where(eq(companies.name, 'Sneaky'))).toEqual([]);
  });
});

describe("a company's keys", () => {
  it('makes, lists and revokes keys; a revoked key stops working', async () => {
    const created = (await createCompany({ name: 'Keys Inc', owner_email: 'keys@keys.example', owner_name: 'Kay Keys' })).json();
    const companyId = created.company.id as number;
    const extra = await t.app.inject({
      method: 'POST',
      url: `/api/operator/companies/${companyId}/api-keys`,
      headers: operator,
      payload: { name: 'CRM', scopes: ['notes:write'] },
    });
    expect(extra.statusCode).toBe(201);
    expect(extra.json()).toMatchObject({ name: 'CRM', scopes: ['notes:write'] });
    const listed = await t.app.inject({ method: 'GET', url: `/api/operator/api-keys?company=${companyId}`, headers: operator });
    expect(listed.json().data.map((key: { name: string }) => key.name)).toEqual(['Owner', 'CRM']);
    // The secret is everything after `ppk_<id>_` (base64url, which may itself hold an underscore).
    const key = created.api_key.key as string;
    expect(JSON.stringify(listed.json())).not.toContain(key.slice(key.indexOf('_', 'ppk_'.length) + 1));

    const revoke = await t.app.inject({ method: 'POST', url: `/api/operator/api-keys/${created.api_key.id}/revoke`, headers: operator });
    expect(revoke.statusCode).toBe(204);
    const refused = await t.app.inject({ method: 'PATCH', url: '/api/integration/company', headers: bearer(created.api_key.key), payload: {} });
    expect(refused.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/operator/api-keys/${created.api_key.id}/revoke`, headers: operator })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/operator/companies/999999/api-keys', headers: operator, payload: {} })).statusCode).toBe(404);
  });
});
