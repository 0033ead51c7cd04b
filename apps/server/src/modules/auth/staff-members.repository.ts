import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies, staff } from '../../db/schema';

/** Members of staff as signing in to the console finds them: each with their company. */
export function staffMembersRepository(db: Executor) {
  const withCompany = () => db.select({ member: staff, company: companies }).from(staff).innerJoin(companies, eq(companies.id, staff.company_id));
  return {
    /** Active members with this email, in every company, oldest first, with their company. */
    activeByEmail: (email: string) =>
      withCompany()
        .where(and(sql`lower(${staff.email}) = ${email.toLowerCase()}`, isNull(staff.deactivated_at)))
        .orderBy(asc(staff.id)),

    /** The member with their company, or null. */
    async find(staffId: number) {
      const [found] = await withCompany().where(eq(staff.id, staffId));
      return found ?? null;
    },
  };
}
