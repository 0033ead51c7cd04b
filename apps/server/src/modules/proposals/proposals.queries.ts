import { fromCents, invoiceTotals, lineAmountCents, type ProposalStatus } from '@portal/contract';
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { ProjectScope } from '../../core/access/projects';
import type { Executor } from '../../db/client';
import type { ProposalRow } from '../../db/rows';
import { proposalAcceptances, proposalItems, proposalSections, proposals } from '../../db/schema';
import type { ProposalTree } from './proposals.content';

/**
 * What the proposal repositories share (proposals.repository.ts puts them together): the fields of a draft, the
 * refusals, the status rule in SQL, the portal's condition, the lock every write takes and a proposal's whole tree.
 */

/** The fields of a draft a company writes; the money is computed from the items and the rate, never taken as given. */
export interface DraftFields {
  title: string;
  intro: string | null;
  terms: string | null;
  expiresOn: string;
  taxRate: string;
  sections: { title: string; items: { description: string; quantity: string; unitPrice: string; optional: boolean }[] }[];
}

/** Why a write was refused: the route turns each into its answer. */
export type ProposalRefusal =
  | { refused: 'not_found' }
  | { refused: 'state'; status: ProposalStatus; expiresOn: string }
  | { refused: 'no_items' }
  | { refused: 'expiry_passed' }
  | { refused: 'not_latest'; latestVersion: number }
  | { refused: 'unknown_items'; ids: number[] };

/** The status as SQL, the same rule as statusOf (proposals.content.ts), so that lists filter and sort by it. */
export const statusSql = (today: string): SQL<string> =>
  sql<string>`(case when ${proposals.state} = 'sent' and ${proposals.expires_on} < ${today}::date then 'expired' else ${proposals.state} end)`;

/** Drafts never reach a portal user: every portal read goes through this condition. */
export const visibleTo = (scope: ProjectScope) =>
  and(eq(proposals.company_id, scope.companyId), eq(proposals.project_id, scope.projectId), ne(proposals.state, 'draft'));

/** One of the company's proposals. */
export const ofCompany = (companyId: number, proposalId: number) => and(eq(proposals.id, proposalId), eq(proposals.company_id, companyId));

/** The proposal row, locked until the transaction ends; null when none matches. */
export const lock = async (tx: Executor, where: SQL | undefined): Promise<ProposalRow | null> => {
  const [row] = await tx.select().from(proposals).where(where).for('update').limit(1);
  return row ?? null;
};

/** The money of a draft's items in whole cents: each amount, and the totals without and with every optional item. */
export function draftMoney(fields: Pick<DraftFields, 'sections' | 'taxRate'>) {
  const items = fields.sections.flatMap((section) => section.items);
  const required = invoiceTotals(
    items.filter((item) => !item.optional),
    fields.taxRate,
  );
  const all = invoiceTotals(items, fields.taxRate);
  return {
    subtotal: fromCents(required.subtotal),
    tax: fromCents(required.tax),
    total: fromCents(required.total),
    total_with_all_options: fromCents(all.total),
  };
}

/** A draft's sections and items, written in their order; each item's amount computed in cents. */
export async function writeSections(tx: Executor, proposalId: number, sections: DraftFields['sections']) {
  for (const [position, section] of sections.entries()) {
    const [row] = await tx.insert(proposalSections).values({ proposal_id: proposalId, position, title: section.title }).returning({ id: proposalSections.id });
    if (section.items.length === 0) continue;
    await tx.insert(proposalItems).values(
      section.items.map((item, itemPosition) => ({
        proposal_id: proposalId,
        section_id: row!.id,
        position: itemPosition,
        description: item.description,
        quantity: item.quantity,
        unit_price: item.unitPrice,
        amount: fromCents(lineAmountCents(item.quantity, item.unitPrice)),
        optional: item.optional,
      })),
    );
  }
}

/** The proposal with its sections, their items and its acceptance, if any. */
export async function treeOf(executor: Executor, proposal: ProposalRow): Promise<ProposalTree> {
  const [sections, items, acceptances] = await Promise.all([
    executor
      .select()
      .from(proposalSections)
      .where(eq(proposalSections.proposal_id, proposal.id))
      .orderBy(asc(proposalSections.position), asc(proposalSections.id)),
    executor.select().from(proposalItems).where(eq(proposalItems.proposal_id, proposal.id)).orderBy(asc(proposalItems.position), asc(proposalItems.id)),
    executor.select().from(proposalAcceptances).where(eq(proposalAcceptances.proposal_id, proposal.id)).limit(1),
  ]);
  return {
    proposal,
    sections: sections.map((section) => ({ ...section, items: items.filter((item) => item.section_id === section.id) })),
    acceptance: acceptances[0] ?? null,
  };
}
