import { and, count, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { proposalItems, proposals } from '../../db/schema';
import { statusOf } from './proposals.content';
import { lock, ofCompany, type ProposalRefusal } from './proposals.queries';

/** A proposal going out to the customer, and taken back before an answer. */
export function proposalSendingRepository(db: Executor) {
  return {
    /** A draft goes out; the versions of the same number still awaiting an answer are superseded by it. */
    async send(companyId: number, proposalId: number, now: Date, today: string): Promise<ProposalRefusal | null> {
      return db.transaction(async (tx) => {
        const row = await lock(tx, ofCompany(companyId, proposalId));
        if (!row) return { refused: 'not_found' };
        if (row.state !== 'draft') return { refused: 'state', status: statusOf(row, today), expiresOn: row.expires_on };
        const [items] = await tx.select({ total: count() }).from(proposalItems).where(eq(proposalItems.proposal_id, row.id));
        if (!items?.total) return { refused: 'no_items' };
        if (row.expires_on < today) return { refused: 'expiry_passed' };
        await tx
          .update(proposals)
          .set({ state: 'superseded', superseded_at: now, updated_at: now })
          .where(and(eq(proposals.company_id, companyId), eq(proposals.number, row.number), ne(proposals.id, row.id), eq(proposals.state, 'sent')));
        await tx.update(proposals).set({ state: 'sent', sent_at: now, updated_at: now }).where(eq(proposals.id, row.id));
        return null;
      });
    },

    /** A sent proposal is taken back: the customer can no longer answer it. */
    async withdraw(companyId: number, proposalId: number, now: Date, today: string): Promise<ProposalRefusal | null> {
      return db.transaction(async (tx) => {
        const row = await lock(tx, ofCompany(companyId, proposalId));
        if (!row) return { refused: 'not_found' };
        if (row.state !== 'sent') return { refused: 'state', status: statusOf(row, today), expiresOn: row.expires_on };
        await tx.update(proposals).set({ state: 'withdrawn', withdrawn_at: now, updated_at: now }).where(eq(proposals.id, row.id));
        return null;
      });
    },
  };
}
