import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, contactMessages, portalEntities, projects, staff } from '../../db/schema';

export type ProjectRow = typeof projects.$inferSelect;
export type StaffRow = typeof staff.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

export function contactRepository(db: Db) {
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

    /** The companies of a user's projects, each with those projects, in the order they were shared. */
    async companiesOfUser(portalUserId: number) {
      return db
        // Flat columns: drizzle would turn a nested object whose first column is null (an unnamed project) into null.
        .select({ company: companies, entityId: portalEntities.id, projectName: projects.name, projectStreet: projects.address_street })
        .from(portalEntities)
        .innerJoin(companies, eq(companies.id, portalEntities.company_id))
        .leftJoin(
          projects,
          and(eq(portalEntities.model_type, 'project'), eq(projects.id, portalEntities.model_id), eq(projects.company_id, portalEntities.company_id)),
        )
        .where(eq(portalEntities.portal_user_id, portalUserId))
        .orderBy(asc(portalEntities.id));
    },

    async saveMessage(values: typeof contactMessages.$inferInsert) {
      const [row] = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
      return row!.id;
    },
  };
}
