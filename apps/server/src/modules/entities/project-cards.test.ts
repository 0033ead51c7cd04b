import { ContactInfoSchema, InvoiceSummarySchema, PortalEntityPageSchema, PortalEntitySchema, StatementSchema } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesSettled, createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';
import { albums, companies, documents, invoices, notes, photos, projects, staff } from '../../db/schema';
import { bearer, demoIds, signInDemo } from '../../../test/portal-users';

let t: TestApp;
let casey: string;
let ids: Awaited<ReturnType<typeof demoIds>>;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  await t.app.ready();
  ids = await demoIds(t.app);
  casey = await signInDemo(t.app, 0);
});

afterAll(async () => {
  await t?.close();
});

async function getJson(url: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(casey) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as unknown;
}

const cards = async () =>
  PortalEntityPageSchema.parse(await getJson('/api/entities?include=model.status,model.cover_photo,model.latest_activity,company')).data;
const projectNamed = async (name: string) => (await cards()).find((entity) => entity.model?.name === name)!;

describe('the money of a project (docs/decisions/035-one-balance-per-project.md)', () => {
  it('is the same on the project page, the invoices page and the statement when the company invoices through the portal', async () => {
    const kitchen = await projectNamed('Kitchen remodel');
    const record = PortalEntitySchema.parse(await getJson(`/api/entities/${kitchen.id}?include=model,company`));
    const summary = InvoiceSummarySchema.parse(await getJson(`/api/entities/${kitchen.id}/invoices/summary`));
    const statement = StatementSchema.parse(await getJson(`/api/entities/${kitchen.id}/statement`));

    expect(record.model!.financials_balance_amount).toBe(summary.outstanding_balance);
    expect(record.model!.financials_balance_amount).toBe(statement.balance);
    expect(record.model!.financials_total_amount).toBe(statement.total_invoiced);
    expect(kitchen.model!.financials_balance_amount).toBe(summary.outstanding_balance);
  });

  it('holds for every project of the list, not only the first one of its company', async () => {
    const garage = (await cards()).find((entity) => entity.model?.number === 'ACM-1057')!;
    const summary = InvoiceSummarySchema.parse(await getJson(`/api/entities/${garage.id}/invoices/summary`));
    const statement = StatementSchema.parse(await getJson(`/api/entities/${garage.id}/statement`));
    expect(garage.model!.financials_balance_amount).toBe(summary.outstanding_balance);
    expect(garage.model!.financials_total_amount).toBe(statement.total_invoiced);
    expect(garage.model!.cover_photo).not.toBeNull();
  });

  it("keeps the company's own figures where invoicing is switched off, even with invoices on file", async () => {
    const lakeHouse = await projectNamed('Lake house bathroom');
    const [row] = await t.database.db.select().from(projects).where(eq(projects.id, lakeHouse.model!.id));
    const [{ count }] = (await t.database.db
      .select({ count: sql<number>`cast(count(*) as integer)` })
      .from(invoices)
      .where(eq(invoices.project_id, row!.id))) as [{ count: number }];
    expect(count).toBeGreaterThan(0);
    expect(lakeHouse.model!.financials_total_amount).toBe(row!.financials_total_amount);
    expect(lakeHouse.model!.financials_balance_amount).toBe(row!.financials_balance_amount);
  });

  it('follows a payment at once, cached answers included', async () => {
    const kitchen = await projectNamed('Kitchen remodel');
    const before = Number(kitchen.model!.financials_balance_amount);
    const [open] = await t.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.project_id, kitchen.model!.id), eq(invoices.state, 'sent'), sql`${invoices.balance} > 0`))
      .limit(1);
    await t.database.db.update(invoices).set({ amount_paid: open!.total }).where(eq(invoices.id, open!.id));
    await changesSettled(t.app);
    const after = Number((await projectNamed('Kitchen remodel')).model!.financials_balance_amount);
    expect(after).toBeCloseTo(before - Number(open!.balance), 2);
  });
});

describe('the representative of a project', () => {
  it("comes with the rep's direct line, the one the contact page gives", async () => {
    const kitchen = await projectNamed('Kitchen remodel');
    const contact = ContactInfoSchema.parse(await getJson(`/api/contact?entity=${kitchen.id}`));
    expect(kitchen.model!.rep_primary_phone).toBe('(512) 555-0142');
    expect(kitchen.model!.rep_primary_phone).toBe(contact.rep_primary!.phone);
  });
});

describe('the latest activity of a project', () => {
  it('is the newest shared note, photo, invoice or document, only when asked for', async () => {
    const kitchen = await projectNamed('Kitchen remodel');
    expect(kitchen.model!.latest_activity).toMatchObject({ area: expect.stringMatching(/^(notes|photos|invoices|documents)$/), title: expect.any(String) });
    const plain = PortalEntityPageSchema.parse(await getJson('/api/entities?include=model')).data;
    expect(plain.every((entity) => entity.model && !('latest_activity' in entity.model))).toBe(true);
  });

  it('never comes from an internal note or from an area the company switched off', async () => {
    const kitchen = await projectNamed('Kitchen remodel');
    const future = new Date('2030-01-01T00:00:00Z');
    await t.database.db
      .insert(notes)
      .values({ project_id: kitchen.model!.id, body: 'Office only', shared_with_portal: false, created_at: future, updated_at: future });
    await changesSettled(t.app);
    expect((await projectNamed('Kitchen remodel')).model!.latest_activity!.title).not.toContain('Office only');

    await t.database.db.insert(notes).values({ project_id: kitchen.model!.id, body: 'Tile is in', created_at: future, updated_at: future });
    await changesSettled(t.app);
    expect((await projectNamed('Kitchen remodel')).model!.latest_activity).toMatchObject({
      area: 'notes',
      at: '2030-01-01T00:00:00.000000Z',
      title: 'New note',
    });

    await t.database.db.update(companies).set({ is_portal_project_notes_enabled: false }).where(eq(companies.id, ids.acme.id));
    await changesSettled(t.app);
    expect((await projectNamed('Kitchen remodel')).model!.latest_activity!.area).not.toBe('notes');
    await t.database.db.update(companies).set({ is_portal_project_notes_enabled: true }).where(eq(companies.id, ids.acme.id));
  });

  it("is each area's newest row the portal may see: a shared album's photo, a sent invoice, a shared document, a note by its author", async () => {
    const kitchen = (await projectNamed('Kitchen remodel')).model!;
    const db = t.database.db;
    const latest = async () => (await projectNamed('Kitchen remodel')).model!.latest_activity;
    const at = (year: number) => new Date(`${year}-01-01T00:00:00Z`);
    const changed = async (write: PromiseLike<unknown>) => {
      await write;
      await changesSettled(t.app);
    };

    const [photo] = await db
      .select({ id: photos.id, album: albums.id, name: albums.name, shared: albums.is_shared })
      .from(photos)
      .innerJoin(albums, eq(albums.id, photos.album_id))
      .where(eq(albums.project_id, kitchen.id))
      .limit(1);
    await changed(
      db
        .update(photos)
        .set({ created_at: at(2031) })
        .where(eq(photos.id, photo!.id)),
    );
    await changed(db.update(albums).set({ is_shared: false }).where(eq(albums.id, photo!.album)));
    expect((await latest())!.at).not.toBe('2031-01-01T00:00:00.000000Z');
    await changed(db.update(albums).set({ is_shared: true }).where(eq(albums.id, photo!.album)));
    expect(await latest()).toEqual({ area: 'photos', at: '2031-01-01T00:00:00.000000Z', title: `Photos: ${photo!.name}` });

    const [invoice] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.project_id, kitchen.id), sql`${invoices.state} <> 'draft'`))
      .limit(1);
    await changed(
      db
        .update(invoices)
        .set({ state: 'draft', created_at: at(2032) })
        .where(eq(invoices.id, invoice!.id)),
    );
    expect((await latest())!.area).toBe('photos');
    await changed(db.update(invoices).set({ state: invoice!.state }).where(eq(invoices.id, invoice!.id)));
    expect(await latest()).toEqual({ area: 'invoices', at: '2032-01-01T00:00:00.000000Z', title: `Invoice ${invoice!.number}` });

    const [document] = await db.select().from(documents).where(eq(documents.project_id, kitchen.id)).limit(1);
    await changed(
      db
        .update(documents)
        .set({ is_shared: false, created_at: at(2033) })
        .where(eq(documents.id, document!.id)),
    );
    expect((await latest())!.area).toBe('invoices');
    await changed(db.update(documents).set({ is_shared: true }).where(eq(documents.id, document!.id)));
    expect(await latest()).toEqual({ area: 'documents', at: '2033-01-01T00:00:00.000000Z', title: `Document: ${document!.name}` });

    const [author] = await db.select().from(staff).where(eq(staff.company_id, ids.acme.id)).limit(1);
    await changed(
      db.insert(notes).values({ project_id: kitchen.id, author_staff_id: author!.id, body: 'Grout tomorrow', created_at: at(2034), updated_at: at(2034) }),
    );
    expect(await latest()).toEqual({ area: 'notes', at: '2034-01-01T00:00:00.000000Z', title: `Note from ${author!.name}` });

    // Switched off, an area's rows are out of sight: the next newest area's row shows.
    await changed(db.update(companies).set({ is_portal_project_notes_enabled: false }).where(eq(companies.id, ids.acme.id)));
    expect((await latest())!.area).toBe('documents');
    await changed(db.update(companies).set({ is_portal_project_notes_enabled: true }).where(eq(companies.id, ids.acme.id)));
    await changed(db.update(documents).set({ is_shared: document!.is_shared }).where(eq(documents.id, document!.id)));
    await changed(db.update(albums).set({ is_shared: photo!.shared }).where(eq(albums.id, photo!.album)));
  });
});

describe('reading the cards', () => {
  // PGlite is the default and keeps every statement named in its one session, so its plans can be looked at; there
  // planning is dearest (docs/decisions/091-list-reads-planned-once.md).
  it.skipIf(TEST_DB !== 'pglite')("plans the cover photos' and the latest activity's reads once, not again on every list", async () => {
    for (let view = 0; view < 8; view++) await cards();
    const { rows } = (await t.database.db.execute(
      sql`select generic_plans, custom_plans from pg_prepared_statements
          where statement like '%jsonb_array_elements_text%' and statement not like '%pg_prepared_statements%'`,
    )) as unknown as { rows: { generic_plans: number | string; custom_plans: number | string }[] };
    const plans = rows.map((row) => ({ generic: Number(row.generic_plans), custom: Number(row.custom_plans) }));
    expect(plans).toHaveLength(2);
    for (const plan of plans) {
      expect(plan.generic).toBeGreaterThan(0);
      expect(plan.custom).toBeLessThanOrEqual(5);
    }
  });
});
