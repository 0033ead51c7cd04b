import type { CompanySwitch } from '@portal/contract';
import { and, eq, exists } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, portalEntities, portalThemes } from '../../db/schema';
import type { CompanyRow, PortalThemeRow } from '../../db/rows';

export function companiesRepository(db: Db) {
  return {
    /**
     * A company the user has at least one entity with, and its theme; null otherwise, so a company
     * the user has nothing from is indistinguishable from one that does not exist.
     */
    async findForUser(userId: number, companyId: number): Promise<{ company: CompanyRow; theme: PortalThemeRow | null } | null> {
      const [row] = await db
        .select({ company: companies, theme: portalThemes })
        .from(companies)
        .leftJoin(portalThemes, eq(portalThemes.company_id, companies.id))
        .where(
          and(
            eq(companies.id, companyId),
            exists(
              db
                .select({ id: portalEntities.id })
                .from(portalEntities)
                .where(and(eq(portalEntities.portal_user_id, userId), eq(portalEntities.company_id, companies.id))),
            ),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** Sets the given switches (none: reads the company as it is); the company, as it now stands. */
    async setSwitches(companyId: number, changes: Partial<Pick<CompanyRow, CompanySwitch>>, now: Date): Promise<CompanyRow> {
      const [row] =
        Object.keys(changes).length > 0
          ? await db
              .update(companies)
              .set({ ...changes, updated_at: now })
              .where(eq(companies.id, companyId))
              .returning()
          : await db.select().from(companies).where(eq(companies.id, companyId));
      return row!;
    },
  };
}
export type CompaniesRepository = ReturnType<typeof companiesRepository>;
