import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { HTML_BYTES, multipartBody, pdfBytes } from '../../../test/fixtures';
import { bearer } from '../../../test/portal-users';
import { useDemoApp } from '../../../test/suite';
import { files, projects, staff } from '../../db/schema';
import { apiKeysRepository } from '../integration/api-keys.repository';

/** Documents through a company's key (docs/company-api.md, "Albums, photos and documents"). */

const t = useDemoApp({ mail: true });
let key: string;
let kitchen: number;
let kitchenEntity: number;

beforeAll(async () => {
  key = (await apiKeysRepository(t.app.database.db).create(t.ids.acme.id, 'crm')).key;
  kitchen = (await t.app.database.db.select().from(projects).where(eq(projects.name, 'Kitchen remodel')))[0]!.id;
  kitchenEntity = t.ids.caseyEntities.find((entity) => entity.model_id === kitchen)!.id;
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string) => t.app.inject({ method, url, headers: bearer(key) });
const upload = (parts: Parameters<typeof multipartBody>[0]) => {
  const body = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/integration/projects/${kitchen}/documents`,
    headers: { ...body.headers, ...bearer(key) },
    payload: body.payload,
  });
};
const portalDocuments = async () =>
  (
    (await t.app.inject({ method: 'GET', url: `/api/entities/${kitchenEntity}/documents?page[size]=100`, headers: bearer(t.casey) })).json() as {
      data: { name: string }[];
    }
  ).data.map((document) => document.name);

describe('documents', () => {
  it("lists every document of the project, the customers' uploads marked as theirs", async () => {
    const list = (await call('GET', `/api/integration/projects/${kitchen}/documents?page[size]=100`)).json();
    const kinds = new Set(list.data.map((document: { uploaded_by: { kind: string } }) => document.uploaded_by.kind));
    expect(list.total).toBeGreaterThan(0);
    expect(kinds.has('customer') || kinds.has('staff') || kinds.has('company')).toBe(true);
    expect(list.data[0].file.download_url).toMatch(/^http:\/\/portal\.test\/api\/files\/\d+\/download\?/);
  });

  it('uploads unshared documents, then shares one: the portal shows it and the customer is emailed once', async () => {
    const uploaded = await upload([
      { name: 'files', filename: 'Contract.pdf', contentType: 'application/pdf', data: await pdfBytes('Contract') },
      { name: 'files', filename: 'Permit.pdf', contentType: 'application/pdf', data: await pdfBytes('Permit') },
    ]);
    expect(uploaded.statusCode).toBe(201);
    const [contract, permit] = uploaded.json().data as { id: number; is_shared: boolean; name: string }[];
    expect([contract!.is_shared, permit!.is_shared]).toEqual([false, false]);
    expect(await portalDocuments()).not.toContain('Contract.pdf');
    const before = t.smtp.messages.length;
    expect((await call('POST', `/api/integration/documents/${contract!.id}/share`)).json().is_shared).toBe(true);
    await call('POST', `/api/integration/documents/${contract!.id}/share`);
    expect(await portalDocuments()).toContain('Contract.pdf');
    await t.smtp.waitFor((message) => message.to.includes(t.ids.casey.email) && message.subject.startsWith('New document: Contract.pdf'));
    await t.app.mailer.idle();
    expect(t.smtp.messages.slice(before).filter((message) => message.subject.startsWith('New document: Contract.pdf'))).toHaveLength(1);
    expect((await call('POST', `/api/integration/documents/${contract!.id}/unshare`)).json().is_shared).toBe(false);
    expect(await portalDocuments()).not.toContain('Contract.pdf');
    const filesBefore = (await t.app.database.db.select().from(files)).length;
    expect((await call('DELETE', `/api/integration/documents/${permit!.id}`)).statusCode).toBe(204);
    expect((await t.app.database.db.select().from(files)).length).toBe(filesBefore - 1);
  });

  it('refuses a file whose bytes are not an accepted kind, and a bad shared field, storing nothing', async () => {
    const before = (await t.app.database.db.select().from(files)).length;
    const html = await upload([{ name: 'files', filename: 'page.pdf', contentType: 'application/pdf', data: HTML_BYTES }]);
    expect(html.statusCode).toBe(422);
    const shared = await upload([
      { name: 'shared', value: 'maybe' },
      { name: 'files', filename: 'ok.pdf', contentType: 'application/pdf', data: await pdfBytes() },
    ]);
    expect(shared.statusCode).toBe(422);
    expect(Object.keys(shared.json().errors)).toEqual(['shared']);
    expect((await t.app.database.db.select().from(files)).length).toBe(before);
  });

  it('records the member who uploads in the staff console, and hands out a download link the browser opens without a token', async () => {
    const [omar] = await t.app.database.db.select().from(staff).where(eq(staff.email, 'omar@acme-builders.example.com'));
    const token = (await t.app.staffSessions.create(omar!.id, { now: new Date() })).token;
    const body = multipartBody([{ name: 'files', filename: 'Site plan.pdf', contentType: 'application/pdf', data: await pdfBytes('Site plan') }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/integration/projects/${kitchen}/documents`,
      headers: { ...body.headers, ...bearer(token) },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const [document] = uploaded.json().data;
    expect(document.uploaded_by).toEqual({ kind: 'staff', id: omar!.id, name: 'Omar Haddad' });
    const link = new URL(document.file.download_url);
    const download = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment;.*Site plan\.pdf/);
  });
});
