import { INTEGRATION_MATRIX, type MatrixEntry } from '../integration-matrix';
import type { CallerKind } from './world';

/**
 * Every route of the OpenAPI document, as the isolation suite calls it. The company's routes (`/api/integration/`)
 * take their requests from `integration-matrix.ts`, so a new one costs the one entry it already needs there; every
 * other route has its entry in `ROUTES` below, and the suite fails for a route that has neither.
 */

/** Who a route admits, as the document says (`x-caller`, from the route's config). */
export type RouteCaller = 'public' | 'portal' | 'staff' | 'owner' | 'company' | 'operator';

/**
 * The expected answer by kind of route and kind of caller: `pass` lets the caller reach the route's own rules (then a
 * record that is not theirs answers 404), `scope` passes a company's caller holding the route's scope and refuses
 * one lacking it with 403.
 */
export const EXPECTED: Record<RouteCaller, Record<CallerKind, 'pass' | 'scope' | 401 | 403>> = {
  //          anonymous       portal           preview           staff            owner            key              operator
  public: { anonymous: 'pass', portal: 'pass', preview: 'pass', staff: 'pass', owner: 'pass', key: 'pass', operator: 'pass' },
  portal: { anonymous: 401, portal: 'pass', preview: 'pass', staff: 401, owner: 401, key: 401, operator: 401 },
  staff: { anonymous: 401, portal: 401, preview: 401, staff: 'pass', owner: 'pass', key: 401, operator: 401 },
  owner: { anonymous: 401, portal: 401, preview: 401, staff: 403, owner: 'pass', key: 401, operator: 401 },
  company: { anonymous: 401, portal: 401, preview: 401, staff: 'scope', owner: 'scope', key: 'scope', operator: 401 },
  operator: { anonymous: 401, portal: 401, preview: 401, staff: 401, owner: 401, key: 401, operator: 'pass' },
};

/** Chooses an id of a kind for the request being built (own or another tenant's: the suite decides). */
export type Picker = Parameters<MatrixEntry>[0];

/** A request; `expect` is what a record that is not the caller's must answer (404 by default). */
export type RouteCase =
  | { method: string; url: string; payload?: unknown; headers?: Record<string, string>; expect?: number | number[] }
  | { method: 'GET'; url: string; listOf: string }
  | { own: string };
export type RouteEntry = (pick: Picker) => RouteCase | RouteCase[];

const MULTIPART = { 'content-type': 'multipart/form-data; boundary=x' };
const FILE_PART = '--x\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n%PDF-1.4\r\n--x--\r\n';
/** An id in a body names a record: another tenant's answers 404 (not found) or 422 (names the field). */
const BODY_ID = [404, 422];

/** The routes outside the company's API: one line each. Routes with no id simply say so with `none`. */
const none: RouteEntry = () => ({ own: 'no record named' });

export const ROUTES: Record<string, RouteEntry> = {
  'GET /api/health': none,
  'GET /api/ready': none,
  'POST /api/auth/login': () => ({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'customer@example.com', password: 'wrong-password' },
    expect: 401,
  }),
  'POST /api/auth/passwordless': none,
  'POST /api/auth/passwordless/verify': none,
  'POST /api/auth/logout': none,
  'GET /api/auth/me': none,
  'GET /api/auth/sessions': none,
  'DELETE /api/auth/sessions': none,
  'DELETE /api/auth/sessions/{id}': (p) => ({ method: 'DELETE', url: `/api/auth/sessions/${p.first('session')}` }),
  'POST /api/staff/auth/login': none,
  'POST /api/staff/auth/invitation': none,
  'GET /api/staff/auth/invitation/brand': () => ({ own: "public: the brand of an invitation's company, by the link's token" }),
  'POST /api/staff/auth/passwordless': none,
  'POST /api/staff/auth/passwordless/verify': none,
  'GET /api/staff/auth/me': none,
  'POST /api/staff/auth/logout': none,
  'DELETE /api/staff/auth/sessions': none,
  'GET /api/staff/me': none,
  'PATCH /api/staff/me': none,
  'PUT /api/staff/me/avatar': none,
  'DELETE /api/staff/me/avatar': none,
  'POST /api/staff/previews': (p) => ({
    method: 'POST',
    url: '/api/staff/previews',
    payload: { project_id: p.first('project'), portal_user_id: p.first('portalUser') },
    expect: BODY_ID,
  }),
  'POST /api/auth/password-reset': none,
  'POST /api/auth/password-reset/confirm': none,
  'PATCH /api/account': none,
  'POST /api/account/password': none,
  'POST /api/account/email': none,
  'POST /api/account/email/confirm': none,
  'POST /api/auth/invitation': none,
  'GET /api/account/notifications': none,
  'GET /api/account/calendar-feed': none,
  'POST /api/account/calendar-feed': none,
  'DELETE /api/account/calendar-feed': none,
  // The feed's secret is its own credential: a made-up one answers 404, whoever asks.
  'GET /api/calendar-feeds/{file}': () => ({ method: 'GET', url: `/api/calendar-feeds/${'a'.repeat(43)}.ics`, expect: 404 }),
  'GET /api/calendar': (p) => ({ method: 'GET', url: `/api/calendar?entity=${p.first('entity')}` }),
  'GET /api/calendar/{id}': (p) => ({ method: 'GET', url: `/api/calendar/${p.first('scheduleItem')}?entity=${p.first('entity')}` }),
  'GET /api/calendar/{id}/ics': (p) => ({ method: 'GET', url: `/api/calendar/${p.first('scheduleItem')}/ics?entity=${p.first('entity')}` }),
  'GET /api/entities/{entity}/proposals': (p) => ({ method: 'GET', url: `/api/entities/${p.first('entity')}/proposals` }),
  'GET /api/entities/{entity}/proposals/{proposal}': (p) => ({ method: 'GET', url: `/api/entities/${p.first('entity')}/proposals/${p.first('proposal')}` }),
  'POST /api/entities/{entity}/proposals/{proposal}/accept': (p) => ({
    method: 'POST',
    url: `/api/entities/${p.first('entity')}/proposals/${p.first('proposal')}/accept`,
    payload: { signer_name: 'Mallory Canary', consent: true, selected_item_ids: [] },
  }),
  'POST /api/entities/{entity}/proposals/{proposal}/decline': (p) => ({
    method: 'POST',
    url: `/api/entities/${p.first('entity')}/proposals/${p.first('proposal')}/decline`,
    payload: {},
  }),
  'GET /api/entities/{entity}/proposals/{proposal}/pdf': (p) => ({
    method: 'GET',
    url: `/api/entities/${p.first('entity')}/proposals/${p.first('proposal')}/pdf`,
  }),
  'GET /api/entities/{entity}/change-orders': (p) => ({ method: 'GET', url: `/api/entities/${p.first('entity')}/change-orders` }),
  'GET /api/entities/{entity}/change-orders/{changeOrder}': (p) => ({
    method: 'GET',
    url: `/api/entities/${p.first('entity')}/change-orders/${p.first('changeOrder')}`,
  }),
  'POST /api/entities/{entity}/change-orders/{changeOrder}/approve': (p) => ({
    method: 'POST',
    url: `/api/entities/${p.first('entity')}/change-orders/${p.first('changeOrder')}/approve`,
    payload: { signer_name: 'Mallory Canary', consent: true },
  }),
  'POST /api/entities/{entity}/change-orders/{changeOrder}/decline': (p) => ({
    method: 'POST',
    url: `/api/entities/${p.first('entity')}/change-orders/${p.first('changeOrder')}/decline`,
    payload: {},
  }),
  'GET /api/entities/{entity}/change-orders/{changeOrder}/pdf': (p) => ({
    method: 'GET',
    url: `/api/entities/${p.first('entity')}/change-orders/${p.first('changeOrder')}/pdf`,
  }),
  'GET /api/entities/{entity}/selections': (p) => ({ method: 'GET', url: `/api/entities/${p.first('entity')}/selections` }),
  'GET /api/entities/{entity}/selections/{selection}': (p) => ({
    method: 'GET',
    url: `/api/entities/${p.first('entity')}/selections/${p.first('selection')}`,
  }),
  'POST /api/entities/{entity}/selections/{selection}/choose': (p) => ({
    method: 'POST',
    url: `/api/entities/${p.first('entity')}/selections/${p.first('selection')}/choose`,
    payload: { option_id: p.first('selectionOption'), signer_name: 'Mallory Canary', consent: true },
  }),
  'PATCH /api/account/notifications': none,
  'POST /api/notifications/unsubscribe': none,
  'GET /api/entities': () => ({ method: 'GET', url: '/api/entities?include=model,company&page[size]=100', listOf: 'entity' }),
  'GET /api/entities/{id}': (p) => ({ method: 'GET', url: `/api/entities/${p.first('entity')}?include=model,company` }),
  'GET /api/companies/{id}': (p) => ({ method: 'GET', url: `/api/companies/${p.first('company')}` }),
  // Public by design: the sign-in pages show any company's logo and staff photos (docs/company-api.md).
  'GET /api/logos/{id}': (p) => ({ method: 'GET', url: `/api/logos/${p.first('company')}` }),
  'GET /api/avatars/{id}': (p) => ({ method: 'GET', url: `/api/avatars/${p.first('staff')}` }),
  'GET /api/entities/{entity}/invoices': (p) => ({ method: 'GET', url: `/api/entities/${p.first('entity')}/invoices` }),
  'GET /api/entities/{entity}/invoices/summary': (p) => ({ method: 'GET', url: `/api/entities/${p.first('entity')}/invoices/summary` }),
  'GET /api/entities/{entity}/invoices/{invoice}': (p) => ({ method: 'GET', url: `/api/entities/${p.first('entity')}/invoices/${p.first('invoice')}` }),
  'GET /api/entities/{entity}/invoices/{invoice}/pdf': (p) => ({
    method: 'GET',
    url: `/api/entities/${p.first('entity')}/invoices/${p.first('invoice')}/pdf`,
  }),
  'GET /api/entities/{entity}/statement': (p) => ({ method: 'GET', url: `/api/entities/${p.first('entity')}/statement` }),
  'GET /api/entities/{entity}/statement/pdf': (p) => ({ method: 'GET', url: `/api/entities/${p.first('entity')}/statement/pdf` }),
  'GET /api/themes/{code}/company': () => ({ own: 'public: the theme of a sign-in page, by code' }),
  'GET /api/notes': (p) => ({ method: 'GET', url: `/api/notes?entity=${p.first('entity')}` }),
  'POST /api/notes': (p) => ({ method: 'POST', url: `/api/notes?entity=${p.first('entity')}`, payload: { body: 'Leak?' } }),
  'GET /api/notes/read': (p) => ({ method: 'GET', url: `/api/notes/read?entity=${p.first('entity')}` }),
  'PUT /api/notes/read': (p) => ({ method: 'PUT', url: `/api/notes/read?entity=${p.first('entity')}`, payload: { last_read_note_id: p.first('note') } }),
  'GET /api/notes/{id}': (p) => ({ method: 'GET', url: `/api/notes/${p.first('note')}?entity=${p.first('entity')}` }),
  'GET /api/contact': (p) => ({ method: 'GET', url: `/api/contact?entity=${p.first('entity')}` }),
  'GET /api/contact/companies': none,
  'POST /api/contact/messages': (p) => [
    { method: 'POST', url: '/api/contact/messages', payload: { entity: p.first('entity'), subject: 'Leak?', message: 'x' }, expect: BODY_ID },
    { method: 'POST', url: '/api/contact/messages', payload: { company_id: p.first('company'), subject: 'Leak?', message: 'x' }, expect: BODY_ID },
  ],
  'POST /api/operator/companies': none,
  'GET /api/operator/companies': none,
  'POST /api/operator/companies/{id}/api-keys': (p) => ({ method: 'POST', url: `/api/operator/companies/${p.first('company')}/api-keys`, payload: {} }),
  'GET /api/operator/api-keys': none,
  'POST /api/operator/backups': none,
  'POST /api/operator/api-keys/{id}/revoke': (p) => ({ method: 'POST', url: `/api/operator/api-keys/${p.first('apiKey')}/revoke` }),
  'GET /api/staff/inbox': none,
  'GET /api/staff/inbox/unread': none,
  'POST /api/staff/inbox/{kind}/{id}/read': (p) => [
    { method: 'POST', url: `/api/staff/inbox/note/${p.first('note')}/read` },
    { method: 'POST', url: `/api/staff/inbox/document/${p.first('document')}/read` },
    { method: 'POST', url: `/api/staff/inbox/message/${p.first('contactMessage')}/read` },
    { method: 'POST', url: `/api/staff/inbox/proposal/${p.first('proposal')}/read` },
    { method: 'POST', url: `/api/staff/inbox/change_order/${p.first('changeOrder')}/read` },
  ],
  'POST /api/staff/inbox/read-all': none,
  // Files are reached through signed links only: without one, any id is refused.
  'GET /api/files/{id}': (p) => ({ method: 'GET', url: `/api/files/${p.first('document')}` }),
  'GET /api/files/{id}/download': (p) => ({ method: 'GET', url: `/api/files/${p.first('document')}/download` }),
  'GET /api/images/{id}': (p) => ({ method: 'GET', url: `/api/images/${p.first('photo')}?w=64` }),
  'GET /api/entities/{entity}/documents': (p) => ({ method: 'GET', url: `/api/entities/${p.first('entity')}/documents` }),
  'POST /api/entities/{entity}/documents': (p) => ({
    method: 'POST',
    url: `/api/entities/${p.first('entity')}/documents`,
    headers: MULTIPART,
    payload: FILE_PART,
  }),
  'GET /api/entities/{entity}/documents/{document}': (p) => ({
    method: 'GET',
    url: `/api/entities/${p.first('entity')}/documents/${p.first('document')}`,
  }),
  'GET /api/entities/{entity}/albums': (p) => ({ method: 'GET', url: `/api/entities/${p.first('entity')}/albums` }),
  'GET /api/entities/{entity}/albums/{album}': (p) => ({ method: 'GET', url: `/api/entities/${p.first('entity')}/albums/${p.first('album')}` }),
  'GET /api/albums/{id}/zip': (p) => ({ method: 'GET', url: `/api/albums/${p.first('album')}/zip` }),
};

/** The entry of an operation (`METHOD /path/{param}`), wherever it is kept; undefined when it has none. */
export function entryOf(operation: string): RouteEntry | undefined {
  return INTEGRATION_MATRIX[operation] ?? ROUTES[operation];
}

/**
 * Which kind of record a key of an answer names, to tell another tenant's id in it. `kind.key` names it under a record
 * of that kind only (an option's `photos` are not album photos).
 */
export const KEY_KINDS: Record<string, string> = {
  project: 'project',
  projects: 'project',
  album: 'album',
  albums: 'album',
  photo: 'photo',
  photos: 'photo',
  cover_photo: 'photo',
  document: 'document',
  documents: 'document',
  note: 'note',
  notes: 'note',
  invoice: 'invoice',
  invoices: 'invoice',
  proposal: 'proposal',
  proposals: 'proposal',
  change_order: 'changeOrder',
  change_orders: 'changeOrder',
  'change-orders': 'changeOrder',
  payment: 'payment',
  payments: 'payment',
  account: 'account',
  accounts: 'account',
  staff: 'staff',
  rep: 'staff',
  rep_primary: 'staff',
  author_staff: 'staff',
  status: 'status',
  'project-statuses': 'status',
  site_type: 'siteType',
  'site-types': 'siteType',
  portal_user: 'portalUser',
  'portal-users': 'portalUser',
  webhook: 'webhook',
  webhooks: 'webhook',
  'api-keys': 'apiKey',
  api_key: 'apiKey',
  'contact-messages': 'contactMessage',
  company: 'company',
  companies: 'company',
  entity: 'entity',
  entities: 'entity',
  allowance: 'allowance',
  allowances: 'allowance',
  selection: 'selection',
  selections: 'selection',
  'selection.options': 'selectionOption',
  option: 'selectionOption',
  'selectionOption.photos': 'selectionPhoto',
};

/** The kind a key names under a record of `kind`: its own entry there, else the key's everywhere. */
export const kindUnder = (kind: string | undefined, key: string): string | undefined => KEY_KINDS[`${kind}.${key}`] ?? KEY_KINDS[key];
