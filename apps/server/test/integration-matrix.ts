import { and, eq, inArray, isNotNull, ne, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { App } from '../src/app';
import { imageBytes, multipartBody } from './fixtures';
import { bearer } from './portal-users';
import {
  accounts,
  apiKeys,
  albums,
  auditLog,
  changeOrders,
  companyCustomers,
  contactMessages,
  documents,
  invoicePayments,
  invoices,
  notes,
  photos,
  scheduleItems,
  portalEntities,
  projects,
  projectStatuses,
  proposals,
  allowances,
  selectionOptionPhotos,
  selectionOptions,
  selections,
  siteTypes,
  staff,
  webhookEndpoints,
} from '../src/db/schema';

/**
 * The isolation matrix: every route of the integration API, called with company A's key (all scopes) on company B's
 * records, must answer 404 (or 422 for an id inside a body) and write nothing; a list must not show B's rows.
 * `integration-isolation.test.ts` fails for a route that has no entry here, so a new route cannot skip the check.
 *
 * To add a route: if B has no record of its kind in the demo seed, create one in `prepareOtherCompany` through the
 * API with B's own key; collect B's ids of that kind in `otherCompanyIds`; then add the entry to `INTEGRATION_MATRIX`
 * under its OpenAPI key (`METHOD /api/integration/path/{param}`).
 */

export interface OtherCompany {
  /** Every id of each kind of record company B owns. */
  ids: Record<string, number[]>;
  /** The first id of a kind, for paths. */
  first(kind: string): number;
}

export type MatrixCase =
  /** A request that names B's record: 404 (path) or 422 (body). */
  | { method: string; url: string; payload?: unknown; headers?: Record<string, string>; expect?: 404 | 422 }
  /** A list: 200, and none of B's ids of `kind` in `data`. */
  | { method: 'GET'; url: string; listOf: string }
  /** Acts on the calling company alone: there is no id of another company to try. */
  | { own: string };

export type MatrixEntry = (other: OtherCompany) => MatrixCase | MatrixCase[];

/** Records company B needs that the demo seed does not give it, made through the API with B's key. */
export async function prepareOtherCompany(app: App, otherKey: string): Promise<void> {
  // Each area adds what it needs.
  await prepareOtherInvoices(app, otherKey);
  await prepareOtherContactMessages(app, otherKey);
  await prepareOtherProposals(app, otherKey);
  await prepareOtherChangeOrders(app, otherKey);
  await prepareOtherSelections(app, otherKey);
  await prepareOtherScheduleItems(app, otherKey);
  const as = async (url: string, payload: object) => {
    const response = await app.inject({ method: 'POST', url, headers: bearer(otherKey), payload });
    if (response.statusCode >= 300) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  };
  // A portal user who is company B's customer only.
  await as('/api/integration/portal-users', { email: 'only-b@example.com', first_name: 'Only', last_name: 'B' });
  // A webhook endpoint of company B (loopback http is allowed outside production).
  await as('/api/integration/webhooks', { url: 'http://127.0.0.1:9/hooks', event_types: ['note.created'] });
}

/** The company behind an API key (`ppk_<key id>_<secret>`). */
async function companyOfKey(app: App, key: string): Promise<number> {
  const keyId = Number(key.split('_')[1]);
  const [row] = await app.database.db.select({ companyId: apiKeys.company_id }).from(apiKeys).where(eq(apiKeys.id, keyId));
  return row!.companyId;
}

/** Invoices: B gets a draft, and a sent invoice with a payment, made through its own key. */
async function prepareOtherInvoices(app: App, otherKey: string) {
  const companyId = await companyOfKey(app, otherKey);
  const [project] = await app.database.db.select({ id: projects.id }).from(projects).where(eq(projects.company_id, companyId)).limit(1);
  const call = async (url: string, payload: object) => {
    const response = await app.inject({ method: 'POST', url, headers: bearer(otherKey), payload });
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json() as { id: number };
  };
  const day = new Date(app.now().getTime() - 86_400_000).toISOString().slice(0, 10);
  const draft = (number: string) => ({
    project_id: project!.id,
    number,
    issue_date: day,
    due_date: day,
    lines: [{ description: 'Matrix', quantity: '1', unit_price: '100.00' }],
  });
  await call('/api/integration/invoices', draft('MATRIX-DRAFT'));
  const sent = await call('/api/integration/invoices', draft('MATRIX-SENT'));
  await call(`/api/integration/invoices/${sent.id}/send`, {});
  await call(`/api/integration/invoices/${sent.id}/payments`, { amount: '10.00', paid_on: day, method: 'Check' });
}

/** Proposals: B gets a draft and a sent one, made through its own key. */
async function prepareOtherProposals(app: App, otherKey: string) {
  const companyId = await companyOfKey(app, otherKey);
  const [project] = await app.database.db.select({ id: projects.id }).from(projects).where(eq(projects.company_id, companyId)).limit(1);
  const call = async (url: string, payload?: object) => {
    const response = await app.inject({ method: 'POST', url, headers: bearer(otherKey), ...(payload ? { payload } : {}) });
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json() as { id: number };
  };
  const draft = {
    project_id: project!.id,
    title: 'Matrix',
    expires_on: '2099-12-31',
    sections: [{ title: 'A', items: [{ description: 'x', quantity: '1', unit_price: '1.00' }] }],
  };
  await call('/api/integration/proposals', draft);
  const sent = await call('/api/integration/proposals', draft);
  await call(`/api/integration/proposals/${sent.id}/send`);
}

/** Change orders: B gets a draft and a sent one, made through its own key. */
async function prepareOtherChangeOrders(app: App, otherKey: string) {
  const companyId = await companyOfKey(app, otherKey);
  const [project] = await app.database.db.select({ id: projects.id }).from(projects).where(eq(projects.company_id, companyId)).limit(1);
  const call = async (url: string, payload?: object) => {
    const response = await app.inject({ method: 'POST', url, headers: bearer(otherKey), ...(payload ? { payload } : {}) });
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json() as { id: number };
  };
  const draft = { project_id: project!.id, title: 'Matrix', items: [{ description: 'x', quantity: '1', unit_price: '1.00' }] };
  await call('/api/integration/change-orders', draft);
  const sent = await call('/api/integration/change-orders', draft);
  await call(`/api/integration/change-orders/${sent.id}/send`);
}

/**
 * Selections: B gets an allowance, a selection drawing on it with two options (the first chosen on the customer's
 * behalf, the second with a photo) and a locked selection, made through its own key.
 */
async function prepareOtherSelections(app: App, otherKey: string) {
  const companyId = await companyOfKey(app, otherKey);
  const [project] = await app.database.db.select({ id: projects.id }).from(projects).where(eq(projects.company_id, companyId)).limit(1);
  const call = async (url: string, payload?: object) => {
    const response = await app.inject({ method: 'POST', url, headers: bearer(otherKey), ...(payload ? { payload } : {}) });
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json() as { id: number; options: { id: number }[] };
  };
  const allowance = await call('/api/integration/allowances', { project_id: project!.id, name: 'Matrix', amount: '100.00' });
  const options = [
    { title: 'First', price: '150.00' },
    { title: 'Second', price: '50.00' },
  ];
  const selection = await call('/api/integration/selections', { project_id: project!.id, title: 'Matrix', allowance_id: allowance.id, options });
  await call(`/api/integration/selections/${selection.id}/choose`, { option_id: selection.options[0]!.id });
  const photo = multipartBody([{ name: 'files', filename: 'matrix.png', contentType: 'image/png', data: await imageBytes('png') }]);
  const uploaded = await app.inject({
    method: 'POST',
    url: `/api/integration/selections/${selection.id}/options/${selection.options[1]!.id}/photos`,
    headers: { ...photo.headers, ...bearer(otherKey) },
    payload: photo.payload,
  });
  if (uploaded.statusCode !== 201) throw new Error(`selection photo: ${uploaded.statusCode} ${uploaded.body}`);
  const locked = await call('/api/integration/selections', { project_id: project!.id, title: 'Matrix locked', options });
  await call(`/api/integration/selections/${locked.id}/lock`);
}

/** Contact messages come from customers through the portal: B gets one, already handled, so that un-handling would write. */
async function prepareOtherContactMessages(app: App, otherKey: string) {
  const companyId = await companyOfKey(app, otherKey);
  await app.database.db
    .insert(contactMessages)
    .values({ company_id: companyId, subject: 'Matrix', message: 'Is anyone there?', handled_at: new Date('2026-01-02T03:04:05Z') });
}

/** Calendar: B gets a shared visit on one of its projects, made through its own key. */
async function prepareOtherScheduleItems(app: App, otherKey: string) {
  const companyId = await companyOfKey(app, otherKey);
  const [project] = await app.database.db.select({ id: projects.id }).from(projects).where(eq(projects.company_id, companyId)).limit(1);
  const response = await app.inject({
    method: 'POST',
    url: `/api/integration/projects/${project!.id}/schedule-items`,
    headers: bearer(otherKey),
    payload: { title: 'Matrix visit', starts_at: '2026-06-01T14:00:00Z', ends_at: '2026-06-01T15:00:00Z', shared_with_portal: true },
  });
  if (response.statusCode >= 300) throw new Error(`schedule item: ${response.statusCode} ${response.body}`);
}

export async function otherCompanyIds(app: App, companyId: number): Promise<Record<string, number[]>> {
  const db = app.database.db;
  const others = alias(companyCustomers, 'others');
  const ids = async (rows: Promise<{ id: number }[]>) => (await rows).map((row) => row.id);
  const projectIds = await ids(db.select({ id: projects.id }).from(projects).where(eq(projects.company_id, companyId)));
  const albumIds = await ids(db.select({ id: albums.id }).from(albums).where(inArray(albums.project_id, projectIds)));
  return {
    company: [companyId],
    project: projectIds,
    account: await ids(db.select({ id: accounts.id }).from(accounts).where(eq(accounts.company_id, companyId))),
    staff: await ids(db.select({ id: staff.id }).from(staff).where(eq(staff.company_id, companyId))),
    status: await ids(db.select({ id: projectStatuses.id }).from(projectStatuses).where(eq(projectStatuses.company_id, companyId))),
    siteType: await ids(db.select({ id: siteTypes.id }).from(siteTypes).where(eq(siteTypes.company_id, companyId))),
    note: await ids(db.select({ id: notes.id }).from(notes).where(inArray(notes.project_id, projectIds))),
    scheduleItem: await ids(db.select({ id: scheduleItems.id }).from(scheduleItems).where(inArray(scheduleItems.project_id, projectIds))),
    album: albumIds,
    photo: await ids(db.select({ id: photos.id }).from(photos).where(inArray(photos.album_id, albumIds))),
    document: await ids(db.select({ id: documents.id }).from(documents).where(inArray(documents.project_id, projectIds))),
    invoice: await ids(
      db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(inArray(invoices.project_id, projectIds), eq(invoices.state, 'sent'))),
    ),
    draftInvoice: await ids(
      db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(inArray(invoices.project_id, projectIds), eq(invoices.state, 'draft'))),
    ),
    payment: await ids(
      db
        .select({ id: invoicePayments.id })
        .from(invoicePayments)
        .innerJoin(invoices, eq(invoices.id, invoicePayments.invoice_id))
        .where(inArray(invoices.project_id, projectIds)),
    ),
    paidInvoice: await ids(
      db
        .selectDistinct({ id: invoicePayments.invoice_id })
        .from(invoicePayments)
        .innerJoin(invoices, eq(invoices.id, invoicePayments.invoice_id))
        .where(inArray(invoices.project_id, projectIds)),
    ),
    proposal: await ids(
      db
        .select({ id: proposals.id })
        .from(proposals)
        .where(and(eq(proposals.company_id, companyId), ne(proposals.state, 'draft'))),
    ),
    draftProposal: await ids(
      db
        .select({ id: proposals.id })
        .from(proposals)
        .where(and(eq(proposals.company_id, companyId), eq(proposals.state, 'draft'))),
    ),
    changeOrder: await ids(
      db
        .select({ id: changeOrders.id })
        .from(changeOrders)
        .where(and(eq(changeOrders.company_id, companyId), ne(changeOrders.state, 'draft'))),
    ),
    draftChangeOrder: await ids(
      db
        .select({ id: changeOrders.id })
        .from(changeOrders)
        .where(and(eq(changeOrders.company_id, companyId), eq(changeOrders.state, 'draft'))),
    ),
    selection: await ids(db.select({ id: selections.id }).from(selections).where(eq(selections.company_id, companyId)).orderBy(selections.id)),
    lockedSelection: await ids(
      db
        .select({ id: selections.id })
        .from(selections)
        .where(and(eq(selections.company_id, companyId), isNotNull(selections.locked_at))),
    ),
    /** The options of the company's selections, in id order: the first is the first selection's first. */
    selectionOption: await ids(
      db
        .select({ id: selectionOptions.id })
        .from(selectionOptions)
        .innerJoin(selections, eq(selections.id, selectionOptions.selection_id))
        .where(eq(selections.company_id, companyId))
        .orderBy(selectionOptions.id),
    ),
    selectionPhoto: await ids(
      db
        .select({ id: selectionOptionPhotos.id })
        .from(selectionOptionPhotos)
        .innerJoin(selectionOptions, eq(selectionOptions.id, selectionOptionPhotos.option_id))
        .innerJoin(selections, eq(selections.id, selectionOptions.selection_id))
        .where(eq(selections.company_id, companyId)),
    ),
    allowance: await ids(db.select({ id: allowances.id }).from(allowances).where(eq(allowances.company_id, companyId))),
    contactMessage: await ids(db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.company_id, companyId))),
    apiKey: await ids(db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.company_id, companyId))),
    /** B's own writes in prepareOtherCompany left these. */
    auditEntry: await ids(db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.company_id, companyId))),
    /** Customers company B alone knows: one A also serves is A's customer too. */
    portalUser: await ids(
      db
        .select({ id: companyCustomers.portal_user_id })
        .from(companyCustomers)
        .where(
          and(
            eq(companyCustomers.company_id, companyId),
            notExists(
              db
                .select({ id: others.id })
                .from(others)
                .where(and(eq(others.portal_user_id, companyCustomers.portal_user_id), ne(others.company_id, companyId))),
            ),
          ),
        ),
    ),
    webhook: await ids(db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.company_id, companyId))),
    sharing: await ids(
      db
        .select({ id: portalEntities.id })
        .from(portalEntities)
        .where(and(eq(portalEntities.company_id, companyId), eq(portalEntities.model_type, 'project'))),
    ),
  };
}

/** Tables a call may touch without writing a record: who called, when, and how often. */
export const BOOKKEEPING_TABLES = ['api_keys', 'idempotency_keys', 'rate_limit_hits', 'sessions'];

export const INTEGRATION_MATRIX: Record<string, MatrixEntry> = {
  'GET /api/integration/company': () => ({ own: 'reads the calling company only' }),
  'PATCH /api/integration/company': () => ({ own: 'changes the calling company only' }),
  'PUT /api/integration/company/logo': () => ({ own: "replaces the calling company's logo only" }),
  'DELETE /api/integration/company/logo': () => ({ own: "removes the calling company's logo only" }),
  'GET /api/integration/staff': () => ({ method: 'GET', url: '/api/integration/staff?page[size]=100', listOf: 'staff' }),
  'POST /api/integration/staff': () => ({ own: "adds to the calling company's staff" }),
  'GET /api/integration/staff/{id}': (other) => ({ method: 'GET', url: `/api/integration/staff/${other.first('staff')}` }),
  'PATCH /api/integration/staff/{id}': (other) => ({ method: 'PATCH', url: `/api/integration/staff/${other.first('staff')}`, payload: { name: 'Taken over' } }),
  'POST /api/integration/staff/{id}/invite': (other) => ({ method: 'POST', url: `/api/integration/staff/${other.first('staff')}/invite` }),
  'POST /api/integration/staff/{id}/deactivate': (other) => ({ method: 'POST', url: `/api/integration/staff/${other.first('staff')}/deactivate` }),
  'POST /api/integration/staff/{id}/reactivate': (other) => ({ method: 'POST', url: `/api/integration/staff/${other.first('staff')}/reactivate` }),
  'PUT /api/integration/staff/{id}/avatar': (other) => ({
    method: 'PUT',
    url: `/api/integration/staff/${other.first('staff')}/avatar`,
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nnot an image\r\n--x--\r\n',
  }),
  'DELETE /api/integration/staff/{id}/avatar': (other) => ({ method: 'DELETE', url: `/api/integration/staff/${other.first('staff')}/avatar` }),
  'GET /api/integration/accounts': () => ({ method: 'GET', url: '/api/integration/accounts?page[size]=100', listOf: 'account' }),
  'POST /api/integration/accounts': () => ({ own: "adds to the calling company's accounts" }),
  'GET /api/integration/accounts/{id}': (other) => ({ method: 'GET', url: `/api/integration/accounts/${other.first('account')}` }),
  'PATCH /api/integration/accounts/{id}': (other) => ({
    method: 'PATCH',
    url: `/api/integration/accounts/${other.first('account')}`,
    payload: { name: 'Mine' },
  }),
  'DELETE /api/integration/accounts/{id}': (other) => ({ method: 'DELETE', url: `/api/integration/accounts/${other.first('account')}` }),
  'GET /api/integration/projects': () => ({ method: 'GET', url: '/api/integration/projects?page[size]=100', listOf: 'project' }),
  'POST /api/integration/projects': (other) => ({
    method: 'POST',
    url: '/api/integration/projects',
    payload: {
      name: 'Borrowed',
      account_id: other.first('account'),
      status_id: other.first('status'),
      site_type_id: other.first('siteType'),
      rep_primary_id: other.first('staff'),
    },
    expect: 422,
  }),
  'GET /api/integration/projects/{id}': (other) => ({ method: 'GET', url: `/api/integration/projects/${other.first('project')}` }),
  'PATCH /api/integration/projects/{id}': (other) => [
    { method: 'PATCH', url: `/api/integration/projects/${other.first('project')}`, payload: { name: 'Mine' } },
  ],
  'DELETE /api/integration/projects/{id}': (other) => ({ method: 'DELETE', url: `/api/integration/projects/${other.first('project')}` }),
  'GET /api/integration/project-statuses': () => ({ method: 'GET', url: '/api/integration/project-statuses?page[size]=100', listOf: 'status' }),
  'POST /api/integration/project-statuses': () => ({ own: "adds to the calling company's statuses" }),
  'GET /api/integration/project-statuses/{id}': (other) => ({ method: 'GET', url: `/api/integration/project-statuses/${other.first('status')}` }),
  'PATCH /api/integration/project-statuses/{id}': (other) => ({
    method: 'PATCH',
    url: `/api/integration/project-statuses/${other.first('status')}`,
    payload: { name: 'Mine' },
  }),
  'DELETE /api/integration/project-statuses/{id}': (other) => ({ method: 'DELETE', url: `/api/integration/project-statuses/${other.first('status')}` }),
  'GET /api/integration/site-types': () => ({ method: 'GET', url: '/api/integration/site-types?page[size]=100', listOf: 'siteType' }),
  'POST /api/integration/site-types': () => ({ own: "adds to the calling company's site types" }),
  'GET /api/integration/site-types/{id}': (other) => ({ method: 'GET', url: `/api/integration/site-types/${other.first('siteType')}` }),
  'PATCH /api/integration/site-types/{id}': (other) => ({
    method: 'PATCH',
    url: `/api/integration/site-types/${other.first('siteType')}`,
    payload: { name: 'Mine' },
  }),
  'DELETE /api/integration/site-types/{id}': (other) => ({ method: 'DELETE', url: `/api/integration/site-types/${other.first('siteType')}` }),
  'GET /api/integration/portal-users': () => ({ method: 'GET', url: '/api/integration/portal-users?page[size]=100', listOf: 'portalUser' }),
  'POST /api/integration/portal-users': () => ({ own: "adds to the calling company's customers (an existing person is linked, nothing of theirs changes)" }),
  'GET /api/integration/portal-users/{id}': (other) => ({ method: 'GET', url: `/api/integration/portal-users/${other.first('portalUser')}` }),
  'PATCH /api/integration/portal-users/{id}': (other) => ({
    method: 'PATCH',
    url: `/api/integration/portal-users/${other.first('portalUser')}`,
    payload: { first_name: 'Mine' },
  }),
  'POST /api/integration/portal-users/{id}/invite': (other) => ({ method: 'POST', url: `/api/integration/portal-users/${other.first('portalUser')}/invite` }),
  'POST /api/integration/portal-users/{id}/resend': (other) => ({ method: 'POST', url: `/api/integration/portal-users/${other.first('portalUser')}/resend` }),
  'POST /api/integration/portal-users/{id}/deactivate': (other) => ({
    method: 'POST',
    url: `/api/integration/portal-users/${other.first('portalUser')}/deactivate`,
  }),
  'POST /api/integration/portal-users/{id}/erase': (other) => ({ method: 'POST', url: `/api/integration/portal-users/${other.first('portalUser')}/erase` }),
  'GET /api/integration/projects/{id}/shares': (other) => ({ method: 'GET', url: `/api/integration/projects/${other.first('project')}/shares` }),
  'POST /api/integration/projects/{id}/shares': (other) => ({
    method: 'POST',
    url: `/api/integration/projects/${other.first('project')}/shares`,
    payload: { portal_user_id: other.first('portalUser') },
  }),
  'DELETE /api/integration/projects/{id}/shares/{portalUserId}': (other) => ({
    method: 'DELETE',
    url: `/api/integration/projects/${other.first('project')}/shares/${other.first('portalUser')}`,
  }),
  'GET /api/integration/projects/{id}/albums': (other) => ({ method: 'GET', url: `/api/integration/projects/${other.first('project')}/albums` }),
  'POST /api/integration/projects/{id}/albums': (other) => ({
    method: 'POST',
    url: `/api/integration/projects/${other.first('project')}/albums`,
    payload: { name: 'Mine' },
  }),
  'GET /api/integration/albums/{id}': (other) => ({ method: 'GET', url: `/api/integration/albums/${other.first('album')}` }),
  'PATCH /api/integration/albums/{id}': (other) => ({ method: 'PATCH', url: `/api/integration/albums/${other.first('album')}`, payload: { name: 'Mine' } }),
  'DELETE /api/integration/albums/{id}': (other) => ({ method: 'DELETE', url: `/api/integration/albums/${other.first('album')}` }),
  'POST /api/integration/albums/{id}/share': (other) => ({ method: 'POST', url: `/api/integration/albums/${other.first('album')}/share` }),
  'POST /api/integration/albums/{id}/unshare': (other) => ({ method: 'POST', url: `/api/integration/albums/${other.first('album')}/unshare` }),
  'GET /api/integration/albums/{id}/photos': (other) => ({ method: 'GET', url: `/api/integration/albums/${other.first('album')}/photos` }),
  'POST /api/integration/albums/{id}/photos': (other) => ({
    method: 'POST',
    url: `/api/integration/albums/${other.first('album')}/photos`,
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    payload: '--x\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\nnot an image\r\n--x--\r\n',
  }),
  'PATCH /api/integration/photos/{id}': (other) => ({ method: 'PATCH', url: `/api/integration/photos/${other.first('photo')}`, payload: { caption: 'Mine' } }),
  'POST /api/integration/photos/{id}/move': (other) => ({ method: 'POST', url: `/api/integration/photos/${other.first('photo')}/move`, payload: { index: 0 } }),
  'DELETE /api/integration/photos/{id}': (other) => ({ method: 'DELETE', url: `/api/integration/photos/${other.first('photo')}` }),
  'GET /api/integration/projects/{id}/documents': (other) => ({ method: 'GET', url: `/api/integration/projects/${other.first('project')}/documents` }),
  'POST /api/integration/projects/{id}/documents': (other) => ({
    method: 'POST',
    url: `/api/integration/projects/${other.first('project')}/documents`,
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    payload: '--x\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n%PDF-1.4\r\n--x--\r\n',
  }),
  'GET /api/integration/documents/{id}': (other) => ({ method: 'GET', url: `/api/integration/documents/${other.first('document')}` }),
  'POST /api/integration/documents/{id}/share': (other) => ({ method: 'POST', url: `/api/integration/documents/${other.first('document')}/share` }),
  'POST /api/integration/documents/{id}/unshare': (other) => ({ method: 'POST', url: `/api/integration/documents/${other.first('document')}/unshare` }),
  'DELETE /api/integration/documents/{id}': (other) => ({ method: 'DELETE', url: `/api/integration/documents/${other.first('document')}` }),
  'GET /api/integration/schedule-items': (other) => [
    { method: 'GET', url: '/api/integration/schedule-items?page[size]=100', listOf: 'scheduleItem' },
    { method: 'GET', url: `/api/integration/schedule-items?filter[project_id]=${other.first('project')}`, listOf: 'scheduleItem' },
  ],
  'GET /api/integration/projects/{id}/schedule-items': (other) => ({
    method: 'GET',
    url: `/api/integration/projects/${other.first('project')}/schedule-items`,
  }),
  'POST /api/integration/projects/{id}/schedule-items': (other) => ({
    method: 'POST',
    url: `/api/integration/projects/${other.first('project')}/schedule-items`,
    payload: { title: 'Leak?', starts_at: '2026-06-01T14:00:00Z', ends_at: '2026-06-01T15:00:00Z' },
  }),
  'GET /api/integration/schedule-items/{id}': (other) => ({ method: 'GET', url: `/api/integration/schedule-items/${other.first('scheduleItem')}` }),
  'PATCH /api/integration/schedule-items/{id}': (other) => ({
    method: 'PATCH',
    url: `/api/integration/schedule-items/${other.first('scheduleItem')}`,
    payload: { title: 'Moved?' },
  }),
  'POST /api/integration/schedule-items/{id}/cancel': (other) => ({
    method: 'POST',
    url: `/api/integration/schedule-items/${other.first('scheduleItem')}/cancel`,
  }),
  'DELETE /api/integration/schedule-items/{id}': (other) => ({ method: 'DELETE', url: `/api/integration/schedule-items/${other.first('scheduleItem')}` }),
  'GET /api/integration/projects/{id}/notes': (other) => ({ method: 'GET', url: `/api/integration/projects/${other.first('project')}/notes` }),
  'GET /api/integration/notes/{id}': (other) => ({ method: 'GET', url: `/api/integration/notes/${other.first('note')}` }),
  'GET /api/integration/api-keys': () => ({ method: 'GET', url: '/api/integration/api-keys', listOf: 'apiKey' }),
  'POST /api/integration/api-keys': () => ({ own: 'makes a key for the calling company' }),
  'POST /api/integration/api-keys/{id}/revoke': (other) => ({ method: 'POST', url: `/api/integration/api-keys/${other.first('apiKey')}/revoke` }),
  'GET /api/integration/webhooks': () => ({ method: 'GET', url: '/api/integration/webhooks', listOf: 'webhook' }),
  'POST /api/integration/webhooks': () => ({ own: 'adds an endpoint to the calling company' }),
  'GET /api/integration/webhooks/{id}': (other) => ({ method: 'GET', url: `/api/integration/webhooks/${other.first('webhook')}` }),
  'PATCH /api/integration/webhooks/{id}': (other) => ({
    method: 'PATCH',
    url: `/api/integration/webhooks/${other.first('webhook')}`,
    payload: { enabled: false },
  }),
  'DELETE /api/integration/webhooks/{id}': (other) => ({ method: 'DELETE', url: `/api/integration/webhooks/${other.first('webhook')}` }),
  'GET /api/integration/webhooks/{id}/deliveries': (other) => ({ method: 'GET', url: `/api/integration/webhooks/${other.first('webhook')}/deliveries` }),
  'POST /api/integration/webhooks/{id}/deliveries/{deliveryId}/redeliver': (other) => ({
    method: 'POST',
    url: `/api/integration/webhooks/${other.first('webhook')}/deliveries/1/redeliver`,
  }),
  'POST /api/integration/projects/{id}/notes': (other) => [
    { method: 'POST', url: `/api/integration/projects/${other.first('project')}/notes`, payload: { body: 'Leak?' } },
    {
      method: 'POST',
      url: `/api/integration/projects/${other.first('project')}/notes`,
      payload: { body: 'Leak?', author_staff_id: other.first('staff') },
    },
  ],
  'GET /api/integration/invoices': (other) => [
    { method: 'GET', url: '/api/integration/invoices?page[size]=100', listOf: 'invoice' },
    { method: 'GET', url: '/api/integration/invoices?page[size]=100', listOf: 'draftInvoice' },
    { method: 'GET', url: `/api/integration/invoices?filter[project_id]=${other.first('project')}`, listOf: 'invoice' },
  ],
  'GET /api/integration/invoices/{id}': (other) => [
    { method: 'GET', url: `/api/integration/invoices/${other.first('invoice')}` },
    { method: 'GET', url: `/api/integration/invoices/${other.first('draftInvoice')}` },
  ],
  'GET /api/integration/invoices/{id}/pdf': (other) => [
    { method: 'GET', url: `/api/integration/invoices/${other.first('invoice')}/pdf` },
    { method: 'GET', url: `/api/integration/invoices/${other.first('draftInvoice')}/pdf` },
  ],
  'GET /api/integration/projects/{id}/statement': (other) => ({ method: 'GET', url: `/api/integration/projects/${other.first('project')}/statement` }),
  'POST /api/integration/invoices': (other) => ({
    method: 'POST',
    url: '/api/integration/invoices',
    payload: {
      project_id: other.first('project'),
      number: 'LEAK-1',
      issue_date: '2026-03-02',
      due_date: '2026-04-01',
      lines: [{ description: 'x', quantity: '1', unit_price: '1.00' }],
    },
    expect: 422,
  }),
  'PATCH /api/integration/invoices/{id}': (other) => ({
    method: 'PATCH',
    url: `/api/integration/invoices/${other.first('draftInvoice')}`,
    payload: { number: 'LEAK-2', lines: [] },
  }),
  'DELETE /api/integration/invoices/{id}': (other) => ({ method: 'DELETE', url: `/api/integration/invoices/${other.first('draftInvoice')}` }),
  'POST /api/integration/invoices/{id}/send': (other) => ({
    method: 'POST',
    url: `/api/integration/invoices/${other.first('draftInvoice')}/send`,
    payload: {},
  }),
  'POST /api/integration/invoices/{id}/payments': (other) => ({
    method: 'POST',
    url: `/api/integration/invoices/${other.first('invoice')}/payments`,
    payload: { amount: '1.00', paid_on: '2026-01-02', method: 'Check' },
  }),
  'DELETE /api/integration/invoices/{id}/payments/{paymentId}': (other) => ({
    method: 'DELETE',
    url: `/api/integration/invoices/${other.first('paidInvoice')}/payments/${other.first('payment')}`,
  }),
  'POST /api/integration/invoices/{id}/void': (other) => ({
    method: 'POST',
    url: `/api/integration/invoices/${other.first('invoice')}/void`,
    payload: {},
  }),
  'GET /api/integration/proposals': (other) => [
    { method: 'GET', url: '/api/integration/proposals?page[size]=100', listOf: 'proposal' },
    { method: 'GET', url: '/api/integration/proposals?page[size]=100', listOf: 'draftProposal' },
    { method: 'GET', url: `/api/integration/proposals?filter[project_id]=${other.first('project')}`, listOf: 'proposal' },
  ],
  'GET /api/integration/proposals/{id}': (other) => [
    { method: 'GET', url: `/api/integration/proposals/${other.first('proposal')}` },
    { method: 'GET', url: `/api/integration/proposals/${other.first('draftProposal')}` },
  ],
  'GET /api/integration/proposals/{id}/pdf': (other) => ({ method: 'GET', url: `/api/integration/proposals/${other.first('proposal')}/pdf` }),
  'POST /api/integration/proposals': (other) => ({
    method: 'POST',
    url: '/api/integration/proposals',
    payload: { project_id: other.first('project'), title: 'Leak', expires_on: '2099-12-31' },
    expect: 422,
  }),
  'PATCH /api/integration/proposals/{id}': (other) => ({
    method: 'PATCH',
    url: `/api/integration/proposals/${other.first('draftProposal')}`,
    payload: { title: 'Leak' },
  }),
  'DELETE /api/integration/proposals/{id}': (other) => ({ method: 'DELETE', url: `/api/integration/proposals/${other.first('draftProposal')}` }),
  'POST /api/integration/proposals/{id}/send': (other) => ({ method: 'POST', url: `/api/integration/proposals/${other.first('draftProposal')}/send` }),
  'POST /api/integration/proposals/{id}/withdraw': (other) => ({ method: 'POST', url: `/api/integration/proposals/${other.first('proposal')}/withdraw` }),
  'POST /api/integration/proposals/{id}/revise': (other) => ({ method: 'POST', url: `/api/integration/proposals/${other.first('proposal')}/revise` }),
  'GET /api/integration/change-orders': (other) => [
    { method: 'GET', url: '/api/integration/change-orders?page[size]=100', listOf: 'changeOrder' },
    { method: 'GET', url: '/api/integration/change-orders?page[size]=100', listOf: 'draftChangeOrder' },
    { method: 'GET', url: `/api/integration/change-orders?filter[project_id]=${other.first('project')}`, listOf: 'changeOrder' },
  ],
  'GET /api/integration/change-orders/{id}': (other) => [
    { method: 'GET', url: `/api/integration/change-orders/${other.first('changeOrder')}` },
    { method: 'GET', url: `/api/integration/change-orders/${other.first('draftChangeOrder')}` },
  ],
  'GET /api/integration/change-orders/{id}/pdf': (other) => ({ method: 'GET', url: `/api/integration/change-orders/${other.first('changeOrder')}/pdf` }),
  'POST /api/integration/change-orders': (other) => ({
    method: 'POST',
    url: '/api/integration/change-orders',
    payload: { project_id: other.first('project'), title: 'Leak' },
    expect: 422,
  }),
  'PATCH /api/integration/change-orders/{id}': (other) => ({
    method: 'PATCH',
    url: `/api/integration/change-orders/${other.first('draftChangeOrder')}`,
    payload: { title: 'Leak' },
  }),
  'DELETE /api/integration/change-orders/{id}': (other) => ({
    method: 'DELETE',
    url: `/api/integration/change-orders/${other.first('draftChangeOrder')}`,
  }),
  'POST /api/integration/change-orders/{id}/send': (other) => ({
    method: 'POST',
    url: `/api/integration/change-orders/${other.first('draftChangeOrder')}/send`,
  }),
  'POST /api/integration/change-orders/{id}/withdraw': (other) => ({
    method: 'POST',
    url: `/api/integration/change-orders/${other.first('changeOrder')}/withdraw`,
  }),
  'POST /api/integration/change-orders/{id}/revise': (other) => ({
    method: 'POST',
    url: `/api/integration/change-orders/${other.first('changeOrder')}/revise`,
  }),
  'GET /api/integration/allowances': (other) => [
    { method: 'GET', url: '/api/integration/allowances?page[size]=100', listOf: 'allowance' },
    { method: 'GET', url: `/api/integration/allowances?filter[project_id]=${other.first('project')}`, listOf: 'allowance' },
  ],
  'POST /api/integration/allowances': (other) => ({
    method: 'POST',
    url: '/api/integration/allowances',
    payload: { project_id: other.first('project'), name: 'Leak', amount: '1.00' },
    expect: 422,
  }),
  'GET /api/integration/allowances/{id}': (other) => ({ method: 'GET', url: `/api/integration/allowances/${other.first('allowance')}` }),
  'PATCH /api/integration/allowances/{id}': (other) => ({
    method: 'PATCH',
    url: `/api/integration/allowances/${other.first('allowance')}`,
    payload: { amount: '999.00' },
  }),
  'DELETE /api/integration/allowances/{id}': (other) => ({ method: 'DELETE', url: `/api/integration/allowances/${other.first('allowance')}` }),
  'POST /api/integration/allowances/{id}/credit': (other) => ({ method: 'POST', url: `/api/integration/allowances/${other.first('allowance')}/credit` }),
  'GET /api/integration/selections': (other) => [
    { method: 'GET', url: '/api/integration/selections?page[size]=100', listOf: 'selection' },
    { method: 'GET', url: `/api/integration/selections?filter[project_id]=${other.first('project')}`, listOf: 'selection' },
    { method: 'GET', url: `/api/integration/selections?filter[allowance_id]=${other.first('allowance')}`, listOf: 'selection' },
  ],
  'POST /api/integration/selections': (other) => ({
    method: 'POST',
    url: '/api/integration/selections',
    payload: { project_id: other.first('project'), title: 'Leak', options: [{ title: 'Leak', price: '1.00' }] },
    expect: 422,
  }),
  'GET /api/integration/selections/{id}': (other) => ({ method: 'GET', url: `/api/integration/selections/${other.first('selection')}` }),
  'PATCH /api/integration/selections/{id}': (other) => ({
    method: 'PATCH',
    url: `/api/integration/selections/${other.first('selection')}`,
    payload: { title: 'Leak', allowance_id: null },
  }),
  'DELETE /api/integration/selections/{id}': (other) => ({ method: 'DELETE', url: `/api/integration/selections/${other.first('lockedSelection')}` }),
  'POST /api/integration/selections/{id}/options': (other) => ({
    method: 'POST',
    url: `/api/integration/selections/${other.first('selection')}/options`,
    payload: { title: 'Leak', price: '1.00' },
  }),
  'PATCH /api/integration/selections/{id}/options/{option}': (other) => ({
    method: 'PATCH',
    url: `/api/integration/selections/${other.first('selection')}/options/${other.first('selectionOption')}`,
    payload: { title: 'Leak' },
  }),
  'DELETE /api/integration/selections/{id}/options/{option}': (other) => ({
    method: 'DELETE',
    url: `/api/integration/selections/${other.first('selection')}/options/${other.first('selectionOption')}`,
  }),
  'POST /api/integration/selections/{id}/options/{option}/photos': (other) => ({
    method: 'POST',
    url: `/api/integration/selections/${other.first('selection')}/options/${other.first('selectionOption')}/photos`,
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    payload: '--x\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\nnot an image\r\n--x--\r\n',
  }),
  'DELETE /api/integration/selections/{id}/options/{option}/photos/{photo}': (other) => ({
    method: 'DELETE',
    url: `/api/integration/selections/${other.first('selection')}/options/${other.first('selectionOption')}/photos/${other.first('selectionPhoto')}`,
  }),
  'POST /api/integration/selections/{id}/lock': (other) => ({ method: 'POST', url: `/api/integration/selections/${other.first('selection')}/lock` }),
  'POST /api/integration/selections/{id}/unlock': (other) => ({ method: 'POST', url: `/api/integration/selections/${other.first('lockedSelection')}/unlock` }),
  'POST /api/integration/selections/{id}/reset': (other) => ({ method: 'POST', url: `/api/integration/selections/${other.first('selection')}/reset` }),
  'POST /api/integration/selections/{id}/choose': (other) => ({
    method: 'POST',
    url: `/api/integration/selections/${other.first('selection')}/choose`,
    payload: { option_id: other.first('selectionOption') },
  }),
  'GET /api/integration/audit-log': () => [
    { method: 'GET', url: '/api/integration/audit-log?page[size]=100', listOf: 'auditEntry' },
    { method: 'GET', url: '/api/integration/audit-log?filter[actor_kind]=api_key&page[size]=100', listOf: 'auditEntry' },
  ],
  'GET /api/integration/audit-log/actors': () => ({ own: "lists who appears in the calling company's log only" }),
  'GET /api/integration/contact-messages': () => [
    { method: 'GET', url: '/api/integration/contact-messages?page[size]=100', listOf: 'contactMessage' },
    { method: 'GET', url: '/api/integration/contact-messages?filter[handled]=true', listOf: 'contactMessage' },
  ],
  'GET /api/integration/contact-messages/{id}': (other) => ({
    method: 'GET',
    url: `/api/integration/contact-messages/${other.first('contactMessage')}`,
  }),
  'POST /api/integration/contact-messages/{id}/handled': (other) => ({
    method: 'POST',
    url: `/api/integration/contact-messages/${other.first('contactMessage')}/handled`,
    payload: {},
  }),
  'POST /api/integration/contact-messages/{id}/unhandled': (other) => ({
    method: 'POST',
    url: `/api/integration/contact-messages/${other.first('contactMessage')}/unhandled`,
    payload: {},
  }),
};
