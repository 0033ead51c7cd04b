import { fromCents, invoiceTotals, type ProposalStatus } from '@portal/contract';
import { hashedContent } from '../../core/signatures/content';
import type { ProposalAcceptanceRow, ProposalItemRow, ProposalRow, ProposalSectionRow } from '../../db/rows';

/**
 * What a proposal is made of once read, its money, its derived status and the canonical content its evidence hashes
 * (docs/company-api.md "Proposals", docs/decisions/067-proposal-pages.md).
 */

export interface ProposalTree {
  proposal: ProposalRow;
  sections: (ProposalSectionRow & { items: ProposalItemRow[] })[];
  acceptance: ProposalAcceptanceRow | null;
}

/** The status a reader sees: `expired` for a sent proposal after the end of its expiry day (UTC), else the stored state. */
export function statusOf(proposal: Pick<ProposalRow, 'state' | 'expires_on'>, today: string): ProposalStatus {
  if (proposal.state === 'sent' && proposal.expires_on < today) return 'expired';
  return proposal.state as ProposalStatus;
}

/** A quantity as a person writes it: "2.500" → "2.5", "1.000" → "1". */
export const quantityText = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

/** A tax rate as a person writes it: "8.2500" → "8.25", "0.0000" → "0". */
export const rateText = quantityText;

type Priced = { id?: number; quantity: string; unitPrice: string; optional: boolean };

/**
 * The money of the items counted: every required item, and the optional ones in `selected` (all of them with `'all'`),
 * through the invoices' integer-cent code, so a proposal and the invoice made from it agree to the cent.
 */
export function proposalTotals(items: readonly Priced[], taxRate: string, selected: ReadonlySet<number> | 'all' = new Set()) {
  const counted = items.filter((item) => !item.optional || selected === 'all' || (item.id !== undefined && selected.has(item.id)));
  const { subtotal, tax, total } = invoiceTotals(counted, taxRate);
  return { subtotal, tax, total };
}

export const itemsOf = (tree: Pick<ProposalTree, 'sections'>) => tree.sections.flatMap((section) => section.items);

const priced = (item: ProposalItemRow): Priced => ({ id: item.id, quantity: item.quantity, unitPrice: item.unit_price, optional: item.optional });

/** The totals of an acceptance with these optional items ticked, as decimal strings. */
export function acceptedTotals(tree: Pick<ProposalTree, 'proposal' | 'sections'>, selected: ReadonlySet<number>) {
  const totals = proposalTotals(itemsOf(tree).map(priced), tree.proposal.tax_rate, selected);
  return { subtotal: fromCents(totals.subtotal), tax: fromCents(totals.tax), total: fromCents(totals.total) };
}

/**
 * A proposal's money as every read shows it: once accepted, what was accepted (the required items and the optional
 * ones chosen, with tax, as the acceptance stored them), else its own figures (the required items only).
 */
export function withAcceptedMoney<T extends Pick<ProposalRow, 'subtotal' | 'tax' | 'total'>>(
  proposal: T,
  accepted: Pick<ProposalAcceptanceRow, 'subtotal' | 'tax' | 'total'> | null,
): T {
  return accepted ? { ...proposal, subtotal: accepted.subtotal, tax: accepted.tax, total: accepted.total } : proposal;
}

/**
 * The canonical content of a proposal as the customer saw it when accepting: a JSON object with exactly these members,
 * serialised with its keys sorted and no white space (RFC 8785 for what it holds: strings, whole numbers, booleans,
 * null, arrays and objects), UTF-8. Its SHA-256 is the evidence's `content_sha256`, and the signed PDF prints both.
 * The one definition: docs/company-api.md "Proposals".
 */
export function proposalContent(tree: Pick<ProposalTree, 'proposal' | 'sections'>, selectedItemIds: readonly number[]) {
  const { proposal } = tree;
  const selected = new Set(selectedItemIds);
  const totals = acceptedTotals(tree, selected);
  return {
    format: 'portal-proposal/1',
    proposal_id: proposal.id,
    number: proposal.number,
    version: proposal.version,
    title: proposal.title,
    intro: proposal.intro,
    sections: tree.sections.map((section) => ({
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
    currency: 'USD',
    tax_rate: rateText(proposal.tax_rate),
    terms: proposal.terms,
    expires_on: proposal.expires_on,
    selected_item_ids: [...selected].sort((a, b) => a - b),
    subtotal: totals.subtotal,
    tax: totals.tax,
    total: totals.total,
  };
}

/** The canonical JSON of what the customer accepted, and its SHA-256 (core/signatures/content.ts, one way for every signature): for the evidence and the PDF. */
export function contentHash(tree: Pick<ProposalTree, 'proposal' | 'sections'>, selectedItemIds: readonly number[]) {
  return hashedContent(proposalContent(tree, selectedItemIds));
}
