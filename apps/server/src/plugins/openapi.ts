import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document of every route, built from the same zod schemas that validate requests and
 * replies, so it cannot drift from the code. Served at /api/openapi.json (modules/docs).
 * Registered before any route: @fastify/swagger collects routes as they are added.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const STATUS_TEXT: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  400: 'Bad request: a parameter is not allowed or not valid (errors name it and what is allowed)',
  401: 'Unauthenticated: no valid bearer token',
  403: 'Forbidden',
  404: 'Not found, or not shared with the caller',
  413: 'The request body is too large',
  415: 'The request content type is not supported',
  422: 'The body is not valid (errors per field)',
  429: 'Too many attempts: wait for Retry-After seconds',
};

/** Public routes say so: no lock in the document. */
const transform: SwaggerTransform = (input) => {
  const result = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  if (input.route.config?.public && !(result.schema as Json).hide) {
    result.schema = { ...result.schema, security: [] } as typeof result.schema;
  }
  return result;
};

/**
 * `filter[company_id]=1` and `page[number]=2` are objects in a query: OpenAPI's deepObject style.
 * Also drops the "…Input" copies of components no operation refers to.
 */
const transformObject: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input as Parameters<typeof jsonSchemaTransformObject>[0]) as Json;
  for (const pathItem of Object.values((document.paths ?? {}) as Record<string, Json>)) {
    for (const operation of Object.values(pathItem)) {
      if (!isObject(operation)) continue;
      // "Default Response" says nothing: name the status instead.
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, Json>)) {
        if (response.description === 'Default Response') response.description = STATUS_TEXT[status] ?? 'Response';
      }
      if (!Array.isArray(operation.parameters)) continue;
      for (const parameter of operation.parameters as Json[]) {
        const schema = parameter.schema as Json | undefined;
        if (parameter.in === 'query' && isObject(schema) && schema.type === 'object') {
          parameter.style = 'deepObject';
          parameter.explode = true;
        }
      }
    }
  }
  const schemas = (document.components as { schemas?: Record<string, unknown> } | undefined)?.schemas;
  if (schemas) {
    const refsIn = (value: unknown) =>
      [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
    const reachable = new Set(refsIn({ ...document, components: {} }));
    for (const name of reachable) for (const ref of refsIn(schemas[name])) reachable.add(ref); // a Set iterates what is added
    for (const name of Object.keys(schemas)) if (name.endsWith('Input') && !reachable.has(name)) delete schemas[name];
  }
  return document;
};

export interface OpenapiPluginOptions {
  /** The server the document names; paths are under it (/api/...). */
  publicUrl: string;
}

export const openapiPlugin = fp(
  async (app: FastifyInstance, options: OpenapiPluginOptions) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Project portal API',
          version: '1.0.0',
          description:
            'The API behind the customer project portal. Lists answer in the Laravel paginated shape and take ' +
            '`filter[name]`, `page[number]`, `page[size]` (default 30, at most 100), `sort` (`-` for descending) and ' +
            '`include`; anything an endpoint does not declare is refused with 400 naming what is allowed. Errors are ' +
            '`{ "message": "...", "errors": { "field": ["..."] } }`. Everything needs `Authorization: Bearer <token>` ' +
            '(from POST /api/auth/login) unless marked public.',
        },
        servers: [{ url: options.publicUrl }],
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', description: 'The token a sign-in answers (`token`).' },
          },
        },
        security: [{ bearer: [] }],
      },
      transform,
      transformObject,
    });
  },
  { name: 'openapi' },
);
