import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema';
import { seedAreas } from './areas';
import type { DemoContext, SeedTx } from './context';
import { hashPassword } from '../modules/auth/password';
import type { Db } from '../db/client';
import type { BlobStore } from '../core/files/blob-store/types';
import { memoryBlobStore } from '../core/files/blob-store/memory-store';
import { insertCompany } from '../modules/integration/operator.repository';
import { accounts, companies, companyCustomers, portalEntities, portalUsers, projects, staff } from '../db/schema';
import { DEMO_ACCOUNTS, DEMO_COMPANIES, DEMO_PROJECTS, DEMO_STAFF, type AccountKey, type StaffKey, type UserKey } from './demo-rows';

/** The demo sign-ins, printed at start and named in the README. */
export const DEMO_USERS = [
  { email: 'customer@example.com', password: 'portal-demo-1', first_name: 'Casey', last_name: 'Morgan' },
  { email: 'neighbor@example.com', password: 'portal-demo-2', first_name: 'Nico', last_name: 'Alvarez' },
] as const;

/** A fixed clock so that every seeded database is the same, row for row. */
const SEEDED_AT = new Date('2026-03-02T15:04:05.000Z');
const at = (days: number) => new Date(SEEDED_AT.getTime() + days * 86_400_000);
const STAMP = { created_at: SEEDED_AT, updated_at: SEEDED_AT };

type Tx = SeedTx;

async function seedCompany(tx: Tx, company: typeof companies.$inferInsert, theme: { code: string }) {
  const made = await insertCompany(tx, { company, theme, at: SEEDED_AT });
  return {
    companyId: made.company.id,
    status: (name: string) => made.statuses.find((status) => status.name === name)!.id,
    residential: made.siteTypes.find((type) => type.name === 'Residential')!.id,
  };
}

export interface SeedOptions {
  /** The blob store the demo's photos and documents are written to; without one, they are kept in memory only. */
  blobs?: BlobStore;
}

/** True when the database holds no company yet: the demo is seeded only then. */
export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: companies.id }).from(companies).limit(1);
  return rows.length === 0;
}

/** The start-up path: seeds the demo only into an empty database. True when it seeded. */
export async function seedIfEmpty(db: Db, options: SeedOptions = {}): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await seedDemo(db, options);
  return true;
}

/** Empties every table of the schema and restarts ids, so a reseed gives the same ids again. */
export async function resetDatabase(db: Db): Promise<void> {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  await db.execute(sql.raw(`TRUNCATE ${tables.map((table) => `"${getTableName(table)}"`).join(', ')} RESTART IDENTITY CASCADE`));
}

type Ids<K extends string> = Record<K, number>;

/** The two companies, each with the statuses and site types every new company gets. */
async function seedCompanies(tx: Tx) {
  const acme = await seedCompany(tx, { ...STAMP, ...DEMO_COMPANIES.acme.company }, DEMO_COMPANIES.acme.theme);
  const brightside = await seedCompany(tx, { ...STAMP, ...DEMO_COMPANIES.brightside.company }, DEMO_COMPANIES.brightside.theme);
  return { acme, brightside };
}
type SeededCompanies = Awaited<ReturnType<typeof seedCompanies>>;

/** Rows of a table in their order, each with its id under its key. */
const byKey = <K extends string>(keys: readonly { key: K }[], rows: { id: number }[]) =>
  Object.fromEntries(keys.map((entry, index) => [entry.key, rows[index]!.id])) as Ids<K>;

async function seedStaff(tx: Tx, made: SeededCompanies): Promise<Ids<StaffKey>> {
  const rows = await tx
    .insert(staff)
    .values(DEMO_STAFF.map(({ company, row }) => ({ ...STAMP, company_id: made[company].companyId, ...row })))
    .returning({ id: staff.id });
  return byKey(DEMO_STAFF, rows);
}

/** The demo's portal users, with the passwords DEMO_USERS names. */
async function seedUsers(tx: Tx, hashes: string[]): Promise<Ids<UserKey>> {
  const [casey, nico] = await tx
    .insert(portalUsers)
    .values(
      DEMO_USERS.map((user, index) => ({
        ...STAMP,
        email: user.email,
        first_name: user.first_name,
        last_name: user.last_name,
        password_hash: hashes[index]!,
      })),
    )
    .returning({ id: portalUsers.id });
  return { casey: casey!.id, nico: nico!.id };
}

async function seedAccounts(tx: Tx, made: SeededCompanies): Promise<Ids<AccountKey>> {
  const rows = await tx
    .insert(accounts)
    .values(DEMO_ACCOUNTS.map(({ company, row }) => ({ ...STAMP, company_id: made[company].companyId, ...row })))
    .returning({ id: accounts.id });
  return byKey(DEMO_ACCOUNTS, rows);
}

async function seedProjects(tx: Tx, made: SeededCompanies, staffIds: Ids<StaffKey>, accountIds: Ids<AccountKey>) {
  const rows = await tx
    .insert(projects)
    .values(
      DEMO_PROJECTS.map((project) => ({
        created_at: at(project.days.created),
        updated_at: at(project.days.updated),
        company_id: made[project.company].companyId,
        account_id: accountIds[project.account],
        status_id: made[project.company].status(project.status),
        site_type_id: made[project.company].residential,
        rep_primary_id: staffIds[project.rep],
        ...project.row,
      })),
    )
    .returning({ id: projects.id, company_id: projects.company_id });
  return rows;
}

/**
 * Each project shared with its owner, and each company knowing the customers it shared with, who have used the portal
 * for a while (activated long ago). Each keeps its own names for them
 * (docs/decisions/110-what-a-company-knows-of-a-shared-customer.md): here, theirs. Answers the shares' ids.
 */
async function shareProjects(tx: Tx, projectRows: { id: number; company_id: number }[], users: Ids<UserKey>): Promise<number[]> {
  const owners = DEMO_PROJECTS.map((project) => users[project.owner]);
  const entityRows = await tx
    .insert(portalEntities)
    .values(
      projectRows.map((project, index) => ({
        created_at: at(index),
        updated_at: at(index),
        portal_user_id: owners[index]!,
        company_id: project.company_id,
        model_type: 'project',
        model_id: project.id,
        scope: 'customer',
      })),
    )
    .returning({ id: portalEntities.id });
  const nameOf = new Map(
    [users.casey, users.nico].map((id, index) => [id, { first_name: DEMO_USERS[index]!.first_name, last_name: DEMO_USERS[index]!.last_name }]),
  );
  const known = new Map(
    projectRows.map((project, index) => [
      `${project.company_id}:${owners[index]}`,
      { company_id: project.company_id, portal_user_id: owners[index]!, ...nameOf.get(owners[index]!)! },
    ]),
  );
  await tx
    .insert(companyCustomers)
    .values([...known.values()].map((link) => ({ ...link, activated_at: at(0), last_sign_in_at: at(0), created_at: at(0), updated_at: at(0) })));
  return entityRows.map((row) => row.id);
}

/**
 * Seeds the demo: two companies, two portal users, five projects, then each area's data (seed/areas.ts). All in one
 * transaction, so a failed seed leaves nothing behind and the next start tries again.
 */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<void> {
  const hashes = await Promise.all(DEMO_USERS.map((user) => hashPassword(user.password)));

  await db.transaction(async (tx) => {
    const made = await seedCompanies(tx);
    const staffIds = await seedStaff(tx, made);
    const users = await seedUsers(tx, hashes);
    const accountIds = await seedAccounts(tx, made);
    const projectRows = await seedProjects(tx, made, staffIds, accountIds);
    const entities = await shareProjects(tx, projectRows, users);
    const projectIds = byKey(DEMO_PROJECTS, projectRows);
    const context: DemoContext = {
      at,
      companies: { acme: made.acme.companyId, brightside: made.brightside.companyId },
      staff: staffIds,
      users,
      projects: projectIds,
      entities,
      blobs: options.blobs ?? memoryBlobStore(),
    };
    await seedAreas(tx, context);
  });
}
