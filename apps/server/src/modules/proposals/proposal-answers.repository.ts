import { and, eq } from 'drizzle-orm';
import type { ProjectScope } from '../../core/access/projects';
import type { SignerEvidence } from '../../core/signatures/evidence';
import { signingTransaction, type PdfStore, type StoredPdf } from '../../core/signatures/stored-pdf';
import { emitWebhookEvent } from '../../core/webhooks/outbox';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { ProposalRow } from '../../db/rows';
import { proposalAcceptances, proposals } from '../../db/schema';
import { apiTimestamp } from '../../lib/timestamps';
import { acceptedTotals, contentHash, itemsOf, statusOf, type ProposalTree } from './proposals.content';
import { lock, treeOf, visibleTo, type ProposalRefusal } from './proposals.queries';

/**
 * What the signed PDF prints of the acceptance, known before the PDF exists (its own hash is recorded after): the
 * signer's evidence every signature keeps (core/signatures/evidence.ts) and what a proposal adds.
 */
export interface AcceptanceEvidence extends SignerEvidence {
  selectedItemIds: number[];
  subtotal: string;
  tax: string;
  total: string;
  contentSha256: string;
}

/** What the customer sent with an acceptance, and when. */
export interface AcceptanceInput {
  portalUser: { id: number; email: string };
  signerName: string;
  ipAddress: string;
  userAgent: string | null;
  selectedItemIds: number[];
  now: Date;
  today: string;
}

/** The state checks of a customer's answer: only a sent proposal not past its expiry day may be answered. */
const unanswerable = (row: ProposalRow, today: string): ProposalRefusal | null => {
  const status = statusOf(row, today);
  return status === 'sent' ? null : { refused: 'state', status, expiresOn: row.expires_on };
};

/** The optional items chosen, sorted and each once, or the refusal naming those that are not optional items of the proposal. */
function chosenItems(tree: ProposalTree, selectedItemIds: number[]): { selected: number[] } | ProposalRefusal {
  const optional = new Set(
    itemsOf(tree)
      .filter((item) => item.optional)
      .map((item) => item.id),
  );
  const unknown = selectedItemIds.filter((id) => !optional.has(id));
  if (unknown.length > 0) return { refused: 'unknown_items', ids: unknown };
  return { selected: [...new Set(selectedItemIds)].sort((a, b) => a - b) };
}

/** The evidence of an acceptance: who signed, from where, what they chose, the money and the hash of what they saw. */
function evidenceOf(tree: ProposalTree, input: AcceptanceInput, selected: number[]) {
  const totals = acceptedTotals(tree, new Set(selected));
  const content = contentHash(tree, selected);
  const evidence: AcceptanceEvidence = {
    signerName: input.signerName,
    signerEmail: input.portalUser.email,
    signedAt: input.now,
    ipAddress: input.ipAddress,
    userAgent: input.userAgent,
    selectedItemIds: selected,
    ...totals,
    contentSha256: content.sha256,
  };
  return { evidence, content };
}

/** The acceptance's row and the `proposal.accepted` event, written with the proposal's new state. */
async function recordAcceptance(
  tx: Executor,
  scope: ProjectScope,
  row: ProposalRow,
  input: AcceptanceInput,
  { evidence, content }: ReturnType<typeof evidenceOf>,
  blob: StoredPdf,
) {
  const { subtotal, tax, total } = evidence;
  await tx.insert(proposalAcceptances).values({
    proposal_id: row.id,
    company_id: scope.companyId,
    portal_user_id: input.portalUser.id,
    signer_name: input.signerName,
    signer_email: input.portalUser.email,
    accepted_at: input.now,
    ip_address: input.ipAddress,
    user_agent: input.userAgent,
    selected_item_ids: evidence.selectedItemIds,
    subtotal,
    tax,
    total,
    content_json: content.json,
    content_sha256: content.sha256,
    pdf_blob_key: blob.key,
    pdf_sha256: blob.sha256,
    pdf_size: blob.size,
    created_at: input.now,
  });
  await tx.update(proposals).set({ state: 'accepted', updated_at: input.now }).where(eq(proposals.id, row.id));
  await emitWebhookEvent(tx, {
    companyId: scope.companyId,
    type: 'proposal.accepted',
    at: input.now,
    data: {
      proposal: { id: row.id, number: row.number, version: row.version, project_id: row.project_id, title: row.title },
      acceptance: {
        signer_name: input.signerName,
        signer_email: input.portalUser.email,
        accepted_at: apiTimestamp(input.now),
        selected_item_ids: evidence.selectedItemIds,
        subtotal,
        tax,
        total,
        content_sha256: content.sha256,
        pdf_sha256: blob.sha256,
      },
      portal_user: { type: 'portal_user', id: input.portalUser.id, email: input.portalUser.email },
    },
  });
}

/** A customer's answer to a sent proposal: accepted with its evidence and signed PDF, or declined. */
export function proposalAnswersRepository(db: Executor) {
  return {
    /**
     * The customer accepts: under a lock on the proposal, its state is checked, the evidence computed, the signed PDF
     * made once and stored, the acceptance written (its unique index is the last word on a race) with the state and
     * the `proposal.accepted` event. `storePdf` answers the stored blob and a way to take it back: a transaction that
     * loses deletes it, so no PDF is left without its acceptance.
     */
    async accept(
      scope: ProjectScope,
      proposalId: number,
      input: AcceptanceInput,
      makePdf: (tree: ProposalTree, evidence: AcceptanceEvidence) => Promise<Buffer>,
      storePdf: PdfStore,
    ): Promise<ProposalRefusal | null> {
      try {
        return await signingTransaction(db, storePdf, async (tx, keep) => {
          const row = await lock(tx, and(eq(proposals.id, proposalId), visibleTo(scope)));
          if (!row) return { refused: 'not_found' };
          const refusal = unanswerable(row, input.today);
          if (refusal) return refusal;
          const tree = await treeOf(tx, row);
          const chosen = chosenItems(tree, input.selectedItemIds);
          if ('refused' in chosen) return chosen;
          const acceptance = evidenceOf(tree, input, chosen.selected);
          const pdf = await makePdf(tree, acceptance.evidence);
          const blob = await keep(pdf);
          await recordAcceptance(tx, scope, row, input, acceptance, blob);
          return null;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { refused: 'state', status: 'accepted', expiresOn: '' };
        throw error;
      }
    },

    async decline(
      scope: ProjectScope,
      proposalId: number,
      input: { portalUser: { id: number; email: string }; reason: string | null; now: Date; today: string },
    ): Promise<ProposalRefusal | null> {
      return db.transaction(async (tx) => {
        const row = await lock(tx, and(eq(proposals.id, proposalId), visibleTo(scope)));
        if (!row) return { refused: 'not_found' };
        const refusal = unanswerable(row, input.today);
        if (refusal) return refusal;
        await tx
          .update(proposals)
          .set({
            state: 'declined',
            declined_at: input.now,
            decline_reason: input.reason,
            declined_by_portal_user_id: input.portalUser.id,
            updated_at: input.now,
          })
          .where(eq(proposals.id, row.id));
        await emitWebhookEvent(tx, {
          companyId: scope.companyId,
          type: 'proposal.declined',
          at: input.now,
          data: {
            proposal: { id: row.id, number: row.number, version: row.version, project_id: row.project_id, title: row.title },
            decline: { declined_at: apiTimestamp(input.now), reason: input.reason },
            portal_user: { type: 'portal_user', id: input.portalUser.id, email: input.portalUser.email },
          },
        });
        return null;
      });
    },
  };
}
