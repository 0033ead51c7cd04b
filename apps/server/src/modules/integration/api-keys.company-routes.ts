import type { Scope } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireApiCompany } from '../../core/access/request';
import { invalid, notFound } from '../../lib/http-errors';
import { apiKeysRepository, serializeApiKey } from './api-keys.repository';
import * as schemas from './api-keys.company-schemas';

/**
 * A company's own API keys (docs/company-api.md, "Keys and scopes"): list them (never their secrets), make one with no
 * scope the maker lacks, revoke one. Another company's key is 404, as everywhere.
 */
export async function apiKeysCompanyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const keys = apiKeysRepository(app.database.db);
  const own = async (companyId: number, id: number) => (await keys.list(companyId)).find((row) => row.id === id) ?? null;

  app.get('/integration/api-keys', { config: { apiKey: true, scope: 'api_keys:read' }, schema: schemas.listApiKeys }, async (request) => ({
    data: (await keys.list(requireApiCompany(request).id)).map(serializeApiKey),
  }));

  app.post('/integration/api-keys', { config: { apiKey: true, scope: 'api_keys:write' }, schema: schemas.createApiKey }, async (request, reply) => {
    const company = requireApiCompany(request);
    const mine = request.integration!.scopes;
    const scopes: Scope[] = request.body.scopes ?? [...mine];
    const beyond = scopes.filter((scope) => !mine.has(scope));
    if (beyond.length > 0) throw invalid({ scopes: [`A key cannot give scopes it does not have: ${[...new Set(beyond)].join(', ')}.`] });
    const expiresAt = request.body.expires_at ? new Date(request.body.expires_at) : null;
    if (expiresAt && expiresAt.getTime() <= app.now().getTime()) throw invalid({ expires_at: ['The expiry must be in the future.'] });
    const created = await keys.create(company.id, request.body.name, { now: app.now(), scopes, expiresAt });
    request.log.info({ event: 'integration.key_created', companyId: company.id, keyId: created.id, byKeyId: request.integration!.keyId }, 'API key created');
    return reply.status(201).send({ id: created.id, name: request.body.name, scopes: [...new Set(scopes)], key: created.key });
  });

  app.post('/integration/api-keys/:id/revoke', { config: { apiKey: true, scope: 'api_keys:write' }, schema: schemas.revokeApiKey }, async (request, reply) => {
    const company = requireApiCompany(request);
    if (!(await own(company.id, request.params.id))) throw notFound();
    await keys.revoke(request.params.id, app.now());
    request.log.info(
      { event: 'integration.key_revoked', companyId: company.id, keyId: request.params.id, byKeyId: request.integration!.keyId },
      'API key revoked',
    );
    return reply.status(204).send(null);
  });
}
