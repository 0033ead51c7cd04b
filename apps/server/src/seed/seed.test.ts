import { COMPANY_SWITCHES, DEFAULT_PORTAL_COLOR, MoneySchema } from '@portal/contract';
import { and, eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp, type TestDatabase } from '../../test/helpers';
import { verifyPassword } from '../modules/auth/password';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { DEMO_USERS, isEmpty, resetDatabase, seedDemo, seedIfEmpty } from './index';

const { accounts, companies, portalEntities, portalThemes, portalUsers, projectStatuses, projects, staff } = schema;

/** Every table of the schema, so a table added later is covered without editing this test. */
const exported: unknown[] = Object.values(schema);
const TABLES = exported.filter((value): value is PgTable => is(value, PgTable));

async function dump(db: Db): Promise<Record<string, Record<string, unknown>[]>> {
  const tables: Record<string, Record<string, unknown>[]> = {};
  for (const table of TABLES)
    tables[getTableName(table)] = await db
      .select()
      .from(table)
      .orderBy(sql`id`);
  return tables;
}

const rowCounts = async (db: Db) => Object.fromEntries(Object.entries(await dump(db)).map(([name, rows]) => [name, rows.length]));

/**
 * password_hash differs between seeds (a random salt per hash), and so does blob_key (the blob
 * store picks random keys, pdf_blob_key too; the bytes and their sha256 do not change); everything else must not.
 */
const withoutHashes = (tables: Record<string, Record<string, unknown>[]>) =>
  Object.fromEntries(
    Object.entries(tables).map(([name, rows]) => [name, rows.map(({ password_hash: _hash, blob_key: _key, pdf_blob_key: _pdfKey, ...row }) => row)]),
  );

async function expectDemoPasswords(db: Db) {
  const users = await db.select().from(portalUsers).orderBy(portalUsers.id);
  expect(users.map((user) => user.email)).toEqual(DEMO_USERS.map((user) => user.email));
  for (const [index, user] of users.entries()) {
    expect(await verifyPassword(user.password_hash!, DEMO_USERS[index]!.password)).toBe(true);
    expect(await verifyPassword(user.password_hash!, 'not-the-password')).toBe(false);
  }
}

function projectsSharedWith(db: Db, email: string) {
  return db
    .select({ entity: portalEntities, project: projects, company: companies.name })
    .from(portalEntities)
    .innerJoin(portalUsers, eq(portalUsers.id, portalEntities.portal_user_id))
    .innerJoin(projects, and(eq(portalEntities.model_type, 'project'), eq(projects.id, portalEntities.model_id)))
    .innerJoin(companies, eq(companies.id, projects.company_id))
    .where(eq(portalUsers.email, email))
    .orderBy(portalEntities.id);
}

describe('seeding an empty database', () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await openTestDatabase();
  });
  afterEach(async () => {
    await t?.close();
  });

  it('is empty before and not after', async () => {
    const { db } = t.database;
    expect(await isEmpty(db)).toBe(true);
    expect(Object.values(await rowCounts(db)).every((count) => count === 0)).toBe(true);
    await seedDemo(db);
    expect(await isEmpty(db)).toBe(false);
  });

  it('does not seed twice through the start-up path', async () => {
    const { db } = t.database;
    expect(await seedIfEmpty(db)).toBe(true);
    const first = await dump(db);
    expect(await seedIfEmpty(db)).toBe(false);
    expect(await dump(db)).toEqual(first);
    expect(await rowCounts(db)).toMatchObject({ companies: 2, portal_users: 2, projects: 5, portal_entities: 5 });
  });

  it('gives the same ids and rows after resetDatabase and a reseed', async () => {
    const { db } = t.database;
    await seedDemo(db);
    const first = await dump(db);

    await resetDatabase(db);
    expect(await isEmpty(db)).toBe(true);
    expect(Object.values(await rowCounts(db)).every((count) => count === 0)).toBe(true);

    await seedDemo(db);
    const second = await dump(db);
    expect(withoutHashes(second)).toEqual(withoutHashes(first));
    await expectDemoPasswords(db);
  });

  it('stamps every row from a fixed clock, not the time it ran', async () => {
    const { db } = t.database;
    // The JavaScript clock reads 2031 during the seed; the database's own clock reads the real time.
    const realNow = Date.now();
    const fakeNow = Date.parse('2031-01-01T00:00:00.000Z');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(fakeNow);
    try {
      await seedDemo(db);
    } finally {
      vi.useRealTimers();
    }
    const [acme] = await db.select().from(companies).orderBy(companies.id).limit(1);
    expect(acme?.created_at.getTime()).toBe(Date.parse('2026-03-02T15:04:05.000Z'));
    for (const [table, rows] of Object.entries(await dump(db))) {
      for (const row of rows) {
        for (const column of ['created_at', 'updated_at']) {
          // Write-once records (files) have no updated_at.
          if (!(column in row)) continue;
          const stamp = (row[column] as Date).getTime();
          expect(Math.abs(stamp - realNow), `${table}.${column} is the database's now()`).toBeGreaterThan(3_600_000);
          expect(stamp, `${table}.${column} is JavaScript's now()`).toBeLessThan(fakeNow - 86_400_000);
        }
      }
    }
  });

  it('leaves nothing behind when it fails', async () => {
    const { db } = t.database;
    // A user already holding a demo e-mail makes the seed's insert fail half-way.
    await db.insert(portalUsers).values({ email: DEMO_USERS[1].email });
    await expect(seedDemo(db)).rejects.toThrow();
    expect(await isEmpty(db)).toBe(true);
    expect(await rowCounts(db)).toMatchObject({ companies: 0, portal_themes: 0, staff: 0, projects: 0, portal_users: 1 });
  });
});

describe('the demo', () => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    db = t.database.db;
  });
  afterAll(async () => {
    await t?.close();
  });

  const companyNamed = async (name: string) => {
    const [row] = await db
      .select({ company: companies, theme: portalThemes })
      .from(companies)
      .innerJoin(portalThemes, eq(portalThemes.company_id, companies.id))
      .where(eq(companies.name, name));
    expect(row, name).toBeDefined();
    return row!;
  };

  it('has Acme Builders with its theme, colour, logo, welcome and every switch on', async () => {
    const { company, theme } = await companyNamed('Acme Builders');
    expect(theme.code).toBe('acme');
    expect(company.color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(company.color).not.toBe(DEFAULT_PORTAL_COLOR);
    expect(company.logo_url).toBeTruthy();
    expect(company.portal_welcome_message).toMatch(/\S/);
    for (const name of COMPANY_SWITCHES) expect(company[name], name).toBe(true);
  });

  it('has Brightside Remodeling with its own theme and colour, albums and invoicing off', async () => {
    const acme = await companyNamed('Acme Builders');
    const { company, theme } = await companyNamed('Brightside Remodeling');
    expect(theme.code).toBe('brightside');
    expect(company.color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(company.color).not.toBe(acme.company.color);
    expect(company.color).not.toBe(DEFAULT_PORTAL_COLOR);
    expect(company.is_portal_album_sharing_enabled).toBe(false);
    expect(company.is_portal_invoicing_enabled).toBe(false);
  });

  it('serves every company and theme logo as SVG at its logo_url', async () => {
    const rows = await db
      .select({ company: companies.logo_url, theme: portalThemes.logo_url })
      .from(companies)
      .innerJoin(portalThemes, eq(portalThemes.company_id, companies.id));
    const urls = new Set(rows.flatMap((row) => [row.company, row.theme]));
    expect(urls.size).toBe(2);
    for (const url of urls) {
      expect(url).toMatch(/^\//);
      const response = await t.app.inject({ method: 'GET', url: url! });
      expect(response.statusCode, url!).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(response.body).toContain('<svg');
    }
  });

  it('shares three Acme projects (one unnamed) and one Brightside project with customer@example.com', async () => {
    const shared = await projectsSharedWith(db, 'customer@example.com');
    const acme = shared.filter((row) => row.company === 'Acme Builders');
    const brightside = shared.filter((row) => row.company === 'Brightside Remodeling');
    expect(shared).toHaveLength(4);
    expect(acme).toHaveLength(3);
    expect(brightside).toHaveLength(1);
    expect(acme.filter((row) => row.project.name === null)).toHaveLength(1);
    for (const { entity, project } of shared) {
      expect(entity.company_id).toBe(project.company_id);
      expect(entity.scope).toBe('customer');
    }
  });

  it('shares one Acme project with neighbor@example.com, and not with the first user', async () => {
    const neighbor = await projectsSharedWith(db, 'neighbor@example.com');
    const customer = await projectsSharedWith(db, 'customer@example.com');
    expect(neighbor).toHaveLength(1);
    expect(neighbor[0]!.company).toBe('Acme Builders');
    expect(customer.map((row) => row.project.id)).not.toContain(neighbor[0]!.project.id);
  });

  it('signs the demo users in with the demo passwords', async () => {
    expect(DEMO_USERS.map(({ email, password }) => [email, password])).toEqual([
      ['customer@example.com', 'portal-demo-1'],
      ['neighbor@example.com', 'portal-demo-2'],
    ]);
    await expectDemoPasswords(db);
  });

  it('gives every project an address with coordinates, a status, a primary rep and an account of its company', async () => {
    const rows = await db.select().from(projects).orderBy(projects.id);
    expect(rows).toHaveLength(5);
    for (const project of rows) {
      const label = project.number ?? String(project.id);
      for (const field of ['address_street', 'address_city', 'address_state', 'address_zip'] as const) {
        expect(project[field], `${label} ${field}`).toMatch(/\S/);
      }
      expect(project.address_latitude, label).toMatch(/^-?\d+\.\d+$/);
      expect(project.address_longitude, label).toMatch(/^-?\d+\.\d+$/);

      const [status] = await db
        .select()
        .from(projectStatuses)
        .where(eq(projectStatuses.id, project.status_id ?? 0));
      const [rep] = await db
        .select()
        .from(staff)
        .where(eq(staff.id, project.rep_primary_id ?? 0));
      const [account] = await db
        .select()
        .from(accounts)
        .where(eq(accounts.id, project.account_id ?? 0));
      expect(status?.company_id, `${label} status`).toBe(project.company_id);
      expect(rep?.company_id, `${label} rep`).toBe(project.company_id);
      expect(rep?.name, `${label} rep`).toMatch(/\S/);
      expect(account?.company_id, `${label} account`).toBe(project.company_id);
    }
  });

  it('reads money back as decimal strings, with exactly one project lacking a balance', async () => {
    const rows = await db.select().from(projects).orderBy(projects.id);
    expect(rows.filter((project) => project.financials_balance_amount === null)).toHaveLength(1);
    for (const project of rows) {
      expect(MoneySchema.parse(project.financials_total_amount)).not.toBeNull();
      MoneySchema.parse(project.financials_balance_amount);
    }
    const kitchen = rows.find((project) => project.name === 'Kitchen remodel');
    expect(kitchen?.financials_total_amount).toBe('48250.00');
    expect(kitchen?.financials_balance_amount).toBe('12062.50');
  });

  it('links every project to exactly one portal user', async () => {
    const entities = await db.select().from(portalEntities).orderBy(portalEntities.id);
    const projectIds = (await db.select({ id: projects.id }).from(projects)).map((row) => row.id);
    expect(entities.map((entity) => entity.model_id).sort()).toEqual(projectIds.sort());
    expect(entities.every((entity) => entity.model_type === 'project')).toBe(true);
  });
});
