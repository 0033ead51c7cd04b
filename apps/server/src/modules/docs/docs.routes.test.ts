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
  responses: Record<string, unknown>;
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

  it('serves a readable page that needs nothing from another site', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>Project portal API</title>');
    expect(page.body).not.toMatch(/https?:\/\//);
    for (const [url, type] of [
      ['/api/docs/docs.js', /^text\/javascript/],
      ['/api/docs/docs.css', /^text\/css/],
    ] as const) {
      const asset = await t.app.inject({ method: 'GET', url });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-type']).toMatch(type);
      expect(asset.body).not.toMatch(/https?:\/\/(?!portal)/);
    }
  });
});
