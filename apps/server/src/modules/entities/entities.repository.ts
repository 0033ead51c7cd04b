import { and, asc, count, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { withCompiledRows } from '../../db/compiled-rows';
import { contractMoney, contractMoneyColumns } from '../../core/contract-money';
import { invoicedMoneyColumns, invoicedMoneyOf, type InvoicedMoney } from '../../core/invoiced-money';
import { accounts, companies, portalEntities, projectStatuses, projects, staff } from '../../db/schema';
import type { PageRequest, SortTerm } from '../../lib/list-query';
import { pageOffset } from '../../lib/pagination';

import type { ProjectMoney } from '@portal/contract';
import type { AccountRow, CompanyRow, EntityRow, ProjectRow } from '../../db/rows';
export type EntitySort = 'id' | 'created_at' | 'updated_at';

export interface EntityListOptions {
  filters: { company_id?: number[]; model_type?: string[] };
  sort: SortTerm<EntitySort>[];
  page: PageRequest;
  /** What to read along with each entity, in the same query. */
  with?: { model?: boolean; status?: boolean; account?: boolean; company?: boolean };
}

export type ProjectWithRelations = {
  project: ProjectRow;
  rep_primary_name: string | null;
  rep_primary_phone: string | null;
  status: { id: number; name: string; color: string | null } | null;
  account: AccountRow | null;
  /** The sent invoices' figures (null: none), read with the project; the rule of decision 035 decides whether they show. */
  invoiced: InvoicedMoney | null;
  /** The money trail (core/contract-money.ts): read with one entity, for the project's page; not with a list. */
  contract?: ProjectMoney;
};

/** An entity as a list or a record reads it: the project (with rep, status, account) and company when asked for. */
export interface EntityWithRelations {
  entity: EntityRow;
  /** Undefined when not read; null when the entity has no project of its own company. */
  model?: ProjectWithRelations | null;
  company?: CompanyRow | null;
}

const SORT_COLUMNS = {
  id: portalEntities.id,
  created_at: portalEntities.created_at,
  updated_at: portalEntities.updated_at,
} as const;

type Shape = {
  companyFilter: boolean;
  typeFilter: boolean;
  sort: SortTerm<EntitySort>[];
  model: boolean;
  status: boolean;
  account: boolean;
  company: boolean;
};

/** Statements are built once per shape of query and then only executed: no SQL building per request. */
const MAX_STATEMENTS = 256;
let statementCounter = 0;

/**
 * A project joins only when it is the entity's model and belongs to the entity's company: an entity
 * can never reach another company's project.
 */
const projectJoin = (entity: { model_type: unknown; model_id: unknown; company_id: unknown }): SQL =>
  sql`${entity.model_type} = 'project' and ${projects.id} = ${entity.model_id} and ${projects.company_id} = ${entity.company_id}`;

/** The page query is assembled from parts chosen per request shape; its row type is declared by hand (EntityRowWithJoins). */
interface AssembledSelect {
  leftJoin(table: unknown, on: SQL): AssembledSelect;
  orderBy(...columns: SQL[]): AssembledSelect;
  prepare(name: string): { execute(params: Record<string, unknown>): Promise<unknown[]> };
}

interface EntityRowWithJoins {
  entity: EntityRow;
  project?: ProjectRow | null;
  rep_primary_name?: string | null;
  rep_primary_phone?: string | null;
  status?: ProjectWithRelations['status'];
  account?: AccountRow | null;
  company?: CompanyRow | null;
  invoiced_total?: string | null;
  invoiced_balance?: string | null;
  accepted_proposal_total?: string | null;
  approved_changes_total?: string | null;
}

function toRelations(row: EntityRowWithJoins, shape: { model: boolean; company: boolean }): EntityWithRelations {
  const result: EntityWithRelations = { entity: row.entity };
  if (shape.model) {
    result.model = row.project
      ? {
          project: row.project,
          rep_primary_name: row.rep_primary_name ?? null,
          rep_primary_phone: row.rep_primary_phone ?? null,
          status: row.status ?? null,
          account: row.account ?? null,
          invoiced: invoicedMoneyOf(row),
        }
      : null;
  }
  if (shape.company) result.company = row.company ?? null;
  return result;
}

export function entitiesRepository(db: Executor) {
  const pageStatements = new Map<string, ReturnType<typeof buildPageStatement>>();
  const countStatements = new Map<string, ReturnType<typeof buildCountStatement>>();

  function conditions(shape: Pick<Shape, 'companyFilter' | 'typeFilter'>) {
    const where: SQL[] = [eq(portalEntities.portal_user_id, sql.placeholder('userId'))];
    // `= any($n)`: one statement whatever the number of values.
    if (shape.companyFilter) where.push(sql`${portalEntities.company_id} = any(${sql.placeholder('companyIds')}::integer[])`);
    if (shape.typeFilter) where.push(sql`${portalEntities.model_type} = any(${sql.placeholder('modelTypes')}::text[])`);
    return and(...where);
  }

  function buildPageStatement(shape: Shape) {
    const order = (columns: Record<EntitySort, AnyColumn>) => {
      const terms = shape.sort.map((term) => (term.direction === 'desc' ? desc : asc)(columns[term.field]));
      // Ties (equal timestamps) always break on id, so pages never overlap or skip a row.
      if (!shape.sort.some((term) => term.field === 'id')) terms.push(asc(columns.id));
      return terms;
    };
    // The page of entities first (the user's index, LIMIT/OFFSET), then everything else joined to those rows only.
    const limited = db
      .select()
      .from(portalEntities)
      .where(conditions(shape))
      .orderBy(...order(SORT_COLUMNS))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('limited');
    // A company is read on one row of the page only (the rest share it): a page of 30 carries one
    // copy of each company, not 30.
    const page = db
      .select({
        id: limited.id,
        portal_user_id: limited.portal_user_id,
        company_id: limited.company_id,
        model_type: limited.model_type,
        model_id: limited.model_id,
        scope: limited.scope,
        created_at: limited.created_at,
        updated_at: limited.updated_at,
        first_of_company: sql<boolean>`row_number() over (partition by ${limited.company_id}) = 1`.as('first_of_company'),
      })
      .from(limited)
      .as('page');
    const entity = {
      id: page.id,
      portal_user_id: page.portal_user_id,
      company_id: page.company_id,
      model_type: page.model_type,
      model_id: page.model_id,
      scope: page.scope,
      created_at: page.created_at,
      updated_at: page.updated_at,
    };
    const selection = {
      entity,
      // The total rides along (an uncorrelated subquery, run once per query): no second round trip.
      total: db.$count(portalEntities, conditions(shape)),
      ...(shape.model
        ? {
            project: projects,
            rep_primary_name: staff.name,
            rep_primary_phone: staff.phone,
            ...invoicedMoneyColumns(),
            ...(shape.status ? { status: { id: projectStatuses.id, name: projectStatuses.name, color: projectStatuses.color } } : {}),
            ...(shape.account ? { account: accounts } : {}),
          }
        : {}),
      ...(shape.company ? { company: companies } : {}),
    };
    let query = db
      .select(selection as never)
      .from(page)
      .$dynamic() as unknown as AssembledSelect;
    if (shape.model) {
      query = query.leftJoin(projects, projectJoin(page)).leftJoin(staff, eq(staff.id, projects.rep_primary_id));
      if (shape.status) query = query.leftJoin(projectStatuses, eq(projectStatuses.id, projects.status_id));
      if (shape.account) query = query.leftJoin(accounts, eq(accounts.id, projects.account_id));
    }
    if (shape.company) query = query.leftJoin(companies, sql`${companies.id} = ${page.company_id} and ${page.first_of_company}`);
    return withCompiledRows(query.orderBy(...order(entity)).prepare(`entities_page_${++statementCounter}`));
  }

  function buildCountStatement(shape: Pick<Shape, 'companyFilter' | 'typeFilter'>) {
    return db.select({ total: count() }).from(portalEntities).where(conditions(shape)).prepare(`entities_count_${++statementCounter}`);
  }

  const cached = <K, V>(map: Map<K, V>, key: K, build: () => V): V => {
    let value = map.get(key);
    if (!value) {
      if (map.size >= MAX_STATEMENTS) map.delete(map.keys().next().value as K);
      value = build();
      map.set(key, value);
    }
    return value;
  };

  const recordStatement = withCompiledRows(
    db
      .select({
        entity: portalEntities,
        company: companies,
        project: projects,
        rep_primary_name: staff.name,
        rep_primary_phone: staff.phone,
        status: { id: projectStatuses.id, name: projectStatuses.name, color: projectStatuses.color },
        account: accounts,
        ...invoicedMoneyColumns(),
        ...contractMoneyColumns(),
      })
      .from(portalEntities)
      .innerJoin(companies, eq(companies.id, portalEntities.company_id))
      .leftJoin(projects, projectJoin(portalEntities))
      .leftJoin(staff, eq(staff.id, projects.rep_primary_id))
      .leftJoin(projectStatuses, eq(projectStatuses.id, projects.status_id))
      .leftJoin(accounts, eq(accounts.id, projects.account_id))
      .where(and(eq(portalEntities.id, sql.placeholder('entityId')), eq(portalEntities.portal_user_id, sql.placeholder('userId'))))
      .limit(1)
      .prepare('entities_record'),
  );

  return {
    /**
     * One page of the user's entities with what was asked for and the total, in one query whatever
     * the page size (a second one only for an empty page past the end).
     */
    async listForUser(
      userId: number,
      options: EntityListOptions,
      onlyCompanyId: number | null = null,
    ): Promise<{ rows: EntityWithRelations[]; total: number }> {
      // A preview lists the previewing company's entities only: its filter narrowed to that company (none left: none).
      const companyIds =
        onlyCompanyId === null ? options.filters.company_id : (options.filters.company_id ?? [onlyCompanyId]).filter((id) => id === onlyCompanyId);
      const shape: Shape = {
        companyFilter: Boolean(companyIds),
        typeFilter: Boolean(options.filters.model_type),
        sort: options.sort,
        model: Boolean(options.with?.model),
        status: Boolean(options.with?.model && options.with.status),
        account: Boolean(options.with?.model && options.with.account),
        company: Boolean(options.with?.company),
      };
      const filterKey = `${Number(shape.companyFilter)}${Number(shape.typeFilter)}`;
      const sortKey = shape.sort.map((term) => `${term.direction === 'desc' ? '-' : ''}${term.field}`).join(',');
      const key = `${filterKey}|${sortKey}|${[shape.model, shape.status, shape.account, shape.company].map(Number).join('')}`;
      const statement = cached(pageStatements, key, () => buildPageStatement(shape));
      const offset = pageOffset(options.page);
      const params = {
        userId,
        companyIds: companyIds ?? [],
        modelTypes: options.filters.model_type ?? [],
        limit: options.page.size,
        offset,
      };
      const rows = (await statement.execute(params)) as (EntityRowWithJoins & { total: number })[];
      const result = rows.map((row) => toRelations(row, shape));
      if (shape.company) {
        const byId = new Map<number, CompanyRow>();
        for (const row of rows) if (row.company) byId.set(row.company.id, row.company);
        for (const item of result) item.company = byId.get(item.entity.company_id) ?? null;
      }
      if (rows.length > 0) return { rows: result, total: rows[0]!.total };
      if (offset === 0) return { rows: result, total: 0 };
      // An empty page past the end still reports the total: the one case that needs its own count.
      const [counted] = await cached(countStatements, filterKey, () => buildCountStatement(shape)).execute(params);
      return { rows: result, total: counted?.total ?? 0 };
    },

    /** One of the user's entities with its project (rep, status, account) and company, in one query. */
    async findWithRelations(
      userId: number,
      entityId: number,
      onlyCompanyId: number | null = null,
    ): Promise<(EntityWithRelations & { company: CompanyRow }) | null> {
      const [row] = await recordStatement.execute({ userId, entityId });
      if (!row || (onlyCompanyId !== null && row.company.id !== onlyCompanyId)) return null;
      const found = { ...toRelations(row, { model: true, company: true }), company: row.company };
      if (found.model && row.project) found.model.contract = contractMoney(row, row.project);
      return found;
    },
  };
}
export type EntitiesRepository = ReturnType<typeof entitiesRepository>;
