import type { ContactMessageSort } from '@portal/contract';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies, companyCustomers, contactMessages, portalEntities, portalUsers, projects } from '../../db/schema';
import { companyRecordOf } from '../../core/customer-names';
import type { PageRequest, SortTerm } from '../../lib/list-query';
import { pageOffset } from '../../lib/pagination';

import type { NewContactMessageRow } from '../../db/rows';

// The sender as the company names them (docs/decisions/110-what-a-company-knows-of-a-shared-customer.md).
const companyColumns = {
  message: contactMessages,
  portalUser: { id: portalUsers.id, email: portalUsers.email },
  known: { first_name: companyCustomers.first_name, last_name: companyCustomers.last_name },
};

const SORT_COLUMNS: Record<ContactMessageSort, SQL> = {
  id: sql`${contactMessages.id}`,
  created_at: sql`${contactMessages.created_at}`,
  updated_at: sql`${contactMessages.updated_at}`,
  handled_at: sql`${contactMessages.handled_at}`,
};

export interface CompanyMessageListOptions {
  filters: { handled?: boolean; project_id?: number[]; updated_since?: [Date] };
  sort: SortTerm<ContactMessageSort>[];
  page: PageRequest;
}

export function contactRepository(db: Executor) {
  const companyMessages = () =>
    db
      .select(companyColumns)
      .from(contactMessages)
      .leftJoin(portalUsers, eq(portalUsers.id, contactMessages.portal_user_id))
      .leftJoin(companyCustomers, companyRecordOf(contactMessages.company_id, contactMessages.portal_user_id));

  return {
    /** One page of the messages sent to a company, with who sent them, and how many there are in all. */
    async companyList(companyId: number, options: CompanyMessageListOptions) {
      const { filters } = options;
      const where = and(
        eq(contactMessages.company_id, companyId),
        filters.handled === undefined ? undefined : filters.handled ? isNotNull(contactMessages.handled_at) : isNull(contactMessages.handled_at),
        filters.project_id ? inArray(contactMessages.project_id, filters.project_id) : undefined,
        filters.updated_since ? gte(contactMessages.updated_at, filters.updated_since[0]) : undefined,
      );
      const order = options.sort.map((term) => (term.direction === 'desc' ? desc : asc)(SORT_COLUMNS[term.field]));
      // Equal moments (or no moment: handled_at) break on id in the first term's direction, so pages never overlap.
      order.push((options.sort[0]?.direction === 'desc' ? desc : asc)(contactMessages.id));
      const [rows, counted] = await Promise.all([
        companyMessages()
          .where(where)
          .orderBy(...order)
          .limit(options.page.size)
          .offset(pageOffset(options.page)),
        db.select({ total: count() }).from(contactMessages).where(where),
      ]);
      return { rows, total: counted[0]?.total ?? 0 };
    },

    /** One message sent to the company; null for another company's or none. */
    async companyFind(companyId: number, messageId: number) {
      const [row] = await companyMessages()
        .where(and(eq(contactMessages.id, messageId), eq(contactMessages.company_id, companyId)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Marks a message handled by an API key, or not handled (`by` null). Marking a handled message again keeps when and
     * by which key it was first handled. False when the company has no such message.
     */
    async setHandled(companyId: number, messageId: number, by: { keyId: number | null } | null, now: Date): Promise<boolean> {
      const mine = and(eq(contactMessages.id, messageId), eq(contactMessages.company_id, companyId));
      const changed = await db
        .update(contactMessages)
        .set({ handled_at: by ? now : null, handled_by_api_key_id: by?.keyId ?? null, updated_at: now })
        .where(and(mine, by ? isNull(contactMessages.handled_at) : isNotNull(contactMessages.handled_at)))
        .returning({ id: contactMessages.id });
      if (changed.length > 0) return true;
      const [exists] = await db.select({ id: contactMessages.id }).from(contactMessages).where(mine).limit(1);
      return Boolean(exists);
    },

    /** The companies of a user's projects, each with those projects, in the order they were shared. */
    async companiesOfUser(portalUserId: number) {
      return (
        db
          // Flat columns: drizzle would turn a nested object whose first column is null (an unnamed project) into null.
          .select({ company: companies, entityId: portalEntities.id, projectName: projects.name, projectStreet: projects.address_street })
          .from(portalEntities)
          .innerJoin(companies, eq(companies.id, portalEntities.company_id))
          .leftJoin(
            projects,
            and(eq(portalEntities.model_type, 'project'), eq(projects.id, portalEntities.model_id), eq(projects.company_id, portalEntities.company_id)),
          )
          .where(eq(portalEntities.portal_user_id, portalUserId))
          .orderBy(asc(portalEntities.id))
      );
    },

    /** Stores a message; `afterWrite` runs in its transaction (the webhook outbox: the event exists if the message does). */
    async saveMessage(values: NewContactMessageRow, afterWrite?: (tx: Executor, id: number) => Promise<unknown>) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(contactMessages).values(values).returning({ id: contactMessages.id });
        await afterWrite?.(tx, row!.id);
        return row!.id;
      });
    },
  };
}
