import { randomBytes } from 'node:crypto';
import { ALL_SCOPES, STAFF_ROLE_SCOPES, type Scope } from '@portal/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { App } from '../../src/app';
import { companyCustomers, portalEntities, portalUsers, projects, sessions, staff } from '../../src/db/schema';
import { loadSecret, OPERATOR_SECRET_FILE } from '../../src/lib/secret-file';
import { operatorToken } from '../../src/lib/tokens';
import { apiKeysRepository } from '../../src/modules/integration/api-keys.repository';
import { BOOKKEEPING_TABLES, otherCompanyIds, prepareOtherCompany } from '../integration-matrix';
import { bearer, signInDemo } from '../portal-users';
import { createUser } from '../sign-in';
import type { DemoSuite } from '../suite';

/**
 * The world the isolation and fuzz suites attack: the demo's two companies, each given a record of every kind, every
 * kind of caller (docs/security.md, "Who we defend against"), and a canary string per company planted in every text
 * column a person writes, so that any answer showing another company's record shows its canary.
 */

/** `preview`: a plain staff member's "Preview as customer" of a customer that both companies serve. */
export type CallerKind = 'anonymous' | 'portal' | 'preview' | 'staff' | 'owner' | 'key' | 'operator';

export interface Caller {
  label: string;
  kind: CallerKind;
  token: string | null;
  /** The companies whose records this caller may see (a portal user: the companies they are a customer of). */
  tenants: number[];
  /** A portal user's id: their portal entities are theirs, every other user's are not. */
  userId?: number;
  /** A preview's own entities and session: the customer's entities of the previewing company, and the preview itself. */
  own?: Record<string, number[]>;
  /** Company side callers: the scopes they hold. */
  scopes?: ReadonlySet<string>;
}

export interface World {
  companies: number[];
  callers: Caller[];
  /** Per company, per kind: its ids (otherCompanyIds' kinds, plus `entity` and `session`). */
  ids: Record<number, Record<string, number[]>>;
  /** Per portal user: their portal entities and sessions. */
  userIds: Record<number, Record<string, number[]>>;
  /** The canary planted in company N's records. */
  canary: Record<number, string>;
  /** A digest of every record: it changes when anything but bookkeeping is written. */
  digest(): Promise<Record<string, string>>;
}

/**
 * What the server writes after the answer, whoever calls next: the webhook sender's attempts at delivering (to a port
 * nobody listens on), and the sign-in links a public route (passwordless, password reset) makes once its caller has
 * moved on (docs/security.md: the same work before the answer). A delivery itself is still a record: a refused
 * request must not create one.
 */
const BACKGROUND_TABLES = ['webhook_attempts', 'login_tokens'];
const DIGEST_COLUMNS: Record<string, string> = { webhook_deliveries: "concat_ws(',', x.id, x.event_id, x.type, x.body)" };

const sessionContext = () => ({ now: new Date() });

/** Columns a person writes, per table, and how a row finds its company: a canary goes into each. */
const CANARY_COLUMNS: { table: string; columns: string[]; company: string }[] = [
  { table: 'companies', columns: ['address_street', 'portal_welcome_message'], company: 't.id' },
  { table: 'accounts', columns: ['name', 'first_name', 'last_name', 'billing_address_street', 'shipping_address_street'], company: 't.company_id' },
  { table: 'projects', columns: ['name', 'address_street', 'address_description'], company: 't.company_id' },
  { table: 'project_statuses', columns: ['name'], company: 't.company_id' },
  { table: 'site_types', columns: ['name'], company: 't.company_id' },
  { table: 'staff', columns: ['name', 'title'], company: 't.company_id' },
  { table: 'api_keys', columns: ['name'], company: 't.company_id' },
  // A company's own names for a customer, whom other companies may serve too: never shown to another company.
  { table: 'company_customers', columns: ['first_name', 'last_name'], company: 't.company_id' },
  { table: 'contact_messages', columns: ['subject', 'message'], company: 't.company_id' },
  { table: 'audit_log', columns: ['summary', 'actor_label'], company: 't.company_id' },
  { table: 'albums', columns: ['name'], company: '(select company_id from projects p where p.id = t.project_id)' },
  { table: 'documents', columns: ['name'], company: '(select company_id from projects p where p.id = t.project_id)' },
  { table: 'notes', columns: ['body'], company: '(select company_id from projects p where p.id = t.project_id)' },
  { table: 'invoices', columns: ['notes', 'terms'], company: '(select company_id from projects p where p.id = t.project_id)' },
  {
    table: 'photos',
    columns: ['caption'],
    company: '(select p.company_id from albums a join projects p on p.id = a.project_id where a.id = t.album_id)',
  },
  { table: 'allowances', columns: ['name'], company: 't.company_id' },
  { table: 'selections', columns: ['title', 'description', 'room'], company: 't.company_id' },
  { table: 'selection_options', columns: ['title', 'description'], company: '(select s.company_id from selections s where s.id = t.selection_id)' },
  { table: 'selection_choices', columns: ['signer_name', 'note', 'option_title'], company: 't.company_id' },
  {
    table: 'invoice_lines',
    columns: ['description'],
    company: '(select p.company_id from invoices i join projects p on p.id = i.project_id where i.id = t.invoice_id)',
  },
  {
    table: 'invoice_payments',
    columns: ['reference'],
    company: '(select p.company_id from invoices i join projects p on p.id = i.project_id where i.id = t.invoice_id)',
  },
  // A customer one company alone serves is that company's; a customer of two companies is both's, so carries none.
  {
    table: 'portal_users',
    columns: ['last_name'],
    company: '(select min(c.company_id) from company_customers c where c.portal_user_id = t.id having count(distinct c.company_id) = 1)',
  },
];

async function rows<T>(app: App, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await app.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function buildWorld(t: DemoSuite): Promise<World> {
  const { app } = t;
  const db = app.database.db;
  const companyIds = [t.ids.acme.id, t.ids.brightside.id];
  const keys = apiKeysRepository(db);

  // Records of every kind for both companies: B through the isolation matrix's own preparation, A by hand.
  const setupKeys = await Promise.all(companyIds.map((id) => keys.create(id, 'world set-up', { scopes: ALL_SCOPES })));
  await prepareOtherCompany(app, setupKeys[1]!.key);
  const as = async (key: string, url: string, payload: object) => {
    const response = await app.inject({ method: 'POST', url, headers: bearer(key), payload });
    if (response.statusCode >= 300) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    return response.json() as { id: number };
  };
  await as(setupKeys[0]!.key, '/api/integration/webhooks', { url: 'http://127.0.0.1:9/a-hooks', event_types: ['note.created'] });
  await rows(app, sql`insert into contact_messages (company_id, subject, message) values (${companyIds[0]}, 'Hello', 'From a customer of A')`);

  // Staff: an owner and a plain member in each company.
  const members: Caller[] = [];
  for (const companyId of companyIds) {
    const existing = await db
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.company_id, companyId), isNull(staff.deactivated_at)))
      .orderBy(staff.id);
    const ownerId = existing[0]!.id;
    const memberId =
      existing[1]?.id ??
      (
        await db
          .insert(staff)
          .values({ company_id: companyId, name: 'Second member', email: `member-${companyId}@example.com`, role: 'staff' })
          .returning({ id: staff.id })
      )[0]!.id;
    await db.update(staff).set({ role: 'owner' }).where(eq(staff.id, ownerId));
    await db.update(staff).set({ role: 'staff' }).where(eq(staff.id, memberId));
    for (const [role, id] of [
      ['owner', ownerId],
      ['staff', memberId],
    ] as const) {
      const { token } = await app.staffSessions.create(id, sessionContext());
      members.push({ label: `${role} of company ${companyId}`, kind: role, token, tenants: [companyId], scopes: new Set(STAFF_ROLE_SCOPES[role]) });
    }
  }

  // API keys: one per scope and one with all, per company.
  const apiKeys: Caller[] = [];
  for (const companyId of companyIds) {
    for (const scopes of [ALL_SCOPES, ...ALL_SCOPES.map((scope) => [scope] as Scope[])]) {
      const { key } = await keys.create(companyId, 'isolation', { scopes });
      const label = scopes.length === 1 ? scopes[0]! : 'every scope';
      apiKeys.push({ label: `key of company ${companyId} (${label})`, kind: 'key', token: key, tenants: [companyId], scopes: new Set(scopes) });
    }
  }

  // Portal users: Casey (a customer of both companies), Nico (of A), a customer of B alone, and a user with nothing.
  const portalCallers: Caller[] = [];
  const customerOf = async (userId: number) =>
    (await db.select({ id: companyCustomers.company_id }).from(companyCustomers).where(eq(companyCustomers.portal_user_id, userId))).map((row) => row.id);
  for (const [index, user] of [
    [0, t.ids.casey],
    [1, t.ids.nico],
  ] as const) {
    portalCallers.push({
      label: user.first_name ?? user.email,
      kind: 'portal',
      token: await signInDemo(app, index),
      tenants: await customerOf(user.id),
      userId: user.id,
    });
  }
  const [onlyB] = await db.select({ id: portalUsers.id }).from(portalUsers).where(eq(portalUsers.email, 'only-b@example.com'));
  const [bProject] = await db.select({ id: projects.id }).from(projects).where(eq(projects.company_id, companyIds[1]!)).orderBy(projects.id).limit(1);
  await as(setupKeys[1]!.key, `/api/integration/projects/${bProject!.id}/shares`, { portal_user_id: onlyB!.id });
  portalCallers.push({
    label: 'a customer of B alone',
    kind: 'portal',
    token: (await app.sessions.create(onlyB!.id, sessionContext())).token,
    tenants: [companyIds[1]!],
    userId: onlyB!.id,
  });
  const lonely = await createUser(app, { firstName: 'Lonely' });
  portalCallers.push({
    label: 'a user with nothing shared',
    kind: 'portal',
    token: (await app.sessions.create(lonely.id, sessionContext())).token,
    tenants: [],
    userId: lonely.id,
  });

  // Previews: each company's plain member previews Casey, who is a customer of both; the preview may read the
  // previewing company's part of Casey's portal only (docs/security.md).
  const previews: Caller[] = [];
  const caseyId = t.ids.casey.id;
  for (const companyId of companyIds) {
    const [member] = await db
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.company_id, companyId), eq(staff.role, 'staff'), isNull(staff.deactivated_at)))
      .orderBy(staff.id)
      .limit(1);
    const { token, sessionId } = await app.sessions.createPreview(caseyId, member!.id, sessionContext());
    const entity = (
      await db
        .select({ id: portalEntities.id })
        .from(portalEntities)
        .where(and(eq(portalEntities.portal_user_id, caseyId), eq(portalEntities.company_id, companyId)))
    ).map((row) => row.id);
    previews.push({
      label: `a preview of Casey by the member of company ${companyId}`,
      kind: 'preview',
      token,
      tenants: [companyId],
      userId: caseyId,
      own: { entity, session: [sessionId] },
    });
  }

  const operator = operatorToken(await loadSecret({ dataDir: t.dataDir, name: OPERATOR_SECRET_FILE }));

  // Ids of every kind, per company and per portal user.
  const ids: World['ids'] = {};
  for (const companyId of companyIds) {
    ids[companyId] = await otherCompanyIds(app, companyId);
    ids[companyId].entity = (await db.select({ id: portalEntities.id }).from(portalEntities).where(eq(portalEntities.company_id, companyId))).map((r) => r.id);
  }
  const userIds: World['userIds'] = {};
  for (const caller of portalCallers) {
    userIds[caller.userId!] = {
      entity: (await db.select({ id: portalEntities.id }).from(portalEntities).where(eq(portalEntities.portal_user_id, caller.userId!))).map((r) => r.id),
      session: (await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.portal_user_id, caller.userId!))).map((r) => r.id),
    };
  }

  // The canaries, last: everything above has made its records.
  const canary: Record<number, string> = {};
  for (const companyId of companyIds) {
    canary[companyId] = `cnry${companyId}q${randomBytes(5).toString('hex')}`;
    for (const { table, columns, company } of CANARY_COLUMNS) {
      const set = columns.map((column) => `"${column}" = coalesce("${column}", '') || ' ${canary[companyId]}'`).join(', ');
      await rows(app, sql.raw(`update "${table}" t set ${set} where ${company} = ${companyId}`));
    }
  }
  await app.changes.settled(60_000);

  const digest = async () => {
    const tables = await rows<{ tablename: string }>(app, sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
    const parts = tables
      .map((row) => row.tablename)
      .filter((table) => !BOOKKEEPING_TABLES.includes(table) && !BACKGROUND_TABLES.includes(table) && !table.startsWith('__drizzle'))
      // A row's xmin is the transaction that wrote its version: an insert, an update or (with the count) a delete shows.
      .map((table) =>
        DIGEST_COLUMNS[table]
          ? `select '${table}' as t, md5(coalesce(string_agg(${DIGEST_COLUMNS[table]}, '|' order by x.id), '')) as d from "${table}" x`
          : `select '${table}' as t, count(*) || ':' || coalesce(sum(x.xmin::text::bigint), 0) as d from "${table}" x`,
      );
    return Object.fromEntries((await rows<{ t: string; d: string }>(app, sql.raw(parts.join(' union all ')))).map((row) => [row.t, row.d]));
  };

  return {
    companies: companyIds,
    callers: [
      { label: 'anonymous', kind: 'anonymous', token: null, tenants: [] },
      ...portalCallers,
      ...previews,
      ...members,
      ...apiKeys,
      { label: 'the operator', kind: 'operator', token: operator, tenants: companyIds },
    ],
    ids,
    userIds,
    canary,
    digest,
  };
}
