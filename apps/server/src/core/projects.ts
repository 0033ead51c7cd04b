import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { ProjectRow, StaffRow } from '../db/rows';
import { portalEntities, portalUsers, projects, staff } from '../db/schema';

/** Reads of a project that several areas make: the contact page shows its rep, and notes email the rep. */
export function projectsRepository(db: Db) {
  return {
    /** A project of its own company, with its primary rep (a staff member of that same company). */
    async projectWithRep(projectId: number, companyId: number): Promise<{ project: ProjectRow; rep: StaffRow | null } | null> {
      const [row] = await db
        .select({ project: projects, rep: staff })
        .from(projects)
        .leftJoin(staff, and(eq(staff.id, projects.rep_primary_id), eq(staff.company_id, projects.company_id)))
        .where(and(eq(projects.id, projectId), eq(projects.company_id, companyId)))
        .limit(1);
      return row ?? null;
    },

    /** Everyone the project is shared with, each with their own entity (their link into the portal for this project). */
    async customers(companyId: number, projectId: number) {
      return db
        .select({ entityId: portalEntities.id, email: portalUsers.email })
        .from(portalEntities)
        .innerJoin(portalUsers, eq(portalUsers.id, portalEntities.portal_user_id))
        .where(and(eq(portalEntities.company_id, companyId), eq(portalEntities.model_type, 'project'), eq(portalEntities.model_id, projectId)))
        .orderBy(portalEntities.id);
    },
  };
}
