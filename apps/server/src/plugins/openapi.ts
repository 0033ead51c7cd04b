import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadRequestBody } from '../core/files/uploads';
import { REPLY_MEDIA_KEY } from '../lib/reply-media';

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

/** A zod schema as the JSON schema of a body, inline (its component, if any, describes the reply side). */
function inlineJsonSchema(schema: z.ZodType): Json {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  const defs = (json.$defs ?? {}) as Record<string, Json>;
  const ref = typeof json.$ref === 'string' ? /^#\/\$defs\/(.+)$/.exec(json.$ref)?.[1] : undefined;
  const root = ref ? defs[ref]! : json;
  const { $schema: _schema, $defs: _defs, id: _id, ...rest } = root;
  if (JSON.stringify(rest).includes('#/$defs/')) throw new Error('A JSON body beside an upload must not nest named schemas');
  return rest;
}

/**
 * Who may call a route, as its config declares it: the document states it for integrators (`x-caller`, and
 * `x-scope` on the company's routes), and the isolation suite reads its expectations from it
 * (docs/decisions/069-isolation-and-fuzz-suites.md).
 */
function callerOf(config: FastifyContextConfig | undefined): { 'x-caller': string; 'x-scope'?: string } {
  if (config?.public) return { 'x-caller': 'public' };
  if (config?.operator) return { 'x-caller': 'operator' };
  if (config?.apiKey) return { 'x-caller': 'company', 'x-scope': config.scope! };
  if (config?.staff) return { 'x-caller': config.staff === 'owner' ? 'owner' : 'staff' };
  return { 'x-caller': 'portal' };
}

/**
 * What the generator cannot know from zod alone:
 * - who may call the route (`x-caller`, `x-scope`);
 * - public routes say so (no lock in the document);
 * - replies declared with `binaryReply` name their media types (and `emptyReply` has no body);
 * - routes that take files (`config.upload`) get the multipart body that policy describes.
 */
const transform: SwaggerTransform = (input) => {
  const result = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const schema = { ...(result.schema as Json) };
  if (schema.hide) return result;
  const config = input.route.config;
  Object.assign(schema, callerOf(config));
  if (config?.public) schema.security = [];
  if (isObject(schema.response)) {
    const responses: Json = {};
    for (const [status, reply] of Object.entries(schema.response)) {
      const media = isObject(reply) ? (reply[REPLY_MEDIA_KEY] as string[] | undefined) : undefined;
      if (!media) responses[status] = reply;
      else if (media.length === 0) responses[status] = { type: 'null', description: (reply as Json).description };
      else
        responses[status] = {
          description: (reply as Json).description,
          content: Object.fromEntries(media.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
        };
    }
    schema.response = responses;
  }
  if (config?.upload) schema.body = uploadRequestBody(config.upload, config.upload.json ? inlineJsonSchema(config.upload.json) : undefined);
  return { ...result, schema: schema as typeof result.schema };
};

/**
 * `filter[company_id]=1` and `page[number]=2` are objects in a query: OpenAPI's deepObject style.
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
  const components = document.components as { schemas?: Record<string, unknown> } | undefined;
  if (components?.schemas) components.schemas = reachableComponents(document, components.schemas);
  return document;
};

/**
 * The generator writes each named schema twice, as replied ("X") and as accepted ("XInput"), and most are used one way
 * only. Keeps what an operation reaches, and names a body schema "X" when the reply side is not used, so a client
 * generator gets one clean name per schema and no unused component.
 */
function reachableComponents(document: Json, schemas: Record<string, unknown>): Record<string, unknown> {
  const refsIn = (value: unknown) => [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
  const reachable = new Set(refsIn({ ...document, components: {} }));
  for (const name of reachable) for (const ref of refsIn(schemas[name])) reachable.add(ref); // a Set iterates what is added
  const renames = new Map<string, string>();
  for (const name of reachable) {
    const plain = name.replace(/Input$/, '');
    if (plain !== name && !reachable.has(plain)) renames.set(name, plain);
  }
  const rename = (value: unknown): unknown =>
    JSON.parse(
      JSON.stringify(value).replace(/"#\/components\/schemas\/([^"]+)"/g, (_match, name: string) => `"#/components/schemas/${renames.get(name) ?? name}"`),
    );
  const kept: Record<string, unknown> = {};
  for (const name of Object.keys(schemas)) if (reachable.has(name)) kept[renames.get(name) ?? name] = rename(schemas[name]);
  for (const pathItem of Object.values((document.paths ?? {}) as Record<string, unknown>)) Object.assign(pathItem as Json, rename(pathItem));
  return kept;
}

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
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
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
