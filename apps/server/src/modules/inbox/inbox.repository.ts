import type { InboxItem, InboxKind } from '@portal/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  changeOrderApprovals,
  changeOrders,
  companyCustomers,
  contactMessages,
  documents,
  files,
  inboxMarks,
  inboxReads,
  notes,
  portalUsers,
  projects,
  proposalAcceptances,
  proposals,
  selectionChoices,
  selections,
} from '../../db/schema';
import type { PageRequest } from '../../lib/list-query';
import { pageOffset } from '../../lib/pagination';
import { apiTimestamp } from '../../lib/timestamps';

const EXCERPT = 200;

interface ItemRow extends Record<string, unknown> {
  kind: InboxKind;
  id: number;
  project_id: number | null;
  project_name: string | null;
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  excerpt: string;
  at: Date | string;
  read: boolean;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The staff console's inbox (docs/decisions/050-inbox.md): what customers did across a company's projects (notes they
 * wrote, documents they uploaded, contact messages, proposals they accepted or declined, change orders they approved
 * or declined, options they chose of selections: one item per choice, its id the choice's), read or not per staff member.
 * It reads those tables as they are, through one union, so nothing has to be written twice when a customer acts.
 */
export function inboxRepository(db: Executor) {
  /** Every item of the company, with `read` for this member: opened one by one, or before their "mark all read". */
  const items = (companyId: number, staffId: number, only?: { kind: InboxKind; id: number }) => {
    const one = (kind: InboxKind, column: SQL) => (only ? (only.kind === kind ? sql` and ${column} = ${only.id}` : sql` and false`) : sql``);
    return sql`
      with items as (
        select 'note' as kind, ${notes.id} as id, ${notes.project_id} as project_id, ${notes.author_portal_user_id} as user_id,
          left(${notes.body}, ${EXCERPT}) as excerpt, ${notes.created_at} as at
        from ${notes} join ${projects} on ${projects.id} = ${notes.project_id}
        where ${projects.company_id} = ${companyId} and ${notes.author_portal_user_id} is not null${one('note', sql`${notes.id}`)}
        union all
        select 'document', ${documents.id}, ${documents.project_id}, ${files.uploaded_by_portal_user_id}, left(${documents.name}, ${EXCERPT}),
          ${documents.created_at}
        from ${documents} join ${files} on ${files.id} = ${documents.file_id}
        where ${documents.company_id} = ${companyId} and ${files.uploaded_by_portal_user_id} is not null${one('document', sql`${documents.id}`)}
        union all
        select 'message', ${contactMessages.id}, ${contactMessages.project_id}, ${contactMessages.portal_user_id},
          left(${contactMessages.subject} || ': ' || ${contactMessages.message}, ${EXCERPT}), ${contactMessages.created_at}
        from ${contactMessages}
        where ${contactMessages.company_id} = ${companyId}${one('message', sql`${contactMessages.id}`)}
        union all
        select 'proposal', ${proposals.id}, ${proposals.project_id}, ${proposalAcceptances.portal_user_id},
          left('Accepted: ' || ${proposals.title}, ${EXCERPT}), ${proposalAcceptances.accepted_at}
        from ${proposals} join ${proposalAcceptances} on ${proposalAcceptances.proposal_id} = ${proposals.id}
        where ${proposals.company_id} = ${companyId}${one('proposal', sql`${proposals.id}`)}
        union all
        select 'proposal', ${proposals.id}, ${proposals.project_id}, ${proposals.declined_by_portal_user_id},
          left('Declined: ' || ${proposals.title} || coalesce(' (' || ${proposals.decline_reason} || ')', ''), ${EXCERPT}), ${proposals.declined_at}
        from ${proposals}
        where ${proposals.company_id} = ${companyId} and ${proposals.declined_at} is not null${one('proposal', sql`${proposals.id}`)}
        union all
        select 'change_order', ${changeOrders.id}, ${changeOrders.project_id}, ${changeOrderApprovals.portal_user_id},
          left('Approved: ' || ${changeOrders.title}, ${EXCERPT}), ${changeOrderApprovals.approved_at}
        from ${changeOrders} join ${changeOrderApprovals} on ${changeOrderApprovals.change_order_id} = ${changeOrders.id}
        where ${changeOrders.company_id} = ${companyId}${one('change_order', sql`${changeOrders.id}`)}
        union all
        select 'change_order', ${changeOrders.id}, ${changeOrders.project_id}, ${changeOrders.declined_by_portal_user_id},
          left('Declined: ' || ${changeOrders.title} || coalesce(' (' || ${changeOrders.decline_reason} || ')', ''), ${EXCERPT}), ${changeOrders.declined_at}
        from ${changeOrders}
        where ${changeOrders.company_id} = ${companyId} and ${changeOrders.declined_at} is not null${one('change_order', sql`${changeOrders.id}`)}
        union all
        select 'selection', ${selectionChoices.id}, ${selections.project_id}, ${selectionChoices.portal_user_id},
          left('Chose: ' || ${selectionChoices.option_title} || ' for ' || ${selections.title}, ${EXCERPT}), ${selectionChoices.chosen_at}
        from ${selectionChoices} join ${selections} on ${selections.id} = ${selectionChoices.selection_id}
        where ${selectionChoices.company_id} = ${companyId} and ${selectionChoices.chosen_by} = 'customer'${one('selection', sql`${selectionChoices.id}`)}
      )
      select items.*, ${projects.name} as project_name, ${companyCustomers.first_name} as first_name, ${companyCustomers.last_name} as last_name,
        ${portalUsers.email} as email,
        (${inboxReads.id} is not null or items.at <= coalesce(${inboxMarks.all_read_before}, '-infinity'::timestamptz)) as read
      from items
      left join ${projects} on ${projects.id} = items.project_id
      left join ${portalUsers} on ${portalUsers.id} = items.user_id
      -- Each customer by the company's own names for them (docs/decisions/110-what-a-company-knows-of-a-shared-customer.md).
      left join ${companyCustomers} on ${companyCustomers.company_id} = ${companyId} and ${companyCustomers.portal_user_id} = items.user_id
      left join ${inboxReads} on ${inboxReads.staff_id} = ${staffId} and ${inboxReads.item_kind} = items.kind and ${inboxReads.item_id} = items.id
      left join ${inboxMarks} on ${inboxMarks.staff_id} = ${staffId}`;
  };

  return {
    /** Newest first, a page at a time, with the total and how many are unread. */
    async list(companyId: number, staffId: number, options: { page: PageRequest; unreadOnly?: boolean }) {
      const all = items(companyId, staffId);
      const filter = options.unreadOnly ? sql`where not read` : sql``;
      const [rows, counts] = await Promise.all([
        db.execute(sql`select * from (${all}) inbox ${filter} order by at desc, kind, id desc limit ${options.page.size} offset ${pageOffset(options.page)}`),
        db.execute(sql`select count(*)::int as total, (count(*) filter (where not read))::int as unread from (${all}) inbox`),
      ]);
      const { total, unread } = rowsOf<{ total: number; unread: number }>(counts)[0]!;
      return { rows: rowsOf<ItemRow>(rows).map(serialize), total: options.unreadOnly ? unread : total, unread };
    },

    async unread(companyId: number, staffId: number): Promise<number> {
      const result = await db.execute(sql`select count(*)::int as unread from (${items(companyId, staffId)}) inbox where not read`);
      return rowsOf<{ unread: number }>(result)[0]!.unread;
    },

    /** Marks one of the company's items read for this member; false when the company has no such item. */
    async markRead(companyId: number, staffId: number, item: { kind: InboxKind; id: number }, now: Date): Promise<boolean> {
      const found = rowsOf<ItemRow>(await db.execute(sql`select * from (${items(companyId, staffId, item)}) inbox limit 1`));
      if (found.length === 0) return false;
      await db
        .insert(inboxReads)
        .values({ staff_id: staffId, item_kind: item.kind, item_id: item.id, read_at: now })
        .onConflictDoNothing({ target: [inboxReads.staff_id, inboxReads.item_kind, inboxReads.item_id] });
      return true;
    },

    /** Everything that has arrived so far is read for this member; what arrives later is not. */
    async markAllRead(staffId: number, now: Date) {
      await db
        .insert(inboxMarks)
        .values({ staff_id: staffId, all_read_before: now })
        .onConflictDoUpdate({ target: inboxMarks.staff_id, set: { all_read_before: sql`greatest(${inboxMarks.all_read_before}, excluded.all_read_before)` } });
    },
  };
}

function serialize(row: ItemRow): InboxItem {
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email;
  return {
    kind: row.kind,
    id: Number(row.id),
    project: row.project_id === null ? null : { id: Number(row.project_id), name: row.project_name },
    from: row.user_id === null || !name ? null : { id: Number(row.user_id), name },
    excerpt: row.excerpt,
    at: apiTimestamp(new Date(row.at)),
    read: Boolean(row.read),
  };
}
