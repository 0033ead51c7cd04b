import { fromCents, toCents, type ProjectMoney } from '@portal/contract';
import { and, eq, getTableColumns, getTableName, sql, type SQL, type Table } from 'drizzle-orm';
import type { Executor } from '../db/client';
import type { ProjectRow } from '../db/rows';
import { changeOrders, projects, proposalAcceptances, proposals } from '../db/schema';

/**
 * The money trail of a project (docs/company-api.md "Change orders"): what the contract was, what the approved changes
 * add (a credit takes off) and what it is now. One rule, here, for the portal's project page, invoices page and
 * statement and the company's API and console, beside the invoiced money of core/invoiced-money.ts.
 */

/**
 * The two figures the trail is made of, read in the query of the projects themselves (one subquery each per project
 * row, off the project indexes of proposals and change orders): the latest accepted proposal's accepted total (null:
 * none accepted) and the sum of the approved change orders' totals (null: none approved).
 */
export function contractMoneyColumns() {
  const { proposal, acceptance, changeOrder, project } = {
    proposal: qualified(proposals),
    acceptance: qualified(proposalAcceptances),
    changeOrder: qualified(changeOrders),
    project: qualified(projects),
  };
  return {
    accepted_proposal_total: sql<string | null>`(select ${acceptance.total}::text from ${proposals}
      join ${proposalAcceptances} on ${acceptance.proposal_id} = ${proposal.id}
      where ${proposal.project_id} = ${project.id} and ${proposal.company_id} = ${project.company_id} and ${proposal.state} = 'accepted'
      order by ${acceptance.accepted_at} desc, ${acceptance.id} desc limit 1)`,
    approved_changes_total: sql<string | null>`(select sum(${changeOrder.total})::numeric(14,2)::text from ${changeOrders}
      where ${changeOrder.project_id} = ${project.id} and ${changeOrder.company_id} = ${project.company_id} and ${changeOrder.state} = 'approved')`,
  };
}

/**
 * A table's columns written with the table's name, whatever the query around them: a query of one table writes its
 * columns bare, and a bare `id` inside these subqueries would be the subquery's own.
 */
function qualified<T extends Table>(table: T): Record<keyof T['_']['columns'], SQL> {
  const name = getTableName(table);
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [key, sql`${sql.identifier(name)}.${sql.identifier(column.name)}`]),
  ) as Record<keyof T['_']['columns'], SQL>;
}

/** What contractMoneyColumns read, as a row carries it. */
export interface ContractMoneyFigures {
  accepted_proposal_total?: string | null;
  approved_changes_total?: string | null;
}

/**
 * The one computation of the trail, in whole cents: `contract` is the latest accepted proposal's total where there is
 * one, else the company's own `financials_total_amount` (0.00 when it has none); `approved_changes` the approved change
 * orders' totals added up, credits subtracting; `revised_contract` their sum.
 */
export function contractMoney(figures: ContractMoneyFigures, project: Pick<ProjectRow, 'financials_total_amount'>): ProjectMoney {
  const contract = toCents(figures.accepted_proposal_total ?? project.financials_total_amount ?? '0');
  const changes = toCents(figures.approved_changes_total ?? '0');
  return { contract: fromCents(contract), approved_changes: fromCents(changes), revised_contract: fromCents(contract + changes) };
}

/** One project's trail, read on its own (the invoices page and the statement); null when the company has no such project. */
export async function projectContractMoney(db: Executor, scope: { companyId: number; projectId: number }): Promise<ProjectMoney | null> {
  const [row] = await db
    .select({ financials_total_amount: projects.financials_total_amount, ...contractMoneyColumns() })
    .from(projects)
    .where(and(eq(projects.id, scope.projectId), eq(projects.company_id, scope.companyId)))
    .limit(1);
  return row ? contractMoney(row, row) : null;
}
