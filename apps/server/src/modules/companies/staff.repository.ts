import { and, asc, count, desc, eq, gte, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { files, staff } from '../../db/schema';
import type { FileRow, StaffRow } from '../../db/rows';
import type { IntegrationStaff } from '@portal/contract';
import { absoluteUrl } from '../../core/companies';
import type { PageRequest, SortTerm } from '../../lib/list-query';
import { pageOffset } from '../../lib/pagination';
import { apiTimestamp } from '../../lib/timestamps';

/** Where an uploaded avatar is served: public, as the portal shows it beside the notes a member signs. */
export const avatarPath = (fileId: number) => `/api/avatars/${fileId}`;

/** A member as the company API and the console's profile page show them. */
export const serializeStaff = (row: StaffRow, publicUrl: string): IntegrationStaff => ({
  id: row.id,
  name: row.name,
  email: row.email,
  title: row.title,
  phone: row.phone,
  role: row.role,
  avatar_url: absoluteUrl(publicUrl, row.avatar_url),
  active: row.deactivated_at === null,
  deactivated_at: row.deactivated_at ? apiTimestamp(row.deactivated_at) : null,
  created_at: apiTimestamp(row.created_at),
  updated_at: apiTimestamp(row.updated_at),
});

export type StaffSort = 'id' | 'name' | 'updated_at';
type StaffValues = Partial<Pick<typeof staff.$inferInsert, 'name' | 'email' | 'title' | 'phone' | 'role' | 'avatar_url' | 'deactivated_at'>>;

export function staffRepository(db: Executor) {
  const own = (companyId: number, id: number) => and(eq(staff.company_id, companyId), eq(staff.id, id));
  return {
    async list(companyId: number, options: { updatedSince?: Date; active?: boolean; sort: SortTerm<StaffSort>[]; page: PageRequest }) {
      const where: SQL[] = [eq(staff.company_id, companyId)];
      if (options.updatedSince) where.push(gte(staff.updated_at, options.updatedSince));
      if (options.active !== undefined) where.push(options.active ? isNull(staff.deactivated_at) : isNotNull(staff.deactivated_at));
      const order = [...options.sort.map((term) => (term.direction === 'asc' ? asc : desc)(staff[term.field])), asc(staff.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(staff)
          .where(and(...where))
          .orderBy(...order)
          .limit(options.page.size)
          .offset(pageOffset(options.page)),
        db
          .select({ total: count() })
          .from(staff)
          .where(and(...where)),
      ]);
      return { rows, total: Number(total?.total ?? 0) };
    },

    async find(companyId: number, id: number): Promise<StaffRow | null> {
      const [row] = await db.select().from(staff).where(own(companyId, id));
      return row ?? null;
    },

    /** The new member, or `email-taken` when an active member of the company has that email. */
    async create(companyId: number, values: StaffValues & { name: string }, now: Date): Promise<StaffRow | 'email-taken'> {
      try {
        const [row] = await db
          .insert(staff)
          .values({ ...values, company_id: companyId, created_at: now, updated_at: now })
          .returning();
        return row!;
      } catch (error) {
        if (isUniqueViolation(error)) return 'email-taken';
        throw error;
      }
    },

    async update(companyId: number, id: number, values: StaffValues, now: Date): Promise<StaffRow | 'email-taken' | null> {
      try {
        const [row] = await db
          .update(staff)
          .set({ ...values, updated_at: now })
          .where(own(companyId, id))
          .returning();
        return row ?? null;
      } catch (error) {
        if (isUniqueViolation(error)) return 'email-taken';
        throw error;
      }
    },

    /** The file behind a member's current avatar, or null: no other file is served that way. */
    async currentAvatar(fileId: number): Promise<FileRow | null> {
      const [row] = await db
        .select({ file: files })
        .from(files)
        .innerJoin(staff, and(eq(staff.company_id, files.company_id), eq(staff.avatar_url, avatarPath(fileId))))
        .where(eq(files.id, fileId))
        .limit(1);
      return row?.file ?? null;
    },
  };
}
