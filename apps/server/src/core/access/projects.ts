import { AREA_SWITCHES, type CompanySwitch, type PortalArea } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import type { CompanyRow, EntityRow } from '../../db/rows';
import { companies, portalEntities } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { mayView, type AuthenticatedUser } from './request';

/**
 * The one gate of every per-project route (notes, photos, invoices, documents, contact). Each
 * refusal is the same 404 "Not found." as an id that does not exist, so nothing about other users'
 * data can be probed, and a switched-off area is refused by the API as the web app hides it
 * (docs/requirements.md 1.3; docs/decisions/008-switched-off-areas.md).
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The portal-entity lookups behind the gate, prepared once (plugins/auth.ts). */
    access: AccessRepository;
  }
}

export function accessRepository(db: Executor) {
  const entityStatement = db
    .select({ entity: portalEntities, company: companies })
    .from(portalEntities)
    .innerJoin(companies, eq(companies.id, portalEntities.company_id))
    .where(and(eq(portalEntities.id, sql.placeholder('entityId')), eq(portalEntities.portal_user_id, sql.placeholder('userId'))))
    .limit(1)
    .prepare('entities_guard');
  return {
    /** One of the user's entities with its company; null when it is not theirs or does not exist. */
    async entityOfUser(userId: number, entityId: number): Promise<{ entity: EntityRow; company: CompanyRow } | null> {
      const [row] = await entityStatement.execute({ userId, entityId });
      return row ?? null;
    },
  };
}
export type AccessRepository = ReturnType<typeof accessRepository>;

/** The caller's entity `entityId` with its company, or 404 (a preview: of the previewing company only). */
export async function requireEntity(
  app: FastifyInstance,
  user: { id: number; preview?: AuthenticatedUser['preview'] },
  entityId: number,
): Promise<{ entity: EntityRow; company: CompanyRow }> {
  const found = await app.access.entityOfUser(user.id, entityId);
  if (!found || !mayView(user, found.company.id)) throw notFound();
  return found;
}

/** Whether the company has switched an area on; which switch guards which area is the contract's AREA_SWITCHES. */
export function isAreaEnabled(company: Pick<CompanyRow, CompanySwitch>, area: PortalArea): boolean {
  return company[AREA_SWITCHES[area]];
}

/** 404 when the company has switched the area off: the API refuses what the web app hides. */
export function requireArea(company: Pick<CompanyRow, CompanySwitch>, area: PortalArea): void {
  if (!isAreaEnabled(company, area)) throw notFound();
}

/** Which project of which company a per-project route reads: every query of an area is bounded by both. */
export interface ProjectScope {
  companyId: number;
  projectId: number;
}

/**
 * The caller's entity, a project, with `area` switched on (an area without a switch, such as
 * contact, passes null); else 404.
 */
export async function requireProject(
  app: FastifyInstance,
  user: { id: number; preview?: AuthenticatedUser['preview'] },
  entityId: number,
  area: PortalArea | null,
) {
  const { entity, company } = await requireEntity(app, user, entityId);
  if (area) requireArea(company, area);
  if (entity.model_type !== 'project') throw notFound();
  const scope: ProjectScope = { companyId: entity.company_id, projectId: entity.model_id };
  return { entity, company, scope };
}
