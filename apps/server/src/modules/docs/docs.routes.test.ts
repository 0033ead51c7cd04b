import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/suite';

const t = useTestApp();

interface Parameter {
  name: string;
  in: string;
  style?: string;
  explode?: boolean;
  schema?: { properties?: Record<string, unknown> };
}
interface Operation {
  parameters?: Parameter[];
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

describe('the API description', () => {
  it('serves the OpenAPI document without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/entities', '/api/entities/{id}', '/api/companies/{id}', '/api/themes/{code}/company']),
    );
    expect(Object.keys(document.paths)).not.toContain('/api/openapi.json');
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['PortalEntity', 'PortalEntityPage', 'Company', 'Project']));

    const list = document.paths['/api/entities']!.get!;
    const byName = Object.fromEntries((list.parameters ?? []).map((parameter) => [parameter.name, parameter]));
    // filter[company_id]=1 and page[number]=2: objects in a query string.
    expect(byName.filter).toMatchObject({ in: 'query', style: 'deepObject', explode: true });
    expect(Object.keys(byName.filter!.schema!.properties!)).toEqual(['company_id', 'model_type']);
    expect(byName.page).toMatchObject({ in: 'query', style: 'deepObject', explode: true });
    expect(Object.keys(byName.page!.schema!.properties!)).toEqual(['number', 'size']);
    expect(Object.keys(byName)).toEqual(['filter', 'page', 'sort', 'include']);
    expect(Object.keys(list.responses)).toEqual(['200', '400', '401']);

    // Public routes carry no lock; the rest need the bearer token.
    expect(document.paths['/api/themes/{code}/company']!.get!.security).toEqual([]);
    expect(Object.keys(document.paths['/api/themes/{code}/company']!.get!.responses)).toEqual(expect.arrayContaining(['200', '404', '429']));
    expect(list.security).toBeUndefined();
  });

  it('gives every operation an id, a summary and a tag, and ids are unique', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Document;
    const ids = operations(document).map(({ operation }) => operation.operationId);
    for (const { name, operation } of operations(document)) {
      expect(operation.operationId, name).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(operation.summary, name).toBeTruthy();
      expect(operation.tags?.length, name).toBeGreaterThan(0);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names the media types of files, images, PDFs and zips, and errors stay JSON', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Document;
    const mediaOf = (path: string, status: string) => Object.keys(document.paths[path]!.get!.responses[status]!.content ?? {});
    expect(mediaOf('/api/entities/{entity}/invoices/{invoice}/pdf', '200')).toEqual(['application/pdf']);
    expect(mediaOf('/api/entities/{entity}/invoices/{invoice}/pdf', '404')).toEqual(['application/json']);
    expect(mediaOf('/api/albums/{id}/zip', '200')).toEqual(['application/zip']);
    expect(mediaOf('/api/images/{id}', '200')).toEqual(['image/webp']);
    expect(mediaOf('/api/files/{id}', '200')).toEqual(['application/octet-stream']);
    expect(mediaOf('/api/files/{id}', '304')).toEqual([]);
    expect(mediaOf('/api/logos/{id}', '200')).toEqual(expect.arrayContaining(['image/png']));
    // No JSON reply is left undescribed, and no binary one claims to be JSON.
    for (const { name, operation } of operations(document)) {
      for (const [status, reply] of Object.entries(operation.responses)) {
        const json = reply.content?.['application/json'];
        if (json) expect(json.schema, `${name} ${status}`).toBeDefined();
      }
    }
  });

  it('describes every upload as multipart/form-data from the policy the route enforces', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Document;
    const body = (path: string, method: string) => document.paths[path]![method]!.requestBody?.content ?? {};
    const photos = body('/api/integration/albums/{id}/photos', 'post')['multipart/form-data']!;
    expect(photos.schema).toMatchObject({
      type: 'object',
      required: ['files'],
      properties: { files: { type: 'array', maxItems: 20, items: { type: 'string', format: 'binary' } }, caption: { type: 'string', maxLength: 500 } },
    });
    expect((photos.schema!.properties as Record<string, { description: string }>).files!.description).toMatch(
      /JPEG image, PNG image, WebP image; at most 20 MB each/,
    );
    expect(body('/api/integration/company/logo', 'put')['multipart/form-data']!.schema).toMatchObject({
      properties: { file: { type: 'string', format: 'binary' } },
    });
    expect(Object.keys(body('/api/entities/{entity}/documents', 'post'))).toEqual(['multipart/form-data']);
    // A note comes as JSON or, with attachments, as multipart, from a customer and from the company.
    for (const path of ['/api/notes', '/api/integration/projects/{id}/notes']) {
      const note = body(path, 'post');
      expect(Object.keys(note), path).toEqual(['multipart/form-data', 'application/json']);
      expect(note['application/json']!.schema, path).toMatchObject({ type: 'object', required: ['body'] });
    }
    // Only routes that take files have a multipart body.
    const multipart = operations(document).filter(({ operation }) => operation.requestBody?.content?.['multipart/form-data']);
    expect(multipart.map(({ name }) => name).sort()).toEqual([
      'POST /api/entities/{entity}/documents',
      'POST /api/integration/albums/{id}/photos',
      'POST /api/integration/projects/{id}/documents',
      'POST /api/integration/projects/{id}/notes',
      'POST /api/integration/selections/{id}/options/{option}/photos',
      'POST /api/notes',
      'PUT /api/integration/company/logo',
      'PUT /api/integration/staff/{id}/avatar',
      'PUT /api/staff/me/avatar',
    ]);
  });

  it('serves Swagger UI from this server only, under a strict content security policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'self';/);
    expect(page.body).toContain('<title>Project portal API</title>');
    expect(page.body).not.toMatch(/(src|href)="https?:/);
    const assets = [...page.body.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((match) => match[1]!);
    expect(assets).toEqual(expect.arrayContaining(['static/swagger-ui-bundle.js', 'static/swagger-initializer.js', 'static/swagger-ui.css']));
    for (const asset of assets) {
      const response = await t.app.inject({ method: 'GET', url: `/api/docs/${asset}` });
      expect(response.statusCode, asset).toBe(200);
    }
    // The page reads the same document the API serves.
    const served = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(served.json()).toEqual((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
  });
});

type Media = { schema?: Record<string, unknown> };
interface Document {
  paths: Record<
    string,
    Record<string, Operation & { operationId?: string; summary?: string; tags?: string[]; requestBody?: { content?: Record<string, Media> } }>
  >;
}
function operations(document: Document) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
  );
}
