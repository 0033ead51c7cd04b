import { and, eq, exists } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, portalEntities, portalThemes } from '../../db/schema';
import type { CompanyRow, PortalThemeRow } from '../../core/companies';

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

    /** The branding behind a theme code, for the sign-in pages. */
    async brandingByThemeCode(code: string) {
      const [row] = await db
        .select({
          company_name: companies.name,
          company_color: companies.color,
          company_logo_url: companies.logo_url,
          theme_name: portalThemes.name,
          theme_color: portalThemes.color,
          theme_logo_url: portalThemes.logo_url,
        })
        .from(portalThemes)
        .innerJoin(companies, eq(companies.id, portalThemes.company_id))
        .where(eq(portalThemes.code, code))
        .limit(1);
      return row ?? null;
    },
  };
}
export type CompaniesRepository = ReturnType<typeof companiesRepository>;
