import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, contactMessages, portalEntities, projects } from '../../db/schema';

import type { NewContactMessageRow } from '../../db/rows';

export function contactRepository(db: Db) {
  return {
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

    async saveMessage(values: NewContactMessageRow) {
      const [row] = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
      return row!.id;
    },
  };
}
