import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { files, projects, staff } from '../src/db/schema';
import { apiKeysRepository } from '../src/modules/integration/api-keys.repository';
import { HTML_BYTES, imageBytes, multipartBody, pdfBytes, pixelBombPng, SVG_BYTES } from './fixtures';
import { bearer } from './portal-users';
import { useDemoApp } from './suite';

/**
 * Hostile files on every upload route (docs/security.md, "Uploads are what they say"): decompression and pixel bombs,
 * polyglots, markup, type mismatches, empty files and hostile names. Each answers a 4xx in the one error shape and
 * leaves no row and no blob; the process's memory stays bounded throughout.
 */

const t = useDemoApp();
let key: string;

interface Route {
  name: string;
  method: 'POST' | 'PUT';
  url: () => string;
  field: string;
  fields?: { name: string; value: string }[];
  auth: () => string;
  images: boolean;
}

let entity: number;
let projectId: number;
let albumId: number;
let staffId: number;

const ROUTES: Route[] = [
  { name: 'portal documents', method: 'POST', url: () => `/api/entities/${entity}/documents`, field: 'file', auth: () => t.casey, images: false },
  {
    name: 'portal note attachments',
    method: 'POST',
    url: () => `/api/notes?entity=${entity}`,
    field: 'files',
    fields: [{ name: 'body', value: 'See attached' }],
    auth: () => t.casey,
    images: false,
  },
  {
    name: 'integration note attachments',
    method: 'POST',
    url: () => `/api/integration/projects/${projectId}/notes`,
    field: 'files',
    fields: [{ name: 'body', value: 'See attached' }],
    auth: () => key,
    images: false,
  },
  { name: 'integration photos', method: 'POST', url: () => `/api/integration/albums/${albumId}/photos`, field: 'files', auth: () => key, images: true },
  {
    name: 'integration documents',
    method: 'POST',
    url: () => `/api/integration/projects/${projectId}/documents`,
    field: 'files',
    auth: () => key,
    images: false,
  },
  { name: 'company logo', method: 'PUT', url: () => '/api/integration/company/logo', field: 'file', auth: () => key, images: true },
  { name: 'staff avatar', method: 'PUT', url: () => `/api/integration/staff/${staffId}/avatar`, field: 'file', auth: () => key, images: true },
];

/** A JPEG whose frame header claims width × height (the pixels are not there). */
async function jpegClaiming(width: number, height: number) {
  const bytes = Buffer.from(await imageBytes('jpeg', 16, 16));
  for (let at = 2; at < bytes.length - 9; at++) {
    if (bytes[at] === 0xff && (bytes[at + 1] === 0xc0 || bytes[at + 1] === 0xc2)) {
      bytes.writeUInt16BE(height, at + 5);
      bytes.writeUInt16BE(width, at + 7);
      return bytes;
    }
  }
  throw new Error('no frame header');
}

/** An extended WebP (VP8X) whose canvas claims width × height around a 16 × 16 image. */
async function webpClaiming(width: number, height: number) {
  const simple = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#0f766e' } })
    .webp({ lossless: true })
    .toBuffer();
  const image = simple.subarray(12); // the VP8L chunk
  const vp8x = Buffer.alloc(18);
  vp8x.write('VP8X', 0, 'ascii');
  vp8x.writeUInt32LE(10, 4);
  vp8x.writeUIntLE(width - 1, 12, 3);
  vp8x.writeUIntLE(height - 1, 15, 3);
  const body = Buffer.concat([Buffer.from('WEBP'), vp8x, image]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'ascii');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

/** A GIF whose logical screen claims width × height. */
async function gifClaiming(width: number, height: number) {
  const bytes = Buffer.from(await imageBytes('gif', 16, 16));
  bytes.writeUInt16LE(width, 6);
  bytes.writeUInt16LE(height, 8);
  return bytes;
}

interface Case {
  name: string;
  filename: string;
  contentType: string;
  /** The bytes sent to `route` (a name case sends bytes the route takes, so only the name can be what is refused). */
  data: (route: Route) => Promise<Buffer> | Buffer;
  /** Refused on routes that take only images as well as on those that take documents. */
  status: number[];
}

const CASES: Case[] = [
  { name: 'a PNG claiming 50,000 × 50,000', filename: 'bomb.png', contentType: 'image/png', data: () => pixelBombPng(50_000, 50_000), status: [422] },
  { name: 'a JPEG claiming 50,000 × 50,000', filename: 'bomb.jpg', contentType: 'image/jpeg', data: () => jpegClaiming(50_000, 50_000), status: [422] },
  { name: 'a WebP claiming 50,000 × 50,000', filename: 'bomb.webp', contentType: 'image/webp', data: () => webpClaiming(50_000, 50_000), status: [422] },
  { name: 'a GIF claiming 50,000 × 50,000', filename: 'bomb.gif', contentType: 'image/gif', data: () => gifClaiming(50_000, 50_000), status: [422] },
  { name: 'a pixel bomb of 100 megapixels', filename: 'big.png', contentType: 'image/png', data: () => pixelBombPng(10_000, 10_000), status: [422] },
  {
    name: 'an HTML page with a PDF inside (PDF/HTML polyglot)',
    filename: 'invoice.pdf',
    contentType: 'application/pdf',
    data: async () => Buffer.concat([Buffer.from('<html><body><script>alert(1)</script>\n'), await pdfBytes('Polyglot')]),
    status: [422],
  },
  {
    name: 'a JPEG carrying an HTML page (JPEG/HTML polyglot)',
    filename: 'photo.jpg',
    contentType: 'image/jpeg',
    data: async () => {
      const jpeg = await imageBytes('jpeg', 16, 16);
      const comment = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
      const segment = Buffer.alloc(4);
      segment.writeUInt16BE(0xfffe, 0);
      segment.writeUInt16BE(comment.length + 2, 2);
      return Buffer.concat([jpeg.subarray(0, 2), segment, comment, jpeg.subarray(2)]);
    },
    status: [422],
  },
  {
    name: 'a GIF that is also a script (GIF/JavaScript polyglot)',
    filename: 'pixel.gif',
    contentType: 'image/gif',
    data: async () =>
      Buffer.concat([Buffer.from('GIF89a/*'), (await imageBytes('gif', 16, 16)).subarray(8), Buffer.from('*/=1;alert(document.domain)//<script>')]),
    status: [422],
  },
  { name: 'an SVG with script', filename: 'logo.svg', contentType: 'image/svg+xml', data: () => SVG_BYTES, status: [422] },
  { name: 'an HTML page with script', filename: 'page.html', contentType: 'text/html', data: () => HTML_BYTES, status: [422] },
  { name: 'an HTML page named .txt', filename: 'notes.txt', contentType: 'text/plain', data: () => HTML_BYTES, status: [422] },
  { name: 'a PDF named .jpg', filename: 'photo.jpg', contentType: 'image/jpeg', data: () => pdfBytes('Not a photo'), status: [422] },
  { name: 'zero bytes', filename: 'empty.pdf', contentType: 'application/pdf', data: () => Buffer.alloc(0), status: [422] },
  { name: 'a name with ../', filename: '../../etc/passwd.pdf', contentType: 'application/pdf', data: () => pdfBytes('Path'), status: [422] },
  { name: 'a name with \\', filename: '..\\..\\boot.ini.pdf', contentType: 'application/pdf', data: () => pdfBytes('Path'), status: [422] },
  ...[
    // No known extension: the name cannot contradict the bytes, whichever the route takes.
    ['a NUL', 'report\u0000.exe'],
    ['a tab', 'site\tplan'],
    ['a bell and an escape', 'rep\u0007o\u001brt'],
    ['a DEL', 'report\u007f'],
    ['a C1 control (NEL)', 'report\u0085'],
    ['a right-to-left override', 'invoice\u202efdp.exe'],
    ['a left-to-right embedding', 'report\u202a'],
    ['a first-strong isolate', 'report\u2068'],
    ['a pop directional isolate', 'report\u2069'],
  ].map(([what, filename]) => ({
    name: `a name with ${what}`,
    filename: filename!,
    contentType: 'application/octet-stream',
    data: (route: Route) => (route.images ? imageBytes('png', 16, 16) : pdfBytes('Named')),
    status: [422],
  })),
  {
    name: 'a PDF that is also a web page further in (PDF/HTML polyglot)',
    filename: 'invoice.pdf',
    contentType: 'application/pdf',
    data: async () => {
      const pdf = await pdfBytes('Polyglot');
      const eof = pdf.lastIndexOf('%%EOF');
      return Buffer.concat([pdf.subarray(0, eof), Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>\n'), pdf.subarray(eof)]);
    },
    status: [422],
  },
  {
    name: 'a PDF header with no end (%%EOF) after it',
    filename: 'cut.pdf',
    contentType: 'application/pdf',
    data: async () => {
      const pdf = await pdfBytes('Cut short');
      return pdf.subarray(0, pdf.lastIndexOf('%%EOF'));
    },
    status: [422],
  },
];

/**
 * Names that are kept, changed only where harmless (docs/decisions/074-hostile-names-pdfs-and-bucket-sweep.md): a long
 * name is cut to 255 bytes with its extension kept, and the invisible left-to-right and right-to-left marks, which
 * reorder nothing around them, are dropped.
 */
const NAMES = [
  { name: 'a very long name', filename: `${'a'.repeat(5000)}.pdf`, stored: /^a{251}\.pdf$/ },
  { name: 'a long name in a script of several bytes a letter', filename: `${'é'.repeat(300)}.pdf`, stored: /^é{125}\.pdf$/ },
  { name: 'direction marks', filename: 'report\u200e\u200f.pdf', stored: /^report\.pdf$/ },
  { name: 'a name in Hebrew with its extension', filename: 'תוכנית.pdf', stored: /^תוכנית\.pdf$/ },
];

const blobsOnDisk = async () => {
  const entries = await readdir(path.join(t.dataDir, 'blobs'), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
};
const fileRows = async () => Number((await t.app.database.db.select({ n: count() }).from(files))[0]!.n);

beforeAll(async () => {
  key = (await apiKeysRepository(t.app.database.db).create(t.ids.acme.id, 'uploads')).key;
  const [kitchen] = await t.app.database.db.select().from(projects).where(eq(projects.name, 'Kitchen remodel'));
  projectId = kitchen!.id;
  entity = t.ids.caseyEntities.find((candidate) => candidate.model_id === projectId)!.id;
  const album = await t.app.inject({ method: 'POST', url: `/api/integration/projects/${projectId}/albums`, headers: bearer(key), payload: { name: 'Abuse' } });
  albumId = album.json().id;
  staffId = (await t.app.database.db.select({ id: staff.id }).from(staff).where(eq(staff.company_id, t.ids.acme.id)))[0]!.id;
});

const send = (route: Route, filename: string, contentType: string, data: Buffer) => {
  const body = multipartBody([...(route.fields ?? []), { name: route.field, filename, contentType, data }]);
  return t.app.inject({ method: route.method, url: route.url(), headers: { ...body.headers, ...bearer(route.auth()) }, payload: body.payload });
};

describe.each(ROUTES)('uploads to $name', (route) => {
  it.each(CASES)('refuses $name: a 4xx in the one shape, no row, no blob', async (hostile) => {
    const [rowsBefore, blobsBefore] = [await fileRows(), await blobsOnDisk()];
    const response = await send(route, hostile.filename, hostile.contentType, await hostile.data(route));
    expect(hostile.status).toContain(response.statusCode);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['errors', 'message']);
    expect(Object.values(body.errors as Record<string, string[]>).flat().length).toBeGreaterThan(0);
    expect(Object.keys(body.errors), 'the field named').toEqual([route.field]);
    expect(response.body).not.toMatch(/<script|alert\(|\n\s+at /);
    expect([await fileRows(), await blobsOnDisk()]).toEqual([rowsBefore, blobsBefore]);
  });

  it.skipIf(route.images)('keeps odd names it can: no control character, no path, at most 255 bytes', async () => {
    for (const hostile of NAMES) {
      const response = await send(route, hostile.filename, 'application/pdf', await pdfBytes('Named'));
      expect(response.statusCode, hostile.name).toBeLessThan(300);
      const [stored] = await t.app.database.db
        .select({ name: files.original_name })
        .from(files)
        .orderBy(files.id)
        .limit(1)
        .offset((await fileRows()) - 1);
      expect(stored!.name, hostile.name).toMatch(hostile.stored);
    }
  });
});

it("keeps the PDFs the portal makes itself when they are uploaded again: invoices with the company's logo, signed proposals", async () => {
  const route = ROUTES.find((candidate) => candidate.name === 'integration documents')!;
  const list = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: bearer(key) })).json().data as { id: number; status: string }[];
  const pdfs: Buffer[] = [];
  for (const invoice of (await list('/api/integration/invoices')).slice(0, 4)) {
    pdfs.push((await t.app.inject({ method: 'GET', url: `/api/integration/invoices/${invoice.id}/pdf`, headers: bearer(key) })).rawPayload);
  }
  const accepted = (await list('/api/integration/proposals')).filter((proposal) => proposal.status === 'accepted');
  expect(accepted.length).toBeGreaterThan(0);
  for (const proposal of accepted) {
    pdfs.push((await t.app.inject({ method: 'GET', url: `/api/integration/proposals/${proposal.id}/pdf`, headers: bearer(key) })).rawPayload);
  }
  expect(pdfs.length).toBeGreaterThan(2);
  expect(
    pdfs.some((pdf) => pdf.includes('/Subtype /Image')),
    'a PDF with an image (the logo)',
  ).toBe(true);
  for (const [index, pdf] of pdfs.entries()) {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const response = await send(route, `made-by-the-portal-${index}.pdf`, 'application/pdf', pdf);
    expect(response.statusCode, response.body).toBe(201);
  }
});

it('keeps memory bounded through every bomb', async () => {
  const route = ROUTES.find((candidate) => candidate.name === 'integration photos')!;
  const before = process.memoryUsage().rss;
  for (let round = 0; round < 5; round++) {
    for (const hostile of CASES.slice(0, 5)) expect((await send(route, hostile.filename, hostile.contentType, await hostile.data(route))).statusCode).toBe(422);
  }
  // Decoding any one of these bombs would take gigabytes; a few tens of megabytes is the parser's ordinary churn.
  expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1024 * 1024);
});
