import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/portal-users';
import { useDemoApp } from '../../../test/suite';
import { accounts, companies, portalEntities, projects, projectStatuses, siteTypes, staff } from '../../db/schema';
import { apiKeysRepository } from '../integration/api-keys.repository';

/** Accounts, projects, statuses and site types through a company's key (docs/company-api.md, "Accounts and projects"). */

const t = useDemoApp();
let key: string;
let reader: string;
let kitchen: number;
let brightsideAccount: number;
let brightsideStatus: number;
let priya: number;
let dana: number;

beforeAll(async () => {
  const db = t.app.database.db;
  key = (await apiKeysRepository(db).create(t.ids.acme.id, 'crm')).key;
  reader = (await apiKeysRepository(db).create(t.ids.acme.id, 'reader', { scopes: ['projects:read'] })).key;
  kitchen = (await db.select().from(projects).where(eq(projects.name, 'Kitchen remodel')))[0]!.id;
  brightsideAccount = (await db.select().from(accounts).where(eq(accounts.company_id, t.ids.brightside.id)))[0]!.id;
  brightsideStatus = (await db.select().from(projectStatuses).where(eq(projectStatuses.company_id, t.ids.brightside.id)))[0]!.id;
  priya = (await db.select().from(staff).where(eq(staff.name, 'Priya Natarajan')))[0]!.id;
  dana = (await db.select().from(staff).where(eq(staff.name, 'Dana Whitfield')))[0]!.id;
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, as = key) =>
  t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

describe('accounts', () => {
  it('adds, reads, changes and deletes an account; one a project uses stays', async () => {
    const created = await call('POST', '/api/integration/accounts', {
      name: 'Ann Smith',
      email: 'ann@example.com',
      phone_cell: '(512) 555-0199',
      billing_address_street: '12 Oak St',
      billing_address_latitude: '30.2672',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Ann Smith', billing_address_latitude: '30.2672000', shipping_address_street: null });
    const id = created.json().id as number;
    expect((await call('PATCH', `/api/integration/accounts/${id}`, { shipping_address_street: '14 Oak St' })).json()).toMatchObject({
      name: 'Ann Smith',
      shipping_address_street: '14 Oak St',
    });
    const used = await call('POST', '/api/integration/projects', { name: 'Porch', account_id: id });
    expect((await call('DELETE', `/api/integration/accounts/${id}`)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/integration/projects/${used.json().id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/integration/accounts/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/integration/accounts/${id}`)).statusCode).toBe(404);
  });

  it('refuses bad input naming the field', async () => {
    const response = await call('POST', '/api/integration/accounts', { name: '', email: 'x', billing_address_latitude: '91' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['billing_address_latitude', 'email', 'name']);
  });
});

describe('projects', () => {
  it('lists only the company’s projects, with filters and sync', async () => {
    const page = (await call('GET', '/api/integration/projects?sort=name&page[size]=100')).json();
    expect(page.data.every((project: { company_id: number }) => project.company_id === t.ids.acme.id)).toBe(true);
    expect(page.data.length).toBeGreaterThan(2);
    expect((await call('GET', '/api/integration/projects?filter[updated_since]=2099-01-01T00:00:00Z')).json().data).toEqual([]);
    const [account] = await t.app.database.db.select().from(accounts).where(eq(accounts.company_id, t.ids.acme.id));
    const byAccount = (await call('GET', `/api/integration/projects?filter[account_id]=${account!.id}`)).json().data;
    expect(byAccount.every((project: { account_id: number }) => project.account_id === account!.id)).toBe(true);
  });

  it('creates a project with the company’s own references only', async () => {
    const refused = await call('POST', '/api/integration/projects', {
      name: 'Stolen',
      account_id: brightsideAccount,
      status_id: brightsideStatus,
      rep_primary_id: priya,
      financials_total_amount: '12.345',
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['financials_total_amount']);
    const foreign = await call('POST', '/api/integration/projects', {
      name: 'Stolen',
      account_id: brightsideAccount,
      status_id: brightsideStatus,
      rep_primary_id: priya,
    });
    expect(foreign.statusCode).toBe(422);
    expect(Object.keys(foreign.json().errors).sort()).toEqual(['account_id', 'rep_primary_id', 'status_id']);
    expect(await t.app.database.db.select().from(projects).where(eq(projects.name, 'Stolen'))).toEqual([]);

    const [status] = await t.app.database.db.select().from(projectStatuses).where(eq(projectStatuses.company_id, t.ids.acme.id));
    const created = await call('POST', '/api/integration/projects', {
      number: 'ACM-2001',
      name: 'Roof replacement',
      address_street: '9 Elm St',
      status_id: status!.id,
      rep_primary_id: dana,
      financials_total_amount: '18500',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      number: 'ACM-2001',
      company_id: t.ids.acme.id,
      financials_total_amount: '18500.00',
      financials_balance_amount: null,
    });
  });

  it("shows a change on the customer's next request", async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/entities?include=model', headers: bearer(t.casey) });
    expect(JSON.stringify(before.json())).toContain('Kitchen remodel');
    expect((await call('PATCH', `/api/integration/projects/${kitchen}`, { name: 'Kitchen and pantry remodel' })).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/entities?include=model', headers: bearer(t.casey) });
    expect(JSON.stringify(after.json())).toContain('Kitchen and pantry remodel');
  });

  it('deletes only an empty project, and its shares with it', async () => {
    expect((await call('DELETE', `/api/integration/projects/${kitchen}`)).statusCode).toBe(409);
    const empty = (await call('POST', '/api/integration/projects', { name: 'Empty' })).json();
    await t.app.database.db
      .insert(portalEntities)
      .values({ portal_user_id: t.ids.casey.id, company_id: t.ids.acme.id, model_type: 'project', model_id: empty.id });
    expect((await call('DELETE', `/api/integration/projects/${empty.id}`)).statusCode).toBe(204);
    expect(await t.app.database.db.select().from(portalEntities).where(eq(portalEntities.model_id, empty.id))).toEqual([]);
  });

  it('needs projects:write to change anything', async () => {
    expect((await call('GET', '/api/integration/projects', undefined, reader)).statusCode).toBe(200);
    expect((await call('POST', '/api/integration/projects', { name: 'x' }, reader)).json()).toEqual({
      message: 'This API key lacks the scope projects:write.',
    });
  });
});

describe('the money the customers see', () => {
  type Money = { financials_total_amount: string | null; financials_balance_amount: string | null };
  type ApiProject = Money & { id: number; portal_total_amount: string | null; portal_balance_amount: string | null };

  /** A new project of Acme's with its own figures, shared with Casey: the project and Casey's entity of it. */
  async function sharedProject(name: string) {
    const project = (await call('POST', '/api/integration/projects', { name, financials_total_amount: '500.00', financials_balance_amount: '450.00' })).json();
    const [entity] = await t.app.database.db
      .insert(portalEntities)
      .values({ portal_user_id: t.ids.casey.id, company_id: t.ids.acme.id, model_type: 'project', model_id: project.id })
      .returning();
    return { id: project.id as number, entity: entity!.id };
  }
  /** The project as the company's API gives it, alone and in the list. */
  async function apiProjects(id: number, name: string): Promise<ApiProject[]> {
    const one = (await call('GET', `/api/integration/projects/${id}`)).json() as ApiProject;
    const listed = ((await call('GET', `/api/integration/projects?filter[search]=${encodeURIComponent(name)}`)).json().data as ApiProject[]).find(
      (project) => project.id === id,
    )!;
    return [one, listed];
  }
  /** The total and balance Casey's portal shows for it. */
  async function portalMoney(entity: number) {
    const response = await t.app.inject({ method: 'GET', url: `/api/entities/${entity}?include=model`, headers: bearer(t.casey) });
    expect(response.statusCode).toBe(200);
    const model = response.json().model as Money;
    return { total: model.financials_total_amount, balance: model.financials_balance_amount };
  }
  const today = () => t.app.now().toISOString().slice(0, 10);
  async function invoice(projectId: number, number: string, unitPrice: string, send: boolean) {
    const draft = await call('POST', '/api/integration/invoices', {
      project_id: projectId,
      number,
      issue_date: today(),
      due_date: today(),
      tax_rate: '8.25',
      lines: [{ description: 'Framing', quantity: '3', unit_price: unitPrice }],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    if (!send) return draft.json();
    const sent = await call('POST', `/api/integration/invoices/${draft.json().id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    return sent.json();
  }

  it('are the sent invoices’ total and balance, after a payment, on the API’s project exactly as on the portal', async () => {
    const { id, entity } = await sharedProject('Money porch');
    // Nothing invoiced yet: the company's own figures, on both sides.
    for (const project of await apiProjects(id, 'Money porch'))
      expect(project).toMatchObject({ portal_total_amount: '500.00', portal_balance_amount: '450.00' });
    expect(await portalMoney(entity)).toEqual({ total: '500.00', balance: '450.00' });

    const first = await invoice(id, 'MP-1', '1000.00', true);
    const second = await invoice(id, 'MP-2', '333.33', true);
    await invoice(id, 'MP-3', '999.99', false);
    const paid = await call('POST', `/api/integration/invoices/${first.id}/payments`, { amount: '500.00', paid_on: today(), method: 'Check' });
    expect(paid.statusCode, paid.body).toBe(201);

    const portal = await portalMoney(entity);
    // 3 × $1,000.00 and 3 × $333.33 with 8.25% tax, less the $500.00 paid; the draft counts for nothing.
    expect(portal).toEqual({ total: '4329.99', balance: '3829.99' });
    for (const project of await apiProjects(id, 'Money porch')) {
      expect(project).toMatchObject({ portal_total_amount: portal.total, portal_balance_amount: portal.balance });
      // The company's own figures stay what it wrote.
      expect(project).toMatchObject({ financials_total_amount: '500.00', financials_balance_amount: '450.00' });
    }
    expect(Number(portal.total)).toBe(Number(first.total) + Number(second.total));
  });

  it('are the company’s own figures while it does not invoice through the portal', async () => {
    const { id, entity } = await sharedProject('Money deck');
    await invoice(id, 'MD-1', '100.00', true);
    await t.app.database.db.update(companies).set({ is_portal_invoicing_enabled: false }).where(eq(companies.id, t.ids.acme.id));
    try {
      expect(await portalMoney(entity)).toEqual({ total: '500.00', balance: '450.00' });
      for (const project of await apiProjects(id, 'Money deck'))
        expect(project).toMatchObject({ portal_total_amount: '500.00', portal_balance_amount: '450.00' });
    } finally {
      await t.app.database.db.update(companies).set({ is_portal_invoicing_enabled: true }).where(eq(companies.id, t.ids.acme.id));
    }
  });

  it('sort the list by the balance the customers see', async () => {
    const page = (await call('GET', '/api/integration/projects?sort=-balance&page[size]=100')).json().data as ApiProject[];
    const balances = page.map((project) => project.portal_balance_amount);
    const known = balances.filter((balance): balance is string => balance !== null);
    expect(balances.slice(0, known.length)).toEqual(known);
    expect(known.map(Number)).toEqual([...known.map(Number)].sort((a, b) => b - a));
    // The kitchen's invoiced balance (decision 035) is far above its own figure, and leads.
    expect(page[0]!.id).toBe(kitchen);
  });
});

describe('statuses and site types', () => {
  it('adds, renames and deletes them; one in use stays', async () => {
    const status = (await call('POST', '/api/integration/project-statuses', { name: 'On hold', color: '#7c3aed', position: 9 })).json();
    expect(status).toMatchObject({ name: 'On hold', color: '#7c3aed', position: 9 });
    const type = (await call('POST', '/api/integration/site-types', { name: 'Multi-family' })).json();
    expect(type).toMatchObject({ name: 'Multi-family' });
    expect((await call('PATCH', `/api/integration/site-types/${type.id}`, { name: 'Multifamily' })).json().name).toBe('Multifamily');
    const project = (await call('POST', '/api/integration/projects', { name: 'Held', status_id: status.id, site_type_id: type.id })).json();
    expect((await call('DELETE', `/api/integration/project-statuses/${status.id}`)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/integration/site-types/${type.id}`)).statusCode).toBe(409);
    await call('DELETE', `/api/integration/projects/${project.id}`);
    expect((await call('DELETE', `/api/integration/project-statuses/${status.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/integration/site-types/${type.id}`)).statusCode).toBe(204);
    expect(await t.app.database.db.select().from(siteTypes).where(eq(siteTypes.id, type.id))).toEqual([]);
    const statuses = (await call('GET', '/api/integration/project-statuses')).json().data;
    expect(statuses.map((row: { name: string }) => row.name)).toEqual(['Estimate', 'Scheduled', 'In progress', 'Completed']);
  });
});
