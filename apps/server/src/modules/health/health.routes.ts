import { ApiErrorSchema, HealthSchema, ReadinessSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pendingMigrations } from '../../db/client';

/** A valid blob key that no blob ever has: asking for it proves the store answers without touching a real file. */
const PROBE_KEY = 'readiness-probe-000000000000000000000000000';

/** Refused before routing, as on every route (plugins/errors.ts); a probe that sends one learns it here. */
const badAddress = ApiErrorSchema.describe('The address holds a control character');

/**
 * `/api/health` says the process is alive (it answers without touching anything else); `/api/ready`
 * says it should be sent traffic: the database answers, this build's migrations are applied, the
 * blob store answers, and the process is not shutting down (docs/operations.md).
 */
export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/health',
    {
      config: { public: true },
      schema: { tags: ['health'], operationId: 'getHealth', summary: 'Whether the process is alive', response: { 200: HealthSchema, 400: badAddress } },
    },
    async () => ({
      status: 'ok' as const,
      database: app.database.kind,
    }),
  );

  app.get(
    '/ready',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        operationId: 'getReadiness',
        summary: 'Whether the process should be sent traffic',
        description: '503 while shutting down, or when the database, its migrations or the blob store are not ready; `errors` names each.',
        response: { 200: ReadinessSchema, 400: badAddress, 503: ApiErrorSchema },
      },
    },
    async (_request, reply) => {
      const problems: Record<string, string[]> = {};
      if (app.draining) problems.process = ['The server is shutting down.'];
      const pending = await pendingMigrations(app.database.db).catch(() => null);
      if (pending === null) problems.database = ['The database does not answer.'];
      else if (pending > 0) problems.migrations = [`${pending} migration(s) of this build are not applied.`];
      await app.blobs.stat(PROBE_KEY).catch(() => (problems.blobs = ['The file store does not answer.']));
      if (Object.keys(problems).length > 0) return reply.status(503).send({ message: 'Not ready.', errors: problems });
      return { status: 'ready' as const, checks: { database: 'ok' as const, migrations: 'ok' as const, blobs: 'ok' as const } };
    },
  );
}
