import { and, asc, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { ProjectScope } from '../../core/access/projects';
import { emitWebhookEvent } from '../../core/webhooks/outbox';
import type { Executor } from '../../db/client';
import type { ChangeOrderRow } from '../../db/rows';
import { changeOrders, documents, projects } from '../../db/schema';
import type { PageRequest, SortTerm } from '../../lib/list-query';
import { pageOffset } from '../../lib/pagination';
import { apiTimestamp } from '../../lib/timestamps';
import { ofCompany, statusSql, treeOf, visibleTo, type ChangeOrderTree } from '../../core/change-orders/change-orders.queries';

type Sortable = 'id' | 'number' | 'sent_at' | 'approval_deadline' | 'status' | 'total' | 'created_at' | 'updated_at';

export interface ChangeOrderListOptions {
  filters: { project_id?: number[]; status?: string[]; number?: number[]; updated_since?: [Date] };
  sort: SortTerm<Sortable>[];
  page: PageRequest;
  today: string;
}

/** The change orders a portal user and a company read (the lists, one with its tree), and the mark that a customer opened one. */
export function changeOrderReadsRepository(db: Executor) {
  async function list(where: SQL | undefined, options: ChangeOrderListOptions) {
    const status = statusSql(options.today);
    const conditions = [where];
    const { filters } = options;
    if (filters.project_id?.length) conditions.push(inArray(changeOrders.project_id, filters.project_id));
    if (filters.number?.length) conditions.push(inArray(changeOrders.number, filters.number));
    if (filters.status?.length) conditions.push(inArray(status, filters.status));
    if (filters.updated_since) conditions.push(gte(changeOrders.updated_at, filters.updated_since[0]));
    const columns: Record<Sortable, SQL> = {
      id: sql`${changeOrders.id}`,
      number: sql`${changeOrders.number}`,
      sent_at: sql`${changeOrders.sent_at}`,
      approval_deadline: sql`${changeOrders.approval_deadline}`,
      status,
      total: sql`${changeOrders.total}`,
      created_at: sql`${changeOrders.created_at}`,
      updated_at: sql`${changeOrders.updated_at}`,
    };
    const order = options.sort.map((term) => (term.direction === 'desc' ? desc : asc)(columns[term.field]));
    // Equal values always break on id, so pages never overlap or skip a row.
    order.push((options.sort[0]?.direction === 'desc' ? desc : asc)(changeOrders.id));
    const [rows, counted] = await Promise.all([
      db
        .select()
        .from(changeOrders)
        .where(and(...conditions))
        .orderBy(...order)
        .limit(options.page.size)
        .offset(pageOffset(options.page)),
      db
        .select({ total: count() })
        .from(changeOrders)
        .where(and(...conditions)),
    ]);
    return { rows, total: counted[0]?.total ?? 0 };
  }

  async function find(where: SQL | undefined): Promise<ChangeOrderTree | null> {
    const [row] = await db.select().from(changeOrders).where(where).limit(1);
    return row ? treeOf(db, row) : null;
  }

  return {
    tree: (changeOrder: ChangeOrderRow) => treeOf(db, changeOrder),

    /** The company's project, or null. */
    async project(scope: ProjectScope) {
      const [row] = await db
        .select({ id: projects.id, number: projects.number, name: projects.name, address_street: projects.address_street })
        .from(projects)
        .where(and(eq(projects.id, scope.projectId), eq(projects.company_id, scope.companyId)))
        .limit(1);
      return row ?? null;
    },

    /** Of these file ids, those that are not the file of one of the project's documents (so may not be attached). */
    async foreignFiles(scope: ProjectScope, fileIds: readonly number[]): Promise<number[]> {
      const wanted = [...new Set(fileIds)];
      if (wanted.length === 0) return [];
      const held = await db
        .select({ fileId: documents.file_id })
        .from(documents)
        .where(and(eq(documents.company_id, scope.companyId), eq(documents.project_id, scope.projectId), inArray(documents.file_id, wanted)));
      const known = new Set(held.map((row) => row.fileId));
      return wanted.filter((id) => !known.has(id));
    },

    portalList: (scope: ProjectScope, options: ChangeOrderListOptions) => list(visibleTo(scope), options),
    companyList: (companyId: number, options: ChangeOrderListOptions) => list(eq(changeOrders.company_id, companyId), options),

    portalFind: (scope: ProjectScope, changeOrderId: number) => find(and(eq(changeOrders.id, changeOrderId), visibleTo(scope))),
    companyFind: (companyId: number, changeOrderId: number) => find(ofCompany(companyId, changeOrderId)),

    /**
     * The customer opened the change order: the first time, it is marked viewed and `change_order.viewed` goes in the
     * company's webhook outbox in the same transaction. Answers whether this was that first time.
     */
    async markViewed(scope: ProjectScope, changeOrder: ChangeOrderRow, viewer: { id: number; email: string }, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const marked = await tx
          .update(changeOrders)
          .set({ viewed_at: now, updated_at: now })
          .where(and(eq(changeOrders.id, changeOrder.id), eq(changeOrders.company_id, scope.companyId), sql`${changeOrders.viewed_at} is null`))
          .returning({ id: changeOrders.id });
        if (marked.length === 0) return false;
        await emitWebhookEvent(tx, {
          companyId: scope.companyId,
          type: 'change_order.viewed',
          at: now,
          data: {
            change_order: {
              id: changeOrder.id,
              number: changeOrder.number,
              version: changeOrder.version,
              project_id: scope.projectId,
              viewed_at: apiTimestamp(now),
            },
            viewer: { type: 'portal_user', id: viewer.id, email: viewer.email },
          },
        });
        return true;
      });
    },
  };
}
