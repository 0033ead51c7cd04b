import type { Executor } from '../../db/client';
import { proposalAnswersRepository } from './proposal-answers.repository';
import { proposalDraftsRepository } from './proposal-drafts.repository';
import { proposalReadsRepository } from './proposal-reads.repository';
import { proposalSendingRepository } from './proposal-sending.repository';

/**
 * The proposals module's one entry for its routes and the seed: the repositories of each area of work, one object
 * (docs/decisions/122-repositories-split-by-work-and-one-executor.md).
 *
 * - proposal-reads.repository.ts: the portal's and the company's lists and finds, and the mark that a customer looked;
 * - proposal-drafts.repository.ts: drafts written, changed, deleted, and the next version copied from a sent one;
 * - proposal-sending.repository.ts: a draft sent (superseding older versions) and a sent one withdrawn;
 * - proposal-answers.repository.ts: the customer's acceptance with its evidence and signed PDF, or decline.
 */
export function proposalsRepository(db: Executor) {
  return {
    ...proposalReadsRepository(db),
    ...proposalDraftsRepository(db),
    ...proposalSendingRepository(db),
    ...proposalAnswersRepository(db),
  };
}

export type ProposalsRepository = ReturnType<typeof proposalsRepository>;

export type { DraftFields, ProposalRefusal } from './proposals.queries';
export type { ListOptions } from './proposal-reads.repository';
export type { AcceptanceEvidence, AcceptanceInput } from './proposal-answers.repository';
