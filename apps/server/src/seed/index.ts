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

/** The demo sign-ins, printed at start and named in the README. */
export const DEMO_USERS = [
  { email: 'customer@example.com', password: 'portal-demo-1', first_name: 'Casey', last_name: 'Morgan' },
  { email: 'neighbor@example.com', password: 'portal-demo-2', first_name: 'Nico', last_name: 'Alvarez' },
] as const;

/** A fixed clock so that every seeded database is the same, row for row. */
const SEEDED_AT = new Date('2026-03-02T15:04:05.000Z');
const at = (days: number) => new Date(SEEDED_AT.getTime() + days * 86_400_000);

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

/**
 * Seeds the demo: two companies, two portal users, five projects. All in one transaction, so a
 * failed seed leaves nothing behind and the next start tries again.
 */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<void> {
  const hashes = await Promise.all(DEMO_USERS.map((user) => hashPassword(user.password)));

  await db.transaction(async (tx) => {
    const stamp = { created_at: SEEDED_AT, updated_at: SEEDED_AT };
    const acme = await seedCompany(
      tx,
      {
        ...stamp,
        name: 'Acme Builders',
        url: 'https://acme-builders.example.com',
        phone_default: '(512) 555-0134',
        contact_email: 'office@acme-builders.example.com',
        address_street: '1200 Congress Ave',
        address_city: 'Austin',
        address_state: 'TX',
        time_zone: 'America/Chicago',
        address_zip: '78701',
        color: '#c2410c',
        logo_url: '/brand/acme.svg',
        portal_welcome_message:
          'Welcome to your Acme Builders project portal. Follow your project, message our team and find every photo, invoice and document in one place.',
        is_portal_album_sharing_enabled: true,
        is_portal_file_sharing_enabled: true,
        is_portal_invoicing_enabled: true,
        is_portal_project_calendar_enabled: true,
        is_portal_project_info_enabled: true,
        is_portal_project_notes_enabled: true,
        is_portal_proposals_enabled: true,
        is_portal_user_profile_pics_enabled: true,
      },
      { code: 'acme' },
    );
    const brightside = await seedCompany(
      tx,
      {
        ...stamp,
        name: 'Brightside Remodeling',
        url: 'https://brightside-remodeling.example.com',
        phone_default: '(503) 555-0187',
        contact_email: 'hello@brightside-remodeling.example.com',
        address_street: '845 SW Morrison St',
        address_city: 'Portland',
        address_state: 'OR',
        address_zip: '97205',
        time_zone: 'America/Los_Angeles',
        color: '#1d4ed8',
        logo_url: '/brand/brightside.svg',
        portal_welcome_message: 'Thanks for choosing Brightside. Your remodel, at a glance.',
        is_portal_album_sharing_enabled: false,
        is_portal_file_sharing_enabled: true,
        is_portal_invoicing_enabled: false,
        is_portal_project_calendar_enabled: false,
        is_portal_project_info_enabled: true,
        is_portal_project_notes_enabled: true,
        is_portal_proposals_enabled: false,
        is_portal_user_profile_pics_enabled: false,
      },
      { code: 'brightside' },
    );

    const [dana, omar, priya] = await tx
      .insert(staff)
      .values([
        {
          ...stamp,
          company_id: acme.companyId,
          name: 'Dana Whitfield',
          title: 'Project Manager',
          email: 'dana@acme-builders.example.com',
          phone: '(512) 555-0142',
          role: 'owner',
        },
        {
          ...stamp,
          company_id: acme.companyId,
          name: 'Omar Haddad',
          title: 'Site Supervisor',
          email: 'omar@acme-builders.example.com',
          phone: '(512) 555-0168',
        },
        {
          ...stamp,
          company_id: brightside.companyId,
          name: 'Priya Natarajan',
          title: 'Design Lead',
          email: 'priya@brightside-remodeling.example.com',
          phone: '(503) 555-0112',
          role: 'owner',
        },
      ])
      .returning({ id: staff.id });

    const [casey, nico] = await tx
      .insert(portalUsers)
      .values(
        DEMO_USERS.map((user, index) => ({
          ...stamp,
          email: user.email,
          first_name: user.first_name,
          last_name: user.last_name,
          password_hash: hashes[index]!,
        })),
      )
      .returning({ id: portalUsers.id });

    const [caseyAtAcme, nicoAtAcme, caseyAtBrightside] = await tx
      .insert(accounts)
      .values([
        {
          ...stamp,
          company_id: acme.companyId,
          name: 'Casey Morgan',
          type: 'residential',
          email: 'customer@example.com',
          first_name: 'Casey',
          last_name: 'Morgan',
          prefix: 'Ms.',
          phone_cell: '(512) 555-0199',
          billing_address_street: '4512 Avenue F',
          billing_address_city: 'Austin',
          billing_address_state: 'TX',
          billing_address_zip: '78751',
          billing_address_latitude: '30.3098100',
          billing_address_longitude: '-97.7255300',
          shipping_address_street: '4512 Avenue F',
          shipping_address_city: 'Austin',
          shipping_address_state: 'TX',
          shipping_address_zip: '78751',
        },
        {
          ...stamp,
          company_id: acme.companyId,
          name: 'Nico Alvarez',
          type: 'residential',
          email: 'neighbor@example.com',
          first_name: 'Nico',
          last_name: 'Alvarez',
          phone_cell: '(512) 555-0177',
          billing_address_street: '4516 Avenue F',
          billing_address_city: 'Austin',
          billing_address_state: 'TX',
          billing_address_zip: '78751',
        },
        {
          ...stamp,
          company_id: brightside.companyId,
          name: 'Casey Morgan',
          type: 'residential',
          email: 'customer@example.com',
          first_name: 'Casey',
          last_name: 'Morgan',
          phone_cell: '(512) 555-0199',
          billing_address_street: '2210 NE Alberta St',
          billing_address_city: 'Portland',
          billing_address_state: 'OR',
          billing_address_zip: '97211',
        },
      ])
      .returning({ id: accounts.id });

    const projectRows = await tx
      .insert(projects)
      .values([
        {
          created_at: at(0),
          updated_at: at(40),
          company_id: acme.companyId,
          account_id: caseyAtAcme!.id,
          status_id: acme.status('In progress'),
          site_type_id: acme.residential,
          rep_primary_id: dana!.id,
          number: 'ACM-1042',
          name: 'Kitchen remodel',
          address_street: '4512 Avenue F',
          address_city: 'Austin',
          address_state: 'TX',
          address_zip: '78751',
          address_description: 'Side gate code 4512. Please park on the street.',
          address_latitude: '30.3098100',
          address_longitude: '-97.7255300',
          financials_total_amount: '48250.00',
          financials_balance_amount: '12062.50',
        },
        {
          created_at: at(3),
          updated_at: at(21),
          company_id: acme.companyId,
          account_id: caseyAtAcme!.id,
          status_id: acme.status('Scheduled'),
          site_type_id: acme.residential,
          rep_primary_id: omar!.id,
          number: 'ACM-1057',
          name: null,
          address_street: '4512 Avenue F (garage)',
          address_city: 'Austin',
          address_state: 'TX',
          address_zip: '78751',
          address_latitude: '30.3097700',
          address_longitude: '-97.7253900',
          financials_total_amount: '8900.00',
          financials_balance_amount: null,
        },
        {
          created_at: at(5),
          updated_at: at(9),
          company_id: acme.companyId,
          account_id: caseyAtAcme!.id,
          status_id: acme.status('Completed'),
          site_type_id: acme.residential,
          rep_primary_id: dana!.id,
          number: 'ACM-0988',
          name: 'Roof replacement',
          address_street: '4512 Avenue F',
          address_city: 'Austin',
          address_state: 'TX',
          address_zip: '78751',
          address_latitude: '30.3098100',
          address_longitude: '-97.7255300',
          financials_total_amount: '21400.00',
          financials_balance_amount: '0.00',
        },
        {
          created_at: at(7),
          updated_at: at(30),
          company_id: brightside.companyId,
          account_id: caseyAtBrightside!.id,
          status_id: brightside.status('Estimate'),
          site_type_id: brightside.residential,
          rep_primary_id: priya!.id,
          number: 'BSR-311',
          name: 'Lake house bathroom',
          address_street: '2210 NE Alberta St',
          address_city: 'Portland',
          address_state: 'OR',
          address_zip: '97211',
          address_latitude: '45.5590400',
          address_longitude: '-122.6431200',
          financials_total_amount: '17325.40',
          financials_balance_amount: '17325.40',
        },
        {
          created_at: at(8),
          updated_at: at(12),
          company_id: acme.companyId,
          account_id: nicoAtAcme!.id,
          status_id: acme.status('In progress'),
          site_type_id: acme.residential,
          rep_primary_id: omar!.id,
          number: 'ACM-1063',
          name: 'Backyard deck',
          address_street: '4516 Avenue F',
          address_city: 'Austin',
          address_state: 'TX',
          address_zip: '78751',
          address_latitude: '30.3099800',
          address_longitude: '-97.7256900',
          financials_total_amount: '15780.00',
          financials_balance_amount: '7890.00',
        },
      ])
      .returning({ id: projects.id, company_id: projects.company_id });

    const owners = [casey!.id, casey!.id, casey!.id, casey!.id, nico!.id];
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
    // Each company knows the customers it shared with, who have used the portal for a while (activated long ago).
    // Each keeps its own names for them (docs/decisions/110-what-a-company-knows-of-a-shared-customer.md): here, theirs.
    const nameOf = new Map(
      [casey!.id, nico!.id].map((id, index) => [id, { first_name: DEMO_USERS[index]!.first_name, last_name: DEMO_USERS[index]!.last_name }]),
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

    const [kitchen, garage, roof, lakeHouse, deck] = projectRows.map((project) => project.id) as [number, number, number, number, number];
    const context: DemoContext = {
      at,
      companies: { acme: acme.companyId, brightside: brightside.companyId },
      staff: { dana: dana!.id, omar: omar!.id, priya: priya!.id },
      users: { casey: casey!.id, nico: nico!.id },
      projects: { kitchen, garage, roof, lakeHouse, deck },
      entities: entityRows.map((row) => row.id),
      blobs: options.blobs ?? memoryBlobStore(),
    };
    await seedAreas(tx, context);
  });
}
