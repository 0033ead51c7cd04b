import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies, portalThemes, portalUsers } from '../../db/schema';

export function usersRepository(db: Executor) {
  return {
    async findByEmail(email: string) {
      const [user] = await db.select().from(portalUsers).where(eq(portalUsers.email, email.toLowerCase())).limit(1);
      return user ?? null;
    },

    async findById(id: number) {
      const [user] = await db.select().from(portalUsers).where(eq(portalUsers.id, id)).limit(1);
      return user ?? null;
    },

    /** A company's theme code, which brands the pages its emails link to; null when it has none. */
    async themeOfCompany(companyId: number): Promise<string | null> {
      const [row] = await db.select({ code: portalThemes.code }).from(portalThemes).where(eq(portalThemes.company_id, companyId)).limit(1);
      return row?.code ?? null;
    },

    /** The company behind a theme code, for branding sign-in emails; null for an unknown code. */
    async brandByThemeCode(code: string) {
      const [row] = await db
        .select({ code: portalThemes.code, companyName: companies.name, companyColor: companies.color, themeColor: portalThemes.color })
        .from(portalThemes)
        .innerJoin(companies, eq(companies.id, portalThemes.company_id))
        .where(eq(portalThemes.code, code))
        .limit(1);
      // docs/requirements.md 5.4: the colour comes from the company, or else from the theme.
      return row ? { code: row.code, companyName: row.companyName, color: row.companyColor ?? row.themeColor } : null;
    },
  };
}
