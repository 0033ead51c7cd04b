import { and, eq, exists } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { companies, files, portalEntities, portalThemes } from '../../db/schema';
import type { CompanyRow, FileRow, PortalThemeRow } from '../../db/rows';

/** Where an uploaded logo is served: public, as the sign-in pages show it to anyone. */
export const logoPath = (fileId: number) => `/api/logos/${fileId}`;

export function companiesRepository(db: Executor) {
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

    /** The company and its theme, as its own API key reads it. */
    async ownCompany(companyId: number): Promise<{ company: CompanyRow; theme: PortalThemeRow | null }> {
      const [row] = await db
        .select({ company: companies, theme: portalThemes })
        .from(companies)
        .leftJoin(portalThemes, eq(portalThemes.company_id, companies.id))
        .where(eq(companies.id, companyId));
      return row!;
    },

    /**
     * Changes the company and keeps its theme in step (the sign-in pages read the theme): name, colour and logo
     * follow the company's, the code changes when given. A code another company holds is `theme-code-taken`.
     */
    async update(
      companyId: number,
      changes: Partial<Omit<typeof companies.$inferInsert, 'id' | 'created_at'>>,
      themeCode: string | undefined,
      now: Date,
    ): Promise<'theme-code-taken' | { company: CompanyRow; theme: PortalThemeRow | null }> {
      try {
        return await db.transaction(async (tx) => {
          const [company] =
            Object.keys(changes).length > 0
              ? await tx
                  .update(companies)
                  .set({ ...changes, updated_at: now })
                  .where(eq(companies.id, companyId))
                  .returning()
              : await tx.select().from(companies).where(eq(companies.id, companyId));
          const branding = { name: company!.name, color: company!.color, logo_url: company!.logo_url, updated_at: now };
          let [theme] = await tx
            .update(portalThemes)
            .set({ ...branding, ...(themeCode ? { code: themeCode } : {}) })
            .where(eq(portalThemes.company_id, companyId))
            .returning();
          if (!theme && themeCode) {
            [theme] = await tx
              .insert(portalThemes)
              .values({ ...branding, company_id: companyId, code: themeCode, created_at: now })
              .returning();
          }
          return { company: company!, theme: theme ?? null };
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'theme-code-taken';
        throw error;
      }
    },

    /** The file behind a company's current logo (`/api/logos/{id}`), or null: no other file is served that way. */
    async currentLogo(fileId: number): Promise<FileRow | null> {
      const [row] = await db
        .select({ file: files })
        .from(files)
        .innerJoin(companies, and(eq(companies.id, files.company_id), eq(companies.logo_url, logoPath(fileId))))
        .where(eq(files.id, fileId))
        .limit(1);
      return row?.file ?? null;
    },
  };
}
export type CompaniesRepository = ReturnType<typeof companiesRepository>;
