import { eq, like, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies, portalThemes, projectStatuses, siteTypes, staff } from '../../db/schema';

/** What every new company starts with, so that its first project can have a status and a site type at once. */
const FIRST_STATUSES = [
  { name: 'Estimate', color: '#64748b' },
  { name: 'Scheduled', color: '#2563eb' },
  { name: 'In progress', color: '#d97706' },
  { name: 'Completed', color: '#16a34a' },
];
const FIRST_SITE_TYPES = ['Residential', 'Commercial'];

export interface NewCompany {
  company: Omit<typeof companies.$inferInsert, 'id'> & { name: string };
  theme: { code: string; logo_url?: string | null };
  owner?: { name: string; email: string };
  at: Date;
}

/** `Acme Builders, Inc.` → `acme-builders-inc`. */
export function themeCodeFrom(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug || 'company';
}

/**
 * The one way a company comes to be, for the operator's API and the demo seed alike: the company, its theme (the
 * code that brands its sign-in pages), its first statuses and site types, and its owner.
 */
export async function insertCompany(tx: Executor, input: NewCompany) {
  const stamp = { created_at: input.at, updated_at: input.at };
  const [row] = await tx
    .insert(companies)
    .values({ ...input.company, ...stamp })
    .returning();
  const company = row!;
  await tx.insert(portalThemes).values({
    company_id: company.id,
    code: input.theme.code,
    name: company.name,
    color: company.color,
    logo_url: input.theme.logo_url ?? company.logo_url,
    ...stamp,
  });
  const statuses = await tx
    .insert(projectStatuses)
    .values(FIRST_STATUSES.map((status, position) => ({ ...status, position, company_id: company.id, ...stamp })))
    .returning({ id: projectStatuses.id, name: projectStatuses.name });
  const types = await tx
    .insert(siteTypes)
    .values(FIRST_SITE_TYPES.map((name) => ({ name, company_id: company.id, ...stamp })))
    .returning({ id: siteTypes.id, name: siteTypes.name });
  const [owner] = input.owner
    ? await tx
        .insert(staff)
        .values({ company_id: company.id, name: input.owner.name, email: input.owner.email, role: 'owner', ...stamp })
        .returning()
    : [];
  return { company, statuses, siteTypes: types, owner: owner ?? null };
}

export function operatorRepository(db: Executor) {
  return {
    /** `wanted` when free; else, when it was only made from the name, the first free `wanted-N`. */
    async freeThemeCode(wanted: string, exact: boolean): Promise<string | null> {
      const taken = new Set(
        (
          await db
            .select({ code: portalThemes.code })
            .from(portalThemes)
            .where(or(eq(portalThemes.code, wanted), like(portalThemes.code, `${wanted}-%`)))
        ).map((row) => row.code),
      );
      if (!taken.has(wanted)) return wanted;
      if (exact) return null;
      for (let n = 2; ; n++) if (!taken.has(`${wanted}-${n}`)) return `${wanted}-${n}`;
    },

    async listCompanies() {
      return db
        .select({ id: companies.id, name: companies.name, theme_code: portalThemes.code })
        .from(companies)
        .leftJoin(portalThemes, eq(portalThemes.company_id, companies.id))
        .orderBy(companies.id);
    },

    async companyExists(id: number) {
      const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
      return Boolean(row);
    },
  };
}
