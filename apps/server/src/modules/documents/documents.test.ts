import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MAX_DOCUMENT_BYTES, type Document, type Paginated } from '@portal/contract';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useDemoApp } from '../../../test/suite';
import { companies, documents, files } from '../../db/schema';
import { bearer } from '../../../test/portal-users';
import { HTML_BYTES, multipartBody, pdfBytes } from '../../../test/fixtures';

const t = useDemoApp();
let kitchen: number;
let lakeHouse: number;
let deck: number;

beforeAll(() => {
  kitchen = t.ids.caseyEntities[0]!.id;
  lakeHouse = t.ids.caseyEntities[3]!.id;
  deck = t.ids.nicoEntities[0]!.id;
});

const get = (url: string, token = t.casey) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const list = async (entity: number, query = '', token = t.casey) => {
  const response = await get(`/api/entities/${entity}/documents${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Paginated<Document>;
};
const relative = (url: string) => url.replace('http://portal.test', '');
const upload = (entity: number, file: { filename: string; data: Buffer }, token = t.casey) => {
  const body = multipartBody([{ name: 'file', ...file }]);
  return t.app.inject({ method: 'POST', url: `/api/entities/${entity}/documents`, headers: { ...body.headers, ...bearer(token) }, payload: body.payload });
};
const documentCount = async () => (await t.database.db.select({ n: count() }).from(documents))[0]!.n;

describe("a project's documents", () => {
  it('lists the shared ones, newest first, 10 a page, with who shared each', async () => {
    const page = await list(kitchen);
    expect(page.per_page).toBe(10);
    expect(page.total).toBe(6);
    const names = page.data.map((document) => document.name);
    expect(names).not.toContain('Internal cost sheet.pdf');
    expect(names[0]).toBe('Cabinet inspiration.jpg');
    const dates = page.data.map((document) => document.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const mine = page.data.find((document) => document.name === 'Cabinet inspiration.jpg')!;
    expect(mine).toMatchObject({ is_mine: true, shared_by: { kind: 'customer', name: 'Casey Morgan' }, type: 'jpeg' });
    const contract = page.data.find((document) => document.name === 'Signed contract.pdf')!;
    expect(contract).toMatchObject({ is_mine: false, shared_by: { kind: 'staff', name: expect.any(String) }, type: 'pdf' });
    expect(contract.size).toBeGreaterThan(500);
    expect(contract.file.url).toMatch(/^http:\/\/portal\.test\/api\/files\/\d+\?aud=p\d+&exp=\d+&sig=/);
  });

  it('searches by name, sorts, and pages in the Laravel shape', async () => {
    expect((await list(kitchen, '?filter[name]=PERMIT')).data.map((document) => document.name)).toEqual(['Building permit BP-2026-0412.pdf']);
    expect((await list(kitchen, '?filter[name]=100%25')).total).toBe(0);
    const byName = await list(kitchen, '?sort=name');
    expect(byName.data.map((document) => document.name)).toEqual([...byName.data.map((document) => document.name)].sort((a, b) => a.localeCompare(b)));
    const bySize = await list(kitchen, '?sort=-size');
    expect(bySize.data.map((document) => document.size)).toEqual([...bySize.data.map((document) => document.size)].sort((a, b) => b - a));
    const second = await list(kitchen, '?page[size]=4&page[number]=2');
    expect(second).toMatchObject({ current_page: 2, last_page: 2, from: 5, to: 6, total: 6, prev_page_url: expect.stringContaining('page%5Bnumber%5D=1') });
    const refused = await get(`/api/entities/${kitchen}/documents?filter[owner]=me&sort=color`);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(expect.arrayContaining(['filter[owner]', 'sort']));
  });

  it('previews a PDF in the browser and downloads it under its real name', async () => {
    const contract = (await list(kitchen, '?filter[name]=contract')).data[0]!;
    const preview = await t.app.inject({ method: 'GET', url: relative(contract.file.url) });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.headers['content-disposition']).toMatch(/^inline;/);
    const download = await t.app.inject({ method: 'GET', url: relative(contract.file.download_url) });
    expect(download.headers['content-disposition']).toBe(`attachment; filename="Signed contract.pdf"; filename*=UTF-8''Signed%20contract.pdf`);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });
});

describe('isolation', () => {
  it("answers 404 for another user's project, its documents and unshared documents, as for t.ids that do not exist", async () => {
    const missing = (await get(`/api/entities/999999/documents`)).json();
    expect((await get(`/api/entities/${kitchen}/documents`, t.nico)).json()).toEqual(missing);
    expect((await get(`/api/entities/${kitchen}/documents`, t.nico)).statusCode).toBe(404);
    const [internal] = await t.database.db.select().from(documents).where(eq(documents.name, 'Internal cost sheet.pdf'));
    const [deckPermit] = await t.database.db.select().from(documents).where(eq(documents.name, 'Deck permit.pdf'));
    const [contract] = await t.database.db.select().from(documents).where(eq(documents.name, 'Signed contract.pdf'));
    expect((await get(`/api/entities/${kitchen}/documents/${internal!.id}`)).statusCode).toBe(404);
    expect((await get(`/api/entities/${kitchen}/documents/${deckPermit!.id}`)).statusCode).toBe(404);
    expect((await get(`/api/entities/${deck}/documents/${contract!.id}`, t.nico)).statusCode).toBe(404);
    expect((await get(`/api/entities/${kitchen}/documents/${contract!.id}`)).statusCode).toBe(200);
    // No file is reachable by its id or its key without a signature handed out by a guarded route.
    const [anyFile] = await t.database.db.select().from(files).where(eq(files.id, internal!.file_id));
    for (const url of [`/api/files/${anyFile!.id}`, `/api/files/${anyFile!.id}/download`, `/api/files/${anyFile!.blob_key}`, `/api/images/${anyFile!.id}`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBeGreaterThanOrEqual(400);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBeLessThan(500);
    }
    expect((await upload(kitchen, { filename: 'x.pdf', data: await pdfBytes() }, t.nico)).statusCode).toBe(404);
  });

  it('answers 404 everywhere once the company switches documents off, and again 200 when it is back on', async () => {
    const db = t.database.db;
    await db.update(companies).set({ is_portal_file_sharing_enabled: false }).where(eq(companies.id, t.ids.brightside.id));
    try {
      expect((await get(`/api/entities/${lakeHouse}/documents`)).statusCode).toBe(404);
      expect((await upload(lakeHouse, { filename: 'x.pdf', data: await pdfBytes() })).statusCode).toBe(404);
      expect((await get(`/api/entities/${kitchen}/documents`)).statusCode).toBe(200);
    } finally {
      await db.update(companies).set({ is_portal_file_sharing_enabled: true }).where(eq(companies.id, t.ids.brightside.id));
    }
    expect((await list(lakeHouse)).data.map((document) => document.name)).toEqual(['Bathroom estimate.pdf']);
  });
});

describe('uploading a document', () => {
  it("takes a PDF, marks it as the customer's, lists it and tells the project's primary rep by email", async () => {
    const response = await upload(lakeHouse, { filename: 'Tile order – signed.pdf', data: await pdfBytes('Tile order') });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Tile order – signed.pdf',
      type: 'pdf',
      is_mine: true,
      shared_by: { kind: 'customer', name: 'Casey Morgan' },
    });
    const after = await list(lakeHouse, '?filter[name]=tile order');
    expect(after.data.map((document) => document.name)).toEqual(['Tile order – signed.pdf']);
    await t.app.mailer.idle();
    const outbox = path.join(t.dataDir, 'outbox');
    const messages = await Promise.all((await readdir(outbox)).map((name) => readFile(path.join(outbox, name), 'utf8')));
    const notice = messages.find((message) => /^Reply-To: customer@example\.com/m.test(message) && message.includes('uploaded Tile order'));
    expect(notice).toBeDefined();
    // The rep, else the company's contact address (docs/decisions/114-every-customer-action-reaches-the-office.md).
    expect(notice).toMatch(/^To: priya@brightside-remodeling\.example\.com$/m);
  });

  it('refuses wrong bytes, an empty file, a name with a path and anything over 25 MB, keeping nothing', async () => {
    const before = await documentCount();
    const cases = [
      { file: { filename: 'statement.pdf', data: HTML_BYTES }, status: 422 },
      { file: { filename: 'empty.pdf', data: Buffer.alloc(0) }, status: 422 },
      { file: { filename: '../../secrets.pdf', data: await pdfBytes() }, status: 422 },
      { file: { filename: 'huge.txt', data: Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 'a') }, status: 413 },
    ];
    for (const { file, status } of cases) {
      const response = await upload(kitchen, file);
      expect(response.statusCode, file.filename).toBe(status);
      expect(response.json().errors.file, file.filename).toHaveLength(1);
    }
    expect(await documentCount()).toBe(before);
    // Exactly 25 MB is still accepted.
    const largest = await upload(kitchen, { filename: 'largest.txt', data: Buffer.alloc(MAX_DOCUMENT_BYTES, 'a') });
    expect(largest.statusCode).toBe(201);
  });
});
