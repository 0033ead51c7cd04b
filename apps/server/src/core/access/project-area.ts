import type { PortalArea } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/http-errors';
import { requireUser } from '../../plugins/auth';
import type { CompanyRow } from '../companies';
import { requireArea, requireEntity } from './entities';

/**
 * The guard of every photos and documents route: the signed-in user's entity, a project, with the
 * area switched on; else the same 404 as a missing id (decision 008).
 */
export async function requireProjectArea(app: FastifyInstance, request: FastifyRequest, entityId: number, area: PortalArea) {
  const user = requireUser(request);
  const { entity, company } = await requireEntity(app, user, entityId);
  requireArea(company, area);
  if (entity.model_type !== 'project') throw notFound();
  return { user, company: company as CompanyRow, scope: { companyId: entity.company_id, projectId: entity.model_id } };
}
