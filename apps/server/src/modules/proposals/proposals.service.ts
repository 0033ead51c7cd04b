import { PROPOSAL_MESSAGES } from '@portal/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { pdfFileName } from '../../core/pdf/kit';
import { sendSignedPdf as sendStoredSignedPdf } from '../../core/signatures/stored-pdf';
import type { ProposalAcceptanceRow, ProposalRow } from '../../db/rows';
import { HttpError, invalid, notFound } from '../../lib/http-errors';
import type { ProposalRefusal } from './proposals.repository';

/** The answer to a refused write, by what refused it. */
export function refuse(refusal: ProposalRefusal, side: 'portal' | 'company'): never {
  switch (refusal.refused) {
    case 'not_found':
      throw notFound();
    case 'no_items':
      throw invalid({ sections: ['A proposal needs at least one item to be sent.'] });
    case 'expiry_passed':
      throw invalid({ expires_on: ['The expiry date has passed: set a later one before sending the proposal.'] });
    case 'not_latest':
      throw new HttpError(409, `Version ${refusal.latestVersion} of this proposal exists: make the new version from that one.`);
    case 'unknown_items':
      throw invalid({ selected_item_ids: [`These are not optional items of this proposal: ${refusal.ids.join(', ')}.`] });
    case 'state':
      throw new HttpError(409, stateMessage(refusal, side));
  }
}

function stateMessage(refusal: Extract<ProposalRefusal, { refused: 'state' }>, side: 'portal' | 'company'): string {
  switch (refusal.status) {
    case 'expired':
      return side === 'portal'
        ? PROPOSAL_MESSAGES.expired(refusal.expiresOn)
        : `This proposal expired on ${refusal.expiresOn}: make a new version of it instead.`;
    case 'withdrawn':
      return side === 'portal' ? PROPOSAL_MESSAGES.withdrawn : 'This proposal was withdrawn: make a new version of it instead.';
    case 'superseded':
      return side === 'portal' ? PROPOSAL_MESSAGES.superseded : 'This proposal was replaced by a newer version.';
    case 'accepted':
      return side === 'portal' ? PROPOSAL_MESSAGES.alreadyAccepted : 'This proposal was accepted and can no longer be changed, withdrawn or replaced.';
    case 'declined':
      return side === 'portal' ? PROPOSAL_MESSAGES.alreadyDeclined : 'This proposal was declined: make a new version of it instead.';
    case 'sent':
      return PROPOSAL_MESSAGES.notDraft;
    case 'draft':
      return 'This proposal is a draft: send it first.';
  }
}

/** The signed PDF as it was stored at acceptance, byte for byte (core/signatures/stored-pdf.ts). */
export const sendSignedPdf = (
  app: FastifyInstance,
  reply: FastifyReply,
  proposal: Pick<ProposalRow, 'number' | 'version'>,
  acceptance: Pick<ProposalAcceptanceRow, 'pdf_blob_key' | 'pdf_sha256'>,
  disposition: 'attachment' | 'inline',
) => sendStoredSignedPdf(app, reply, `proposal-${pdfFileName(`P-${proposal.number}-v${proposal.version}`)}-signed`, acceptance, disposition);
