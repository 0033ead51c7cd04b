import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { ProjectRow, StaffRow } from '../db/rows';
import { projects, staff } from '../db/schema';

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
  };
}
