import { PROPOSAL_NUMBER_FROM, fromCents, invoiceTotals, lineAmountCents, type ProposalStatus } from '@portal/contract';
import { and, asc, count, desc, eq, gte, inArray, max, ne, sql, type SQL } from 'drizzle-orm';
import type { ProjectScope } from '../../core/access/projects';
import { emitWebhookEvent } from '../../core/webhooks/outbox';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { ProposalRow } from '../../db/rows';
import { projects, proposalAcceptances, proposalItems, proposalSections, proposals } from '../../db/schema';
import type { PageRequest, SortTerm } from '../../lib/list-query';
import { pageOffset } from '../../lib/pagination';
import { apiTimestamp } from '../../lib/timestamps';
import { acceptedTotals, contentHash, itemsOf, statusOf, withAcceptedMoney, type ProposalTree } from './proposals.content';

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
const statusSql = (today: string): SQL<string> =>
  sql<string>`(case when ${proposals.state} = 'sent' and ${proposals.expires_on} < ${today}::date then 'expired' else ${proposals.state} end)`;

type Sortable = 'id' | 'number' | 'sent_at' | 'expires_on' | 'status' | 'total' | 'created_at' | 'updated_at';

export interface ListOptions {
  filters: { project_id?: number[]; status?: string[]; number?: number[]; updated_since?: [Date] };
  sort: SortTerm<Sortable>[];
  page: PageRequest;
  today: string;
}

/** The money of a draft's items in whole cents: each amount, and the totals without and with every optional item. */
function draftMoney(fields: Pick<DraftFields, 'sections' | 'taxRate'>) {
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

async function writeSections(tx: Executor, proposalId: number, sections: DraftFields['sections']) {
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

const lock = async (tx: Executor, where: SQL | undefined): Promise<ProposalRow | null> => {
  const [row] = await tx.select().from(proposals).where(where).for('update').limit(1);
  return row ?? null;
};

export function proposalsRepository(db: Executor) {
  async function treeOf(executor: Executor, proposal: ProposalRow): Promise<ProposalTree> {
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

  /** Drafts never reach a portal user: every portal read goes through this condition. */
  const visibleTo = (scope: ProjectScope) =>
    and(eq(proposals.company_id, scope.companyId), eq(proposals.project_id, scope.projectId), ne(proposals.state, 'draft'));

  /** The state checks of a customer's answer: only a sent proposal not past its expiry day may be answered. */
  const unanswerable = (row: ProposalRow, today: string): ProposalRefusal | null => {
    const status = statusOf(row, today);
    return status === 'sent' ? null : { refused: 'state', status, expiresOn: row.expires_on };
  };

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

    async portalFind(scope: ProjectScope, proposalId: number): Promise<ProposalTree | null> {
      const [row] = await db
        .select()
        .from(proposals)
        .where(and(eq(proposals.id, proposalId), visibleTo(scope)))
        .limit(1);
      return row ? treeOf(db, row) : null;
    },

    async companyFind(companyId: number, proposalId: number): Promise<ProposalTree | null> {
      const [row] = await db
        .select()
        .from(proposals)
        .where(and(eq(proposals.id, proposalId), eq(proposals.company_id, companyId)))
        .limit(1);
      return row ? treeOf(db, row) : null;
    },

    /** A new draft with the company's next number (a lost race for the number is tried again). */
    async createDraft(companyId: number, projectId: number, fields: DraftFields, now: Date): Promise<number> {
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await (db as Executor).transaction(async (tx) => {
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
      return (db as Executor).transaction(async (tx) => {
        const row = await lock(tx, and(eq(proposals.id, proposalId), eq(proposals.company_id, companyId)));
        if (!row) return { refused: 'not_found' };
        if (row.state !== 'draft') return { refused: 'state', status: row.state as ProposalStatus, expiresOn: row.expires_on };
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
      return (db as Executor).transaction(async (tx) => {
        const row = await lock(tx, and(eq(proposals.id, proposalId), eq(proposals.company_id, companyId)));
        if (!row) return { refused: 'not_found' };
        if (row.state !== 'draft') return { refused: 'state', status: row.state as ProposalStatus, expiresOn: row.expires_on };
        await tx.delete(proposals).where(eq(proposals.id, row.id));
        return null;
      });
    },

    /** A draft goes out; the versions of the same number still awaiting an answer are superseded by it. */
    async send(companyId: number, proposalId: number, now: Date, today: string): Promise<ProposalRefusal | null> {
      return (db as Executor).transaction(async (tx) => {
        const row = await lock(tx, and(eq(proposals.id, proposalId), eq(proposals.company_id, companyId)));
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

    async withdraw(companyId: number, proposalId: number, now: Date, today: string): Promise<ProposalRefusal | null> {
      return (db as Executor).transaction(async (tx) => {
        const row = await lock(tx, and(eq(proposals.id, proposalId), eq(proposals.company_id, companyId)));
        if (!row) return { refused: 'not_found' };
        if (row.state !== 'sent') return { refused: 'state', status: statusOf(row, today), expiresOn: row.expires_on };
        await tx.update(proposals).set({ state: 'withdrawn', withdrawn_at: now, updated_at: now }).where(eq(proposals.id, row.id));
        return null;
      });
    },

    /**
     * A new draft copied from the newest version of a proposal that is not a draft and not accepted: the same number,
     * the next version, every section and item as they were. Answers the new draft's id.
     */
    async revise(companyId: number, proposalId: number, now: Date, today: string): Promise<{ id: number } | ProposalRefusal> {
      return (db as Executor).transaction(async (tx) => {
        const row = await lock(tx, and(eq(proposals.id, proposalId), eq(proposals.company_id, companyId)));
        if (!row) return { refused: 'not_found' };
        if (row.state === 'draft' || row.state === 'accepted') return { refused: 'state', status: statusOf(row, today), expiresOn: row.expires_on };
        const [{ latest } = { latest: null }] = await tx
          .select({ latest: max(proposals.version) })
          .from(proposals)
          .where(and(eq(proposals.company_id, companyId), eq(proposals.number, row.number)));
        if (latest !== null && Number(latest) !== row.version) return { refused: 'not_latest', latestVersion: Number(latest) };
        const tree = await treeOf(tx, row);
        const [copy] = await tx
          .insert(proposals)
          .values({
            company_id: companyId,
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
          })
          .returning({ id: proposals.id });
        await writeSections(
          tx,
          copy!.id,
          tree.sections.map((section) => ({
            title: section.title,
            items: section.items.map((item) => ({
              description: item.description,
              quantity: item.quantity,
              unitPrice: item.unit_price,
              optional: item.optional,
            })),
          })),
        );
        return { id: copy!.id };
      });
    },

    /**
     * The customer opened the proposal: the first time, it is marked viewed and `proposal.viewed` goes in the company's
     * webhook outbox in the same transaction. Answers whether this was that first time.
     */
    async markViewed(scope: ProjectScope, proposal: ProposalRow, viewer: { id: number; email: string }, now: Date): Promise<boolean> {
      return (db as Executor).transaction(async (tx) => {
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

    /**
     * The customer accepts: under a lock on the proposal, its state is checked, the evidence computed, the signed PDF
     * made once and stored, the acceptance written (its unique index is the last word on a race) with the state and
     * the `proposal.accepted` event. `storePdf` answers the stored blob and a way to take it back: a transaction that
     * loses deletes it, so no PDF is left without its acceptance.
     */
    async accept(
      scope: ProjectScope,
      proposalId: number,
      input: {
        portalUser: { id: number; email: string };
        signerName: string;
        ipAddress: string;
        userAgent: string | null;
        selectedItemIds: number[];
        now: Date;
        today: string;
      },
      makePdf: (tree: ProposalTree, evidence: AcceptanceEvidence) => Promise<Buffer>,
      storePdf: (pdf: Buffer) => Promise<{ key: string; sha256: string; size: number; remove: () => Promise<void> }>,
    ): Promise<ProposalRefusal | null> {
      let stored: { remove: () => Promise<void> } | null = null;
      try {
        return await (db as Executor).transaction(async (tx) => {
          const row = await lock(tx, and(eq(proposals.id, proposalId), visibleTo(scope)));
          if (!row) return { refused: 'not_found' };
          const refusal = unanswerable(row, input.today);
          if (refusal) return refusal;
          const tree = await treeOf(tx, row);
          const optional = new Set(
            itemsOf(tree)
              .filter((item) => item.optional)
              .map((item) => item.id),
          );
          const unknown = input.selectedItemIds.filter((id) => !optional.has(id));
          if (unknown.length > 0) return { refused: 'unknown_items', ids: unknown };
          const selected = [...new Set(input.selectedItemIds)].sort((a, b) => a - b);
          const totals = acceptedTotals(tree, new Set(selected));
          const content = contentHash(tree, selected);
          const evidence: AcceptanceEvidence = {
            signerName: input.signerName,
            signerEmail: input.portalUser.email,
            acceptedAt: input.now,
            ipAddress: input.ipAddress,
            userAgent: input.userAgent,
            selectedItemIds: selected,
            ...totals,
            contentSha256: content.sha256,
          };
          const pdf = await makePdf(tree, evidence);
          const blob = await storePdf(pdf);
          stored = blob;
          await tx.insert(proposalAcceptances).values({
            proposal_id: row.id,
            company_id: scope.companyId,
            portal_user_id: input.portalUser.id,
            signer_name: input.signerName,
            signer_email: input.portalUser.email,
            accepted_at: input.now,
            ip_address: input.ipAddress,
            user_agent: input.userAgent,
            selected_item_ids: selected,
            subtotal: totals.subtotal,
            tax: totals.tax,
            total: totals.total,
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
                selected_item_ids: selected,
                ...totals,
                content_sha256: content.sha256,
                pdf_sha256: blob.sha256,
              },
              portal_user: { type: 'portal_user', id: input.portalUser.id, email: input.portalUser.email },
            },
          });
          return null;
        });
      } catch (error) {
        await (stored as { remove: () => Promise<void> } | null)?.remove();
        if (isUniqueViolation(error)) return { refused: 'state', status: 'accepted', expiresOn: '' };
        throw error;
      }
    },

    async decline(
      scope: ProjectScope,
      proposalId: number,
      input: { portalUser: { id: number; email: string }; reason: string | null; now: Date; today: string },
    ): Promise<ProposalRefusal | null> {
      return (db as Executor).transaction(async (tx) => {
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

/** What the signed PDF prints of the acceptance, known before the PDF exists (its own hash is recorded after). */
export interface AcceptanceEvidence {
  signerName: string;
  signerEmail: string;
  acceptedAt: Date;
  ipAddress: string;
  userAgent: string | null;
  selectedItemIds: number[];
  subtotal: string;
  tax: string;
  total: string;
  contentSha256: string;
}

export type ProposalsRepository = ReturnType<typeof proposalsRepository>;
