import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies, portalThemes } from '../../db/schema';

export function themesRepository(db: Executor) {
  return {
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
