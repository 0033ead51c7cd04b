import { PROPOSAL_NUMBER_FROM, type ProposalStatus } from '@portal/contract';
import { and, eq, max } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { ProposalRow } from '../../db/rows';
import { proposals, proposalSections } from '../../db/schema';
import { statusOf, type ProposalTree } from './proposals.content';
import { draftMoney, lock, ofCompany, treeOf, writeSections, type DraftFields, type ProposalRefusal } from './proposals.queries';

/** A draft's sections as it writes them, from a proposal's tree: the same sections and items, as they were. */
const sectionsOf = (tree: ProposalTree): DraftFields['sections'] =>
  tree.sections.map((section) => ({
    title: section.title,
    items: section.items.map((item) => ({ description: item.description, quantity: item.quantity, unitPrice: item.unit_price, optional: item.optional })),
  }));

/** The row of the next version of a proposal, a draft with the same number and the same content. */
const nextVersion = (row: ProposalRow, now: Date) => ({
  company_id: row.company_id,
  project_id: row.project_id,
  number: row.number,
  version: row.version + 1,
  previous_version_id: row.id,
  title: row.title,
  intro: row.intro,
  terms: row.terms,
  expires_on: row.expires_on,
  tax_rate: row.tax_rate,
  subtotal: row.subtotal,
  tax: row.tax,
  total: row.total,
  total_with_all_options: row.total_with_all_options,
  created_at: now,
  updated_at: now,
});

/** A refusal of a proposal that is no longer a draft: it is what a customer may have seen. */
const notDraft = (row: ProposalRow): ProposalRefusal => ({ refused: 'state', status: row.state as ProposalStatus, expiresOn: row.expires_on });

/** The company's drafts: written with their sections and items, changed, deleted, and copied from a sent version. */
export function proposalDraftsRepository(db: Executor) {
  return {
    /** A new draft with the company's next number (a lost race for the number is tried again). */
    async createDraft(companyId: number, projectId: number, fields: DraftFields, now: Date): Promise<number> {
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await db.transaction(async (tx) => {
            const [{ highest } = { highest: null }] = await tx
              .select({ highest: max(proposals.number) })
              .from(proposals)
              .where(eq(proposals.company_id, companyId));
            const [row] = await tx
              .insert(proposals)
              .values({
                company_id: companyId,
                project_id: projectId,
                number: highest === null ? PROPOSAL_NUMBER_FROM : Number(highest) + 1,
                version: 1,
                title: fields.title,
                intro: fields.intro,
                terms: fields.terms,
                expires_on: fields.expiresOn,
                tax_rate: fields.taxRate,
                ...draftMoney(fields),
                created_at: now,
                updated_at: now,
              })
              .returning({ id: proposals.id });
            await writeSections(tx, row!.id, fields.sections);
            return row!.id;
          });
        } catch (error) {
          if (attempt < 4 && isUniqueViolation(error)) continue;
          throw error;
        }
      }
    },

    /** Changes a draft; a proposal that is no longer a draft is refused (it is what a customer may have seen). */
    async updateDraft(companyId: number, proposalId: number, fields: DraftFields, now: Date): Promise<ProposalRefusal | null> {
      return db.transaction(async (tx) => {
        const row = await lock(tx, ofCompany(companyId, proposalId));
        if (!row) return { refused: 'not_found' };
        if (row.state !== 'draft') return notDraft(row);
        await tx
          .update(proposals)
          .set({
            title: fields.title,
            intro: fields.intro,
            terms: fields.terms,
            expires_on: fields.expiresOn,
            tax_rate: fields.taxRate,
            ...draftMoney(fields),
            updated_at: now,
          })
          .where(eq(proposals.id, row.id));
        await tx.delete(proposalSections).where(eq(proposalSections.proposal_id, row.id));
        await writeSections(tx, row.id, fields.sections);
        return null;
      });
    },

    async deleteDraft(companyId: number, proposalId: number): Promise<ProposalRefusal | null> {
      return db.transaction(async (tx) => {
        const row = await lock(tx, ofCompany(companyId, proposalId));
        if (!row) return { refused: 'not_found' };
        if (row.state !== 'draft') return notDraft(row);
        await tx.delete(proposals).where(eq(proposals.id, row.id));
        return null;
      });
    },

    /**
     * A new draft copied from the newest version of a proposal that is not a draft and not accepted: the same number,
     * the next version, every section and item as they were. Answers the new draft's id.
     */
    async revise(companyId: number, proposalId: number, now: Date, today: string): Promise<{ id: number } | ProposalRefusal> {
      return db.transaction(async (tx) => {
        const row = await lock(tx, ofCompany(companyId, proposalId));
        if (!row) return { refused: 'not_found' };
        if (row.state === 'draft' || row.state === 'accepted') return { refused: 'state', status: statusOf(row, today), expiresOn: row.expires_on };
        const [{ latest } = { latest: null }] = await tx
          .select({ latest: max(proposals.version) })
          .from(proposals)
          .where(and(eq(proposals.company_id, companyId), eq(proposals.number, row.number)));
        if (latest !== null && Number(latest) !== row.version) return { refused: 'not_latest', latestVersion: Number(latest) };
        const tree = await treeOf(tx, row);
        const [copy] = await tx.insert(proposals).values(nextVersion(row, now)).returning({ id: proposals.id });
        await writeSections(tx, copy!.id, sectionsOf(tree));
        return { id: copy!.id };
      });
    },
  };
}
