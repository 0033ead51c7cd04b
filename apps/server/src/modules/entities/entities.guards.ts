import { AREA_SWITCHES, type CompanySwitch, type PortalArea } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/http-errors';
import type { CompanyRow } from '../companies/companies.serializers';
import { entitiesRepositoryOf, type EntityRow } from './entities.repository';

/**
 * Guards for every per-project route (notes, photos, invoices, documents …). Each throws the same
 * 404 "Not found." as an id that does not exist, so nothing about other users' data can be probed
 * (docs/product.md 1.3; docs/decisions/008-switched-off-areas.md).
 */

/** The caller's entity `entityId` with its company, or 404. */
export async function requireEntity(
  app: FastifyInstance,
  user: { id: number },
  entityId: number,
): Promise<{ entity: EntityRow; company: CompanyRow }> {
  const found = await entitiesRepositoryOf(app.database.db).findForUser(user.id, entityId);
  if (!found) throw notFound();
  return found;
}

/** Whether the company has switched an area on. */
export function isAreaEnabled(company: Pick<CompanyRow, CompanySwitch>, area: PortalArea): boolean {
  return company[AREA_SWITCHES[area]];
}

/** 404 when the company has switched the area off: the API refuses what the web app hides. */
export function requireArea(company: Pick<CompanyRow, CompanySwitch>, area: PortalArea): void {
  if (!isAreaEnabled(company, area)) throw notFound();
}
