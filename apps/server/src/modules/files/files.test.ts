import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { files } from '../../db/schema';
import { FILE_KINDS } from '../../lib/file-types';
import { SIGNED_URL_WINDOW_SECONDS } from '../../lib/signed-urls';
import { filesRepository } from '../../core/files/files.repository';
import { storeFile } from '../../core/files/store';
import { HTML_BYTES, SVG_BYTES, docxBytes, imageBytes, multipartBody, pdfBytes, pixelBombPng } from '../../../test/fixtures';
import { receiveUpload } from '../../core/files/uploads';
import type { FileRow } from '../../db/rows';

let t: TestApp;
let clock = new Date('2026-04-01T12:00:00.000Z');
const MAX = 64 * 1024;
/** Links as the company's console gets them: these files are held by no record a portal user could see. */
const companyLinks = () => t.app.fileLinks.for({ kind: 'company', companyId: 1 });

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  const { app } = t;
  // An upload route as an area would declare one: 64 KiB, PDFs, images, Word and text, one file and a caption.
  const upload = { maxBytes: MAX, accept: ['pdf', 'jpeg', 'png', 'docx', 'text'] as const, fields: { caption: 200 } };
  app.post('/test-upload', { config: { public: true, upload } }, async (request) => {
    const { files: stored, fields } = await receiveUpload(app, request, { companyId: 1 });
    return { files: stored.map((file) => ({ id: file.id, name: file.original_name, kind: file.kind, size: file.size, width: file.width })), fields };
  });
  await t.database.db.execute(`insert into companies (name) values ('Files Inc')` as never);
});
afterAll(() => t?.close());

const upload = (parts: Parameters<typeof multipartBody>[0]) => t.app.inject({ method: 'POST', url: '/test-upload', ...multipartBody(parts) });
const fileCount = async () => (await t.database.db.select({ n: count() }).from(files))[0]!.n;
async function blobFiles(): Promise<string[]> {
  const root = path.join(t.dataDir, 'blobs');
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch {
    return [];
  }
}

describe('uploading a file', () => {
  it('stores a PDF under its real name, typed by its bytes, with the fields sent along', async () => {
    const response = await upload([
      { name: 'caption', value: 'Signed contract' },
      { name: 'file', filename: 'Contract – signed.pdf', contentType: 'text/html', data: await pdfBytes() },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ files: [{ name: 'Contract – signed.pdf', kind: 'pdf' }], fields: { caption: 'Signed contract' } });
  });

  it('records the pixel size of images', async () => {
    const response = await upload([{ name: 'file', filename: 'porch.png', data: await imageBytes('png', 120, 80) }]);
    expect(response.json().files[0]).toMatchObject({ kind: 'png', width: 120 });
  });

  it('refuses bad uploads with a 4xx naming the field, and keeps nothing of them', async () => {
    const before = { rows: await fileCount(), blobs: (await blobFiles()).length };
    const cases: { parts: Parameters<typeof multipartBody>[0]; status: number; message: RegExp }[] = [
      { parts: [{ name: 'file', filename: 'invoice.pdf', data: HTML_BYTES }], status: 422, message: /must be a PDF/ },
      { parts: [{ name: 'file', filename: 'logo.png', data: SVG_BYTES }], status: 422, message: /must be a PDF/ },
      { parts: [{ name: 'file', filename: 'sheet.pdf', data: Buffer.from([0, 1, 2, 3, 4]) }], status: 422, message: /must be a PDF/ },
      { parts: [{ name: 'file', filename: 'big.txt', data: Buffer.alloc(MAX + 1, 'a') }], status: 413, message: /at most 0\.1 MB|at most/ },
      { parts: [{ name: 'file', filename: 'empty.pdf', data: Buffer.alloc(0) }], status: 422, message: /empty/ },
      { parts: [{ name: 'file', filename: '../../etc/passwd.txt', data: Buffer.from('x') }], status: 422, message: /path/ },
      { parts: [{ name: 'file', filename: '..\\boot.txt', data: Buffer.from('x') }], status: 422, message: /path/ },
      { parts: [{ name: 'file', filename: 'bomb.png', data: pixelBombPng() }], status: 422, message: /megapixels/ },
      { parts: [{ name: 'caption', value: 'no file' }], status: 422, message: /Choose a file/ },
      {
        parts: [
          { name: 'file', filename: 'a.txt', data: Buffer.from('a') },
          { name: 'file', filename: 'b.txt', data: Buffer.from('b') },
        ],
        status: 413,
        message: /At most 1 file/,
      },
      {
        parts: [
          { name: 'other', value: 'x' },
          { name: 'file', filename: 'a.txt', data: Buffer.from('a') },
        ],
        status: 422,
        message: /not expected/,
      },
    ];
    for (const { parts, status, message } of cases) {
      const response = await upload(parts);
      const label = JSON.stringify(parts.map((part) => ('filename' in part ? part.filename : part.name)));
      expect(response.statusCode, label).toBe(status);
      expect(
        Object.values(response.json().errors ?? {})
          .flat()
          .join(' '),
        label,
      ).toMatch(message);
    }
    expect(await fileCount()).toBe(before.rows);
    expect((await blobFiles()).length).toBe(before.blobs);
  });

  it('answers 415 to a request that is not multipart', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/test-upload', payload: { file: 'x' } });
    expect(response.statusCode).toBe(415);
  });
});

describe('serving a stored file through its signed URL', () => {
  let pdf: FileRow;
  let docx: FileRow;
  let text: FileRow;
  beforeAll(async () => {
    const policy = { maxBytes: 1024 * 1024, accept: FILE_KINDS };
    const owner = { companyId: 1 };
    pdf = await storeFile(t.database.db, t.app.blobs, { body: await pdfBytes(), name: 'Plan für Küche "A".pdf', owner, policy });
    docx = await storeFile(t.database.db, t.app.blobs, { body: await docxBytes(), name: 'Scope.docx', owner, policy });
    text = await storeFile(t.database.db, t.app.blobs, { body: Buffer.from('gate code 1234'), name: 'notes.txt', owner, policy });
  });
  const relative = (url: string) => url.replace('http://portal.test', '');

  it('shows a PDF inline and downloads it under its real name', async () => {
    const view = await t.app.inject({ method: 'GET', url: relative(companyLinks().view(pdf.id)) });
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('application/pdf');
    expect(view.headers['content-disposition']).toMatch(/^inline; /);
    expect(view.headers['x-content-type-options']).toBe('nosniff');
    expect(view.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(view.rawPayload.length).toBe(pdf.size);

    const download = await t.app.inject({ method: 'GET', url: relative(companyLinks().download(pdf.id)) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Plan fur Kuche _A_.pdf"; filename*=UTF-8''Plan%20f%C3%BCr%20K%C3%BCche%20%22A%22.pdf`,
    );
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('always downloads what a browser cannot preview, and serves text as text/plain in a sandbox', async () => {
    const word = await t.app.inject({ method: 'GET', url: relative(companyLinks().view(docx.id)) });
    expect(word.headers['content-disposition']).toMatch(/^attachment; /);
    const plain = await t.app.inject({ method: 'GET', url: relative(companyLinks().view(text.id)) });
    expect(plain.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(plain.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(plain.body).toBe('gate code 1234');
  });

  it('may be cached until its URL expires, and revalidates by ETag', async () => {
    const url = relative(companyLinks().view(pdf.id));
    const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.headers['cache-control']).toBe(`private, max-age=${exp - clock.getTime() / 1000}, immutable`);
    expect(exp - clock.getTime() / 1000).toBeLessThanOrEqual(2 * SIGNED_URL_WINDOW_SECONDS);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(companyLinks().view(pdf.id)).toBe(companyLinks().view(pdf.id));
  });

  it('answers a byte range with 206, and an impossible one with 416', async () => {
    const url = relative(companyLinks().view(pdf.id));
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-4' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF-');
    expect(part.headers['content-range']).toBe(`bytes 0-4/${pdf.size}`);
    const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-6' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.length).toBe(6);
    const outside = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${pdf.size}-` } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${pdf.size}`);
  });

  it('refuses with 403 a URL that is altered, expired, signed for another file or not signed', async () => {
    const url = relative(companyLinks().view(pdf.id));
    const { searchParams } = new URL(url, 'http://x');
    const sig = searchParams.get('sig')!;
    const exp = searchParams.get('exp')!;
    const tampered = [
      url.replace(`sig=${sig}`, `sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`),
      url.replace(`exp=${exp}`, `exp=${Number(exp) + 1800}`),
      url.replace(`/api/files/${pdf.id}?`, `/api/files/${docx.id}?`),
      url.replace(`/api/files/${pdf.id}?`, `/api/files/${pdf.id}/download?`),
      url.replace('aud=c1&', 'aud=c2&'),
      url.replace('aud=c1&', ''),
      `/api/files/${pdf.id}`,
    ];
    for (const attempt of tampered) {
      const response = await t.app.inject({ method: 'GET', url: attempt });
      expect(response.statusCode, attempt).toBe(403);
      expect(response.json()).toEqual({ message: 'This link is invalid or has expired.' });
    }
    const saved = clock;
    clock = new Date(Number(exp) * 1000 + 1000);
    try {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    } finally {
      clock = saved;
    }
  });

  it('never stores HTML, so nothing is ever served as text/html', async () => {
    await expect(
      storeFile(t.database.db, t.app.blobs, { body: HTML_BYTES, name: 'page.html', owner: { companyId: 1 }, policy: { maxBytes: 1024, accept: FILE_KINDS } }),
    ).rejects.toMatchObject({ statusCode: 422 });
    const kinds = (await t.database.db.select({ type: files.content_type }).from(files)).map((row) => row.type);
    expect(kinds.some((type) => type.includes('html') || type.includes('svg'))).toBe(false);
    expect(await filesRepository(t.database.db).find(pdf.id)).not.toBeNull();
  });
});
