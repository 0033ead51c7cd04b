import { and, asc, count, desc, eq, gte, inArray, max, sql, type SQL } from 'drizzle-orm';
import { carryAllowance, type AllowanceTrail } from '../../core/allowances/allowance-trail';
import { allowancesRepository } from '../../core/allowances/allowances.repository';
import type { Executor } from '../../db/client';
import type { AllowanceRow } from '../../db/rows';
import { allowances, projects } from '../../db/schema';
import type { PageRequest, SortTerm } from '../../lib/list-query';
import { pageOffset } from '../../lib/pagination';

type Sortable = 'id' | 'position' | 'name' | 'amount' | 'created_at' | 'updated_at';

export interface AllowanceListOptions {
  filters: { project_id?: number[]; updated_since?: [Date] };
  sort: SortTerm<Sortable>[];
  page: PageRequest;
}

export interface AllowanceFields {
  name: string;
  amount: string;
  position?: number;
}

/** One of the company's allowances. */
export const allowanceOfCompany = (companyId: number, allowanceId: number) => and(eq(allowances.id, allowanceId), eq(allowances.company_id, companyId));

/** The company's allowances as its API writes them: made, listed, renamed, repriced, removed; with how many selections draw on each. */
export function allowanceCompanyRepository(db: Executor) {
  // The outer row named in full: inside the subquery a bare `id` would be the subquery's own.
  const selectionCount = sql<number>`(select count(*)::int from selections counted where counted.allowance_id = "allowances"."id")`;

  return {
    /** The company's project, or null: an allowance is only ever made on one of them. */
    async project(companyId: number, projectId: number): Promise<{ id: number } | null> {
      const [row] = await db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.id, projectId), eq(projects.company_id, companyId)))
        .limit(1);
      return row ?? null;
    },

    async find(companyId: number, allowanceId: number): Promise<{ allowance: AllowanceRow; selectionCount: number } | null> {
      const [row] = await db.select({ allowance: allowances, selectionCount }).from(allowances).where(allowanceOfCompany(companyId, allowanceId)).limit(1);
      return row ?? null;
    },

    async list(companyId: number, options: AllowanceListOptions) {
      const conditions: (SQL | undefined)[] = [eq(allowances.company_id, companyId)];
      const { filters } = options;
      if (filters.project_id?.length) conditions.push(inArray(allowances.project_id, filters.project_id));
      if (filters.updated_since) conditions.push(gte(allowances.updated_at, filters.updated_since[0]));
      const columns: Record<Sortable, SQL> = {
        id: sql`${allowances.id}`,
        position: sql`${allowances.position}`,
        name: sql`lower(${allowances.name})`,
        amount: sql`${allowances.amount}`,
        created_at: sql`${allowances.created_at}`,
        updated_at: sql`${allowances.updated_at}`,
      };
      const order = options.sort.map((term) => (term.direction === 'desc' ? desc : asc)(columns[term.field]));
      // Equal values always break on id, so pages never overlap or skip a row.
      order.push((options.sort[0]?.direction === 'desc' ? desc : asc)(allowances.id));
      const [rows, counted] = await Promise.all([
        db
          .select({ allowance: allowances, selectionCount })
          .from(allowances)
          .where(and(...conditions))
          .orderBy(...order)
          .limit(options.page.size)
          .offset(pageOffset(options.page)),
        db
          .select({ total: count() })
          .from(allowances)
          .where(and(...conditions)),
      ]);
      return { rows, total: counted[0]?.total ?? 0 };
    },

    /** A new allowance, after the project's others unless a position is given. */
    async create(companyId: number, projectId: number, fields: AllowanceFields, now: Date): Promise<AllowanceRow> {
      return db.transaction(async (tx) => {
        let position = fields.position;
        if (position === undefined) {
          const [last] = await tx
            .select({ highest: max(allowances.position) })
            .from(allowances)
            .where(eq(allowances.project_id, projectId));
          position = last?.highest === null || last?.highest === undefined ? 0 : last.highest + 1;
        }
        const [row] = await tx
          .insert(allowances)
          .values({ company_id: companyId, project_id: projectId, name: fields.name, amount: fields.amount, position, created_at: now, updated_at: now })
          .returning();
        return row!;
      });
    },

    /**
     * Renames, reprices or moves the allowance, and brings its change order trail up to date in the same transaction
     * (a new amount changes what is outstanding; a new name, what its change order says). Null when it is not the company's.
     */
    async update(companyId: number, allowanceId: number, changes: Partial<AllowanceFields>, now: Date, today: string): Promise<AllowanceTrail | null> {
      return db.transaction(async (tx) => {
        if (!(await allowancesRepository(tx).lock(companyId, allowanceId))) return null;
        await tx
          .update(allowances)
          .set({ ...changes, updated_at: now })
          .where(eq(allowances.id, allowanceId));
        return carryAllowance(tx, { companyId, allowanceId, now, today });
      });
    },

    /** Removes the allowance: its selections and change orders stay, no longer linked to it (the foreign keys set null). */
    async remove(companyId: number, allowanceId: number): Promise<boolean> {
      const removed = await db.delete(allowances).where(allowanceOfCompany(companyId, allowanceId)).returning({ id: allowances.id });
      return removed.length > 0;
    },
  };
}
