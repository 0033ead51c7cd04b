import type { IntegrationProposal, IntegrationProposalDetail, PortalProposalStatus, Proposal, ProposalAcceptance, ProposalDetail } from '@portal/contract';
import type { ProposalAcceptanceRow, ProposalRow } from '../../db/rows';
import { apiTimestamp } from '../../lib/timestamps';
import { quantityText, rateText, statusOf, withAcceptedMoney, type ProposalTree } from './proposals.content';

const stamp = (date: Date | null) => (date ? apiTimestamp(date) : null);

function base(row: ProposalRow, today: string) {
  return {
    id: row.id,
    project_id: row.project_id,
    number: row.number,
    version: row.version,
    title: row.title,
    status: statusOf(row, today),
    currency: 'USD' as const,
    subtotal: row.subtotal,
    tax: row.tax,
    total: row.total,
    sent_at: stamp(row.sent_at),
    expires_on: row.expires_on,
    created_at: apiTimestamp(row.created_at),
    updated_at: apiTimestamp(row.updated_at),
  };
}

const companyFields = (row: ProposalRow) => ({
  previous_version_id: row.previous_version_id,
  viewed_at: stamp(row.viewed_at),
  withdrawn_at: stamp(row.withdrawn_at),
  superseded_at: stamp(row.superseded_at),
});

/** The portal never reads a draft: the repository leaves them out, so the status is one the portal knows. */
export const serializeProposal = (row: ProposalRow, today: string): Proposal => ({ ...base(row, today), status: statusOf(row, today) as PortalProposalStatus });

export const serializeCompanyProposal = (row: ProposalRow, today: string): IntegrationProposal => ({ ...base(row, today), ...companyFields(row) });

export const serializeAcceptance = (row: ProposalAcceptanceRow): ProposalAcceptance => ({
  signer_name: row.signer_name,
  signer_email: row.signer_email,
  accepted_at: apiTimestamp(row.accepted_at),
  ip_address: row.ip_address,
  user_agent: row.user_agent,
  selected_item_ids: [...row.selected_item_ids].sort((a, b) => a - b),
  subtotal: row.subtotal,
  tax: row.tax,
  total: row.total,
  content_sha256: row.content_sha256,
  pdf_sha256: row.pdf_sha256,
});

function detailFields(tree: ProposalTree) {
  const { proposal, acceptance } = tree;
  const selected = new Set(acceptance?.selected_item_ids ?? []);
  return {
    intro: proposal.intro,
    terms: proposal.terms,
    tax_rate: rateText(proposal.tax_rate),
    sections: tree.sections.map((section) => ({
      id: section.id,
      title: section.title,
      items: section.items.map((item) => ({
        id: item.id,
        description: item.description,
        quantity: quantityText(item.quantity),
        unit_price: item.unit_price,
        amount: item.amount,
        optional: item.optional,
        selected: !item.optional || selected.has(item.id),
      })),
    })),
    total_with_all_options: proposal.total_with_all_options,
    viewed_at: stamp(proposal.viewed_at),
    acceptance: acceptance ? serializeAcceptance(acceptance) : null,
    decline: proposal.declined_at ? { declined_at: apiTimestamp(proposal.declined_at), reason: proposal.decline_reason } : null,
  };
}

export const serializeProposalDetail = (tree: ProposalTree, today: string): ProposalDetail => ({
  ...serializeProposal(withAcceptedMoney(tree.proposal, tree.acceptance), today),
  ...detailFields(tree),
});

export const serializeCompanyProposalDetail = (tree: ProposalTree, today: string): IntegrationProposalDetail => ({
  ...serializeCompanyProposal(withAcceptedMoney(tree.proposal, tree.acceptance), today),
  ...detailFields(tree),
});
