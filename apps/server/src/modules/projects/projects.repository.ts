import type { IntegrationProjectSort } from '@portal/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { contractMoneyColumns } from '../../core/contract-money';
import { customerBalanceSql, invoicedMoneyColumns } from '../../core/invoiced-money';
import type { Executor } from '../../db/client';
import { accounts, albums, documents, invoices, notes, photos, portalEntities, projects, projectStatuses, siteTypes, staff } from '../../db/schema';
import type { AccountRow, ProjectRow, ProjectStatusRow } from '../../db/rows';
import type { PageRequest, SortTerm } from '../../lib/list-query';
import { pageOffset } from '../../lib/pagination';

type AccountValues = Partial<Omit<typeof accounts.$inferInsert, 'id' | 'company_id' | 'created_at' | 'updated_at'>>;
type ProjectValues = Partial<Omit<typeof projects.$inferInsert, 'id' | 'company_id' | 'created_at' | 'updated_at'>>;

/** A table of a company's rows with the columns every list here pages over. */
type CompanyTable = PgTable & { id: PgColumn; company_id: PgColumn; updated_at: PgColumn };

/** One page of a company's rows of `table`, with the total, for the paginator. */
async function pageOf<T extends CompanyTable>(db: Executor, table: T, where: (SQL | undefined)[], options: { sort: SortTerm<string>[]; page: PageRequest }) {
  const condition = and(...where);
  const columns = table as unknown as Record<string, PgColumn>;
  const order = [...options.sort.map((term) => (term.direction === 'asc' ? asc : desc)(columns[term.field]!)), asc(table.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(condition)
      .orderBy(...order)
      .limit(options.page.size)
      .offset(pageOffset(options.page)),
    db
      .select({ total: count() })
      .from(table as PgTable)
      .where(condition),
  ]);
  return { rows: rows as T['$inferSelect'][], total: Number(total?.total ?? 0) };
}

/** `%`, `_` and `\` in a search are meant literally. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The newest change on a project, as the office sees it: the record itself, or a note (internal ones too), photo,
 * document or invoice on it. Correlated subqueries, so one page of the list is one query whatever it is sorted by.
 */
const lastActivity = sql<Date>`greatest(
  ${projects.updated_at},
  (select max(${notes.created_at}) from ${notes} where ${notes.project_id} = ${projects.id}),
  (select max(${photos.created_at}) from ${photos} inner join ${albums} on ${albums.id} = ${photos.album_id} where ${albums.project_id} = ${projects.id}),
  (select max(${documents.created_at}) from ${documents} where ${documents.project_id} = ${projects.id}),
  (select max(${invoices.updated_at}) from ${invoices} where ${invoices.project_id} = ${projects.id})
)`.mapWith(projects.updated_at);

/**
 * What each sort of the company's project list orders by; nulls (no status, no account, no balance) come last either
 * way. `balance` is the one the customers see (core/invoiced-money.ts): `invoicing`, the company's switch.
 */
const projectSorts = (invoicing: boolean): Record<IntegrationProjectSort, SQL[]> => ({
  id: [sql`${projects.id}`],
  updated_at: [sql`${projects.updated_at}`],
  created_at: [sql`${projects.created_at}`],
  name: [sql`${projects.name}`],
  number: [sql`${projects.number}`],
  status: [sql`${projectStatuses.position}`, sql`lower(${projectStatuses.name})`],
  customer: [sql`lower(${accounts.name})`],
  balance: [customerBalanceSql(invoicing)],
  last_activity_at: [lastActivity],
});
const NULLS_LAST: ReadonlySet<IntegrationProjectSort> = new Set(['status', 'customer', 'balance']);

export interface ProjectListRow {
  project: ProjectRow;
  account: AccountRow | null;
  status: ProjectStatusRow | null;
  last_activity_at: Date;
  /** The sums of its sent invoices (null: none sent), for the money its customers see. */
  invoiced_total: string | null;
  invoiced_balance: string | null;
  /** The figures of the money trail (core/contract-money.ts). */
  accepted_proposal_total: string | null;
  approved_changes_total: string | null;
}

/** A project row as the company's list and record read it. */
const listColumns = () => ({
  project: projects,
  account: accounts,
  status: projectStatuses,
  last_activity_at: lastActivity,
  ...invoicedMoneyColumns(),
  ...contractMoneyColumns(),
});

export function projectsRepository(db: Executor) {
  return {
    accounts: {
      list: (companyId: number, options: { updatedSince?: Date; search?: string[]; sort: SortTerm<string>[]; page: PageRequest }) =>
        pageOf(
          db,
          accounts,
          [
            eq(accounts.company_id, companyId),
            options.updatedSince ? gte(accounts.updated_at, options.updatedSince) : undefined,
            options.search?.length
              ? or(...options.search.map((term) => or(ilike(accounts.name, likePattern(term)), ilike(accounts.email, likePattern(term)))))
              : undefined,
          ],
          options,
        ),
      async find(companyId: number, id: number): Promise<AccountRow | null> {
        const [row] = await db
          .select()
          .from(accounts)
          .where(and(eq(accounts.company_id, companyId), eq(accounts.id, id)));
        return row ?? null;
      },
      async create(companyId: number, values: AccountValues & { name: string }, now: Date): Promise<AccountRow> {
        const [row] = await db
          .insert(accounts)
          .values({ ...values, company_id: companyId, created_at: now, updated_at: now })
          .returning();
        return row!;
      },
      async update(companyId: number, id: number, values: AccountValues, now: Date): Promise<AccountRow | null> {
        const [row] = await db
          .update(accounts)
          .set({ ...values, updated_at: now })
          .where(and(eq(accounts.company_id, companyId), eq(accounts.id, id)))
          .returning();
        return row ?? null;
      },
      /** Deleted, `in-use` while a project names it, or null when it is not the company's. */
      async remove(companyId: number, id: number): Promise<'deleted' | 'in-use' | null> {
        return db.transaction(async (tx) => {
          const [row] = await tx
            .select({ id: accounts.id })
            .from(accounts)
            .where(and(eq(accounts.company_id, companyId), eq(accounts.id, id)))
            .for('update');
          if (!row) return null;
          const [used] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.account_id, id)).limit(1);
          if (used) return 'in-use';
          await tx.delete(accounts).where(eq(accounts.id, id));
          return 'deleted';
        });
      },
    },

    projects: {
      /**
       * One page of the company's projects, each with its account, status, last activity and invoiced money. `search`:
       * any of the terms in the name, the number or the account's name; `invoicing`: the company's invoicing switch.
       */
      async list(
        companyId: number,
        options: {
          updatedSince?: Date;
          accountIds?: number[];
          statusIds?: number[];
          search?: string[];
          invoicing: boolean;
          sort: SortTerm<IntegrationProjectSort>[];
          page: PageRequest;
        },
      ): Promise<{ rows: ProjectListRow[]; total: number }> {
        const condition = and(
          eq(projects.company_id, companyId),
          options.updatedSince ? gte(projects.updated_at, options.updatedSince) : undefined,
          options.accountIds ? inArray(projects.account_id, options.accountIds) : undefined,
          options.statusIds ? inArray(projects.status_id, options.statusIds) : undefined,
          options.search?.length
            ? or(
                ...options.search.map((term) =>
                  or(ilike(projects.name, likePattern(term)), ilike(projects.number, likePattern(term)), ilike(accounts.name, likePattern(term))),
                ),
              )
            : undefined,
        );
        const sorts = projectSorts(options.invoicing);
        const order = options.sort.flatMap((term) =>
          sorts[term.field].map((expression) => sql`${expression} ${sql.raw(term.direction)}${sql.raw(NULLS_LAST.has(term.field) ? ' nulls last' : '')}`),
        );
        const [rows, [total]] = await Promise.all([
          // The account and status of the project's own company only, as every read of them checks.
          db
            .select(listColumns())
            .from(projects)
            .leftJoin(accounts, and(eq(accounts.id, projects.account_id), eq(accounts.company_id, projects.company_id)))
            .leftJoin(projectStatuses, and(eq(projectStatuses.id, projects.status_id), eq(projectStatuses.company_id, projects.company_id)))
            .where(condition)
            .orderBy(...order, asc(projects.id))
            .limit(options.page.size)
            .offset(pageOffset(options.page)),
          db
            .select({ total: count() })
            .from(projects)
            .leftJoin(accounts, and(eq(accounts.id, projects.account_id), eq(accounts.company_id, projects.company_id)))
            .where(condition),
        ]);
        return { rows, total: Number(total?.total ?? 0) };
      },
      /** One project with what the list shows of it. */
      async findWith(companyId: number, id: number): Promise<ProjectListRow | null> {
        const [row] = await db
          .select(listColumns())
          .from(projects)
          .leftJoin(accounts, and(eq(accounts.id, projects.account_id), eq(accounts.company_id, projects.company_id)))
          .leftJoin(projectStatuses, and(eq(projectStatuses.id, projects.status_id), eq(projectStatuses.company_id, projects.company_id)))
          .where(and(eq(projects.company_id, companyId), eq(projects.id, id)));
        return row ?? null;
      },
      async find(companyId: number, id: number): Promise<ProjectRow | null> {
        const [row] = await db
          .select()
          .from(projects)
          .where(and(eq(projects.company_id, companyId), eq(projects.id, id)));
        return row ?? null;
      },
      async create(companyId: number, values: ProjectValues, now: Date): Promise<ProjectRow> {
        const [row] = await db
          .insert(projects)
          .values({ ...values, company_id: companyId, created_at: now, updated_at: now })
          .returning();
        return row!;
      },
      async update(companyId: number, id: number, values: ProjectValues, now: Date): Promise<ProjectRow | null> {
        const [row] = await db
          .update(projects)
          .set({ ...values, updated_at: now })
          .where(and(eq(projects.company_id, companyId), eq(projects.id, id)))
          .returning();
        return row ?? null;
      },
      /**
       * Deletes an empty project and the shares of it. One with notes, albums, documents or invoices is `in-use`:
       * those hold the customer's history and their files, which a delete would lose without a word.
       */
      async remove(companyId: number, id: number): Promise<'deleted' | 'in-use' | null> {
        return db.transaction(async (tx) => {
          const [row] = await tx
            .select({ id: projects.id })
            .from(projects)
            .where(and(eq(projects.company_id, companyId), eq(projects.id, id)))
            .for('update');
          if (!row) return null;
          for (const table of [notes, albums, documents, invoices]) {
            const [used] = await tx.select({ id: table.id }).from(table).where(eq(table.project_id, id)).limit(1);
            if (used) return 'in-use';
          }
          await tx.delete(portalEntities).where(and(eq(portalEntities.model_type, 'project'), eq(portalEntities.model_id, id)));
          await tx.delete(projects).where(eq(projects.id, id));
          return 'deleted';
        });
      },
    },

    /** Which of the given ids are not the company's (or, for a rep, not an active member): the fields to refuse. */
    async foreignReferences(
      companyId: number,
      refs: { account_id?: number | null; status_id?: number | null; site_type_id?: number | null; rep_primary_id?: number | null },
    ): Promise<string[]> {
      const checks: [string, number | null | undefined, () => Promise<unknown[]>][] = [
        [
          'account_id',
          refs.account_id,
          () =>
            db
              .select({ id: accounts.id })
              .from(accounts)
              .where(and(eq(accounts.company_id, companyId), eq(accounts.id, refs.account_id!))),
        ],
        [
          'status_id',
          refs.status_id,
          () =>
            db
              .select({ id: projectStatuses.id })
              .from(projectStatuses)
              .where(and(eq(projectStatuses.company_id, companyId), eq(projectStatuses.id, refs.status_id!))),
        ],
        [
          'site_type_id',
          refs.site_type_id,
          () =>
            db
              .select({ id: siteTypes.id })
              .from(siteTypes)
              .where(and(eq(siteTypes.company_id, companyId), eq(siteTypes.id, refs.site_type_id!))),
        ],
        [
          'rep_primary_id',
          refs.rep_primary_id,
          () =>
            db
              .select({ id: staff.id })
              .from(staff)
              .where(and(eq(staff.company_id, companyId), eq(staff.id, refs.rep_primary_id!), isNull(staff.deactivated_at))),
        ],
      ];
      const refused: string[] = [];
      for (const [field, value, query] of checks) if (value != null && (await query()).length === 0) refused.push(field);
      return refused;
    },

    /** A company's statuses or site types: the lists projects pick from. */
    lookups(kind: 'statuses' | 'site-types') {
      const table = kind === 'statuses' ? projectStatuses : siteTypes;
      const column = kind === 'statuses' ? projects.status_id : projects.site_type_id;
      const own = (companyId: number, id: number) => and(eq(table.company_id, companyId), eq(table.id, id));
      return {
        list: (companyId: number, options: { updatedSince?: Date; sort: SortTerm<string>[]; page: PageRequest }) =>
          pageOf(db, table, [eq(table.company_id, companyId), options.updatedSince ? gte(table.updated_at, options.updatedSince) : undefined], options),
        async find(companyId: number, id: number) {
          const [row] = await db.select().from(table).where(own(companyId, id));
          return row ?? null;
        },
        async create(companyId: number, values: { name: string; color?: string | null; position?: number }, now: Date) {
          const [row] = await db
            .insert(table)
            .values({ ...(kind === 'statuses' ? values : { name: values.name }), company_id: companyId, created_at: now, updated_at: now })
            .returning();
          return row!;
        },
        async update(companyId: number, id: number, values: { name?: string; color?: string | null; position?: number }, now: Date) {
          const [row] = await db
            .update(table)
            .set({ ...(kind === 'statuses' ? values : { name: values.name }), updated_at: now })
            .where(own(companyId, id))
            .returning();
          return row ?? null;
        },
        /** Deleted, `in-use` while a project has it (it would silently lose it), or null when not the company's. */
        async remove(companyId: number, id: number): Promise<'deleted' | 'in-use' | null> {
          return db.transaction(async (tx) => {
            const [row] = await tx.select({ id: table.id }).from(table).where(own(companyId, id)).for('update');
            if (!row) return null;
            const [used] = await tx.select({ id: projects.id }).from(projects).where(eq(column, id)).limit(1);
            if (used) return 'in-use';
            await tx.delete(table).where(eq(table.id, id));
            return 'deleted';
          });
        },
      };
    },
  };
}
