import { and, asc, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { ProjectScope } from '../../core/access/projects';
import { emitWebhookEvent } from '../../core/webhooks/outbox';
import type { Executor } from '../../db/client';
import type { ProposalRow } from '../../db/rows';
import { projects, proposalAcceptances, proposals } from '../../db/schema';
import type { PageRequest, SortTerm } from '../../lib/list-query';
import { pageOffset } from '../../lib/pagination';
import { apiTimestamp } from '../../lib/timestamps';
import { withAcceptedMoney, type ProposalTree } from './proposals.content';
import { ofCompany, statusSql, treeOf, visibleTo } from './proposals.queries';

type Sortable = 'id' | 'number' | 'sent_at' | 'expires_on' | 'status' | 'total' | 'created_at' | 'updated_at';

export interface ListOptions {
  filters: { project_id?: number[]; status?: string[]; number?: number[]; updated_since?: [Date] };
  sort: SortTerm<Sortable>[];
  page: PageRequest;
  today: string;
}

/** The proposals a portal user and a company read (the lists, one proposal with its tree), and the mark that a customer opened one. */
export function proposalReadsRepository(db: Executor) {
  async function list(where: SQL | undefined, options: ListOptions) {
    const status = statusSql(options.today);
    const conditions = [where];
    const { filters } = options;
    if (filters.project_id?.length) conditions.push(inArray(proposals.project_id, filters.project_id));
    if (filters.number?.length) conditions.push(inArray(proposals.number, filters.number));
    if (filters.status?.length) conditions.push(inArray(status, filters.status));
    if (filters.updated_since) conditions.push(gte(proposals.updated_at, filters.updated_since[0]));
    const columns: Record<Sortable, SQL> = {
      id: sql`${proposals.id}`,
      number: sql`${proposals.number}`,
      sent_at: sql`${proposals.sent_at}`,
      expires_on: sql`${proposals.expires_on}`,
      status,
      // What the list shows: the accepted total once accepted.
      total: sql`coalesce(${proposalAcceptances.total}, ${proposals.total})`,
      created_at: sql`${proposals.created_at}`,
      updated_at: sql`${proposals.updated_at}`,
    };
    const order = options.sort.map((term) => (term.direction === 'desc' ? desc : asc)(columns[term.field]));
    // Equal values always break on id, so pages never overlap or skip a row.
    order.push((options.sort[0]?.direction === 'desc' ? desc : asc)(proposals.id));
    const [rows, counted] = await Promise.all([
      // One acceptance per proposal at most (a unique index): the join never repeats a row.
      db
        .select({ proposal: proposals, accepted: { subtotal: proposalAcceptances.subtotal, tax: proposalAcceptances.tax, total: proposalAcceptances.total } })
        .from(proposals)
        .leftJoin(proposalAcceptances, eq(proposalAcceptances.proposal_id, proposals.id))
        .where(and(...conditions))
        .orderBy(...order)
        .limit(options.page.size)
        .offset(pageOffset(options.page)),
      db
        .select({ total: count() })
        .from(proposals)
        .where(and(...conditions)),
    ]);
    return { rows: rows.map((row) => withAcceptedMoney(row.proposal, row.accepted)), total: counted[0]?.total ?? 0 };
  }

  async function find(where: SQL | undefined): Promise<ProposalTree | null> {
    const [row] = await db.select().from(proposals).where(where).limit(1);
    return row ? treeOf(db, row) : null;
  }

  return {
    tree: (proposal: ProposalRow) => treeOf(db, proposal),

    /** The company's project, or null. */
    async project(scope: ProjectScope) {
      const [row] = await db
        .select({ id: projects.id, number: projects.number, name: projects.name, address_street: projects.address_street })
        .from(projects)
        .where(and(eq(projects.id, scope.projectId), eq(projects.company_id, scope.companyId)))
        .limit(1);
      return row ?? null;
    },

    portalList: (scope: ProjectScope, options: ListOptions) => list(visibleTo(scope), options),
    companyList: (companyId: number, options: ListOptions) => list(eq(proposals.company_id, companyId), options),

    portalFind: (scope: ProjectScope, proposalId: number) => find(and(eq(proposals.id, proposalId), visibleTo(scope))),
    companyFind: (companyId: number, proposalId: number) => find(ofCompany(companyId, proposalId)),

    /**
     * The customer opened the proposal: the first time, it is marked viewed and `proposal.viewed` goes in the company's
     * webhook outbox in the same transaction. Answers whether this was that first time.
     */
    async markViewed(scope: ProjectScope, proposal: ProposalRow, viewer: { id: number; email: string }, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const marked = await tx
          .update(proposals)
          .set({ viewed_at: now, updated_at: now })
          .where(and(eq(proposals.id, proposal.id), eq(proposals.company_id, scope.companyId), sql`${proposals.viewed_at} is null`))
          .returning({ id: proposals.id });
        if (marked.length === 0) return false;
        await emitWebhookEvent(tx, {
          companyId: scope.companyId,
          type: 'proposal.viewed',
          at: now,
          data: {
            proposal: { id: proposal.id, number: proposal.number, version: proposal.version, project_id: scope.projectId, viewed_at: apiTimestamp(now) },
            viewer: { type: 'portal_user', id: viewer.id, email: viewer.email },
          },
        });
        return true;
      });
    },
  };
}
