import { randomUUID } from 'node:crypto';
import type { App } from '../../src/app';
import { KEY_KINDS, type Picker, type RouteCaller } from './routes';

/** The operations of the served OpenAPI document, with who may call each (`x-caller`, `x-scope`). */

type Json = Record<string, unknown>;

export interface Operation {
  /** `METHOD /path/{param}`, the key of the route tables. */
  key: string;
  method: string;
  path: string;
  caller: RouteCaller;
  scope?: string;
  /** The JSON schema of a JSON body, when the route takes one. */
  jsonBody?: Json;
  /** Declared query and path parameters. */
  parameters: { name: string; in: string; schema?: Json }[];
}

export interface OpenApi {
  operations: Operation[];
  /** A body that passes a JSON schema's shape, ids of the right kind drawn from `pick`. */
  sample(schema: Json | undefined, pick: Picker): unknown;
}

export async function readOpenApi(app: App): Promise<OpenApi> {
  const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Json>>;
    components: { schemas: Record<string, Json> };
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (method === 'parameters') continue;
      const content = (operation.requestBody as { content?: Record<string, { schema?: Json }> } | undefined)?.content;
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        caller: operation['x-caller'] as RouteCaller,
        scope: operation['x-scope'] as string | undefined,
        jsonBody: content?.['application/json']?.schema,
        parameters: (operation.parameters ?? []) as Operation['parameters'],
      });
    }
  }

  const resolve = (schema: Json): Json => {
    const ref = schema.$ref;
    return typeof ref === 'string' ? resolve(document.components.schemas[ref.split('/').pop()!]!) : schema;
  };

  const sample = (raw: Json | undefined, pick: Picker, key = ''): unknown => {
    if (!raw) return undefined;
    const schema = resolve(raw);
    const choices = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
    if (choices) return sample(choices.find((choice) => resolve(choice).type !== 'null') ?? choices[0], pick, key);
    if (Array.isArray(schema.enum)) return schema.enum[0];
    if ('const' in schema) return schema.const;
    if ('default' in schema && schema.type !== 'object') return schema.default;
    switch (schema.type) {
      case 'object': {
        const properties = (schema.properties ?? {}) as Record<string, Json>;
        const body: Json = {};
        for (const [name, property] of Object.entries(properties)) {
          // Every required field, and every field that names a record: those are the ones that can reach another tenant.
          if ((schema.required as string[] | undefined)?.includes(name) || name.endsWith('_id')) body[name] = sample(property, pick, name);
        }
        return body;
      }
      case 'array':
        return (schema.minItems as number | undefined) ? [sample(schema.items as Json, pick, key)] : [];
      case 'integer':
      case 'number': {
        const kind = KEY_KINDS[key.replace(/_id$/, '')];
        return key.endsWith('_id') && kind ? pick.first(kind) : Math.max(1, Number(schema.minimum ?? 1));
      }
      case 'boolean':
        return false;
      case 'string': {
        if (schema.format === 'email' || key.includes('email')) return `someone-${randomUUID().slice(0, 8)}@example.com`;
        if (schema.format === 'uuid') return randomUUID();
        if (schema.format === 'date') return '2026-03-02';
        if (schema.format === 'date-time') return '2026-03-02T09:00:00Z';
        if (schema.format === 'uri' || key === 'url') return 'http://127.0.0.1:9/x';
        if (/_on$|date$/.test(key)) return '2026-03-02';
        if (/amount|price|quantity/.test(key)) return '1.00';
        return 'Leak?'.padEnd(Number(schema.minLength ?? 1), '?').slice(0, Number(schema.maxLength ?? 1000));
      }
      default:
        return null;
    }
  };

  return { operations, sample };
}
