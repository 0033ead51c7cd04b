import {
  ALL_SCOPES,
  ApiErrorSchema,
  CreatedApiKeySchema,
  IdSchema,
  OperatorApiKeyCreateSchema,
  ApiKeySchema,
  OperatorCompanyCreatedSchema,
  OperatorCompanyCreateSchema,
  OperatorCompanySchema,
} from '@portal/contract';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import { invalid, notFound } from '../../lib/http-errors';
import { apiTimestamp } from '../../lib/timestamps';
import { BackupError, writeBackup } from '../../core/backup';
import { staffInvitationsRepository, staffInvitationUrl } from '../../core/access/staff-invitations';
import { HttpError } from '../../lib/http-errors';
import { apiKeysRepository, serializeApiKey } from './api-keys.repository';
import { insertCompany, operatorRepository, themeCodeFrom } from './operator.repository';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema };
const THEME_CODE_TAKEN = 'The theme code is already taken by another company.';

/**
 * The operator's API (docs/company-api.md, "Operator"): the host of the portal takes on a company. It goes through
 * the running server, so it works while the server holds the embedded database; the `company` command calls it with
 * the operator secret of the same host.
 */
export async function operatorRoutes(fastify: FastifyInstance, options: { dataDir: string; blobsDir: string | null; publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const operator = operatorRepository(db);
  const keys = apiKeysRepository(db);
  const config = { operator: true };

  app.post(
    '/operator/companies',
    {
      config,
      schema: {
        tags: ['Operator'],
        operationId: 'operatorCreateCompany',
        summary: 'Take on a company: the company, its owner and an API key with every scope',
        description:
          'Creates the company with its theme code (made from the name unless given; 422 when a given one is taken), its first ' +
          'project statuses and site types, its owner (owner_name is required: customers see it on their notes and emails) as a staff member with a link (7 days, single use) to choose a password for the staff console, and an API key with every scope, shown this once.',
        body: OperatorCompanyCreateSchema,
        response: { 201: OperatorCompanyCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const code = await operator.freeThemeCode(input.theme_code ?? themeCodeFrom(input.name), input.theme_code !== undefined);
      if (!code) throw invalid({ theme_code: [THEME_CODE_TAKEN] });
      const at = app.now();
      const created = await db
        .transaction(async (tx) => {
          const made = await insertCompany(tx, {
            company: {
              name: input.name,
              contact_email: input.owner_email,
              color: input.color ?? null,
              ...(input.time_zone ? { time_zone: input.time_zone } : {}),
            },
            theme: { code },
            owner: { name: input.owner_name, email: input.owner_email },
            at,
          });
          const key = await apiKeysRepository(tx).create(made.company.id, 'Owner', { now: at, scopes: ALL_SCOPES });
          const invitation = await staffInvitationsRepository(tx).issue(made.owner!.id, at);
          return { ...made, key, invitation };
        })
        .catch((error: unknown) => {
          // Two companies made at once from one name: the second is told, nothing of it is kept.
          if (isUniqueViolation(error)) throw invalid({ theme_code: [THEME_CODE_TAKEN] });
          throw error;
        });
      request.log.info({ event: 'operator.company-created', companyId: created.company.id }, 'company created');
      return reply.status(201).send({
        company: { id: created.company.id, name: created.company.name, theme_code: code },
        owner: {
          id: created.owner!.id,
          name: created.owner!.name,
          email: created.owner!.email!,
          invitation_url: staffInvitationUrl(options.publicUrl, created.invitation.token),
          invitation_expires_at: apiTimestamp(created.invitation.expiresAt),
        },
        api_key: { id: created.key.id, name: 'Owner', scopes: [...ALL_SCOPES], key: created.key.key },
      });
    },
  );

  app.get(
    '/operator/companies',
    {
      config,
      schema: {
        tags: ['Operator'],
        operationId: 'operatorListCompanies',
        summary: 'Every company this portal serves',
        response: { 200: z.object({ data: z.array(OperatorCompanySchema) }), 401: ApiErrorSchema },
      },
    },
    async () => ({ data: await operator.listCompanies() }),
  );

  app.post(
    '/operator/companies/:id/api-keys',
    {
      config,
      schema: {
        tags: ['Operator'],
        operationId: 'operatorCreateApiKey',
        summary: "A new API key for a company (e.g. when the owner's key is lost)",
        params: z.object({ id: IdSchema }),
        body: OperatorApiKeyCreateSchema,
        response: { 201: CreatedApiKeySchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!(await operator.companyExists(request.params.id))) throw notFound();
      const scopes = request.body.scopes ?? [...ALL_SCOPES];
      const created = await keys.create(request.params.id, request.body.name, { now: app.now(), scopes });
      return reply.status(201).send({ id: created.id, name: request.body.name, scopes: [...new Set(scopes)], key: created.key });
    },
  );

  app.get(
    '/operator/api-keys',
    {
      config,
      schema: {
        tags: ['Operator'],
        operationId: 'operatorListApiKeys',
        summary: 'API keys, of one company or all, without their secrets',
        querystring: z.object({ company: IdSchema.optional() }).strict(),
        response: { 200: z.object({ data: z.array(ApiKeySchema) }), ...errors },
      },
    },
    async (request) => {
      return { data: (await keys.list(request.query.company)).map(serializeApiKey) };
    },
  );

  app.post(
    '/operator/backups',
    {
      config,
      schema: {
        tags: ['Operator'],
        operationId: 'operatorBackUp',
        summary: 'Back up the embedded database and the blob folder into DATA_DIR/backups',
        description:
          "A folder holding the embedded database (PGlite's dump, or the embedded PostgreSQL's tables copied in one snapshot), " +
          'a copy of the blobs (unless they live in an S3 bucket) and a manifest. ' +
          'On a PostgreSQL of your own (DATABASE_URL): 409, use pg_dump (docs/operations.md, "Backups").',
        response: { 201: z.object({ path: z.string(), rows: z.number().int(), files: z.number().int().nullable() }), 401: ApiErrorSchema, 409: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const outDir = path.join(options.dataDir, 'backups', backupName(app.now()));
      const manifest = await writeBackup({ database: app.database, blobsDir: options.blobsDir, outDir, now: app.now() }).catch((error: unknown) => {
        if (error instanceof BackupError) throw new HttpError(409, error.message);
        throw error;
      });
      request.log.info({ event: 'operator.backup', path: outDir }, 'backup written');
      const rows = Object.values(manifest.rows).reduce((sum, count) => sum + count, 0);
      return reply.status(201).send({ path: outDir, rows, files: manifest.blobs?.files ?? null });
    },
  );

  app.post(
    '/operator/api-keys/:id/revoke',
    {
      config,
      schema: {
        tags: ['Operator'],
        operationId: 'operatorRevokeApiKey',
        summary: 'Stop an API key from working',
        params: z.object({ id: IdSchema }),
        response: { 204: z.null().describe('Revoked'), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await keys.revoke(request.params.id, app.now()))) throw notFound();
      return reply.status(204).send(null);
    },
  );
}

/** `2026-11-23T10-42-07Z`: sorts by time and is a valid folder name everywhere. */
export const backupName = (now: Date) =>
  now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
