import { and, asc, count, desc, eq, exists, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companyCustomers, noticePreferences, portalEntities, portalUsers, projects, sessions } from '../../db/schema';
import type { PageRequest, SortTerm } from '../../lib/list-query';
import { pageOffset } from '../../lib/pagination';
import { apiTimestamp } from '../../lib/timestamps';
import { emitWebhookEvent } from '../../core/webhooks/outbox';

/**
 * A company's customer as its API shows them: who they are to reach (id, email) and this company's record of them (its
 * names, its invitation, the sign-ins it may know of). Nothing of the person's own account, which other companies
 * share, is read: not their own name, nor their password (docs/decisions/110-what-a-company-knows-of-a-shared-customer.md).
 */
export interface CustomerRow {
  user: { id: number; email: string };
  link: typeof companyCustomers.$inferSelect;
}

const person = { id: portalUsers.id, email: portalUsers.email };

/**
 * A company's customers (docs/company-api.md, "Customers and sharing"): portal users the company created or shared
 * something with. One person is one portal user however many companies serve them; a company reaches them only through
 * its own link, and never learns what other companies did.
 */
export function customersRepository(db: Executor) {
  const select = () =>
    db.select({ user: person, link: companyCustomers }).from(companyCustomers).innerJoin(portalUsers, eq(portalUsers.id, companyCustomers.portal_user_id));

  return {
    /**
     * The customer signed in. The companies concerned are those whose invitation it was (`invitedBy`) and those that
     * share something with them (their portal shows those companies' projects): each notes the sign-in, and one that
     * has not heard of them yet marks them active and, in the same transaction, puts `portal_user.activated` (with its
     * own names for them) in its webhook outbox. A company that shares nothing with them learns nothing of a sign-in
     * that concerns only other companies. Answers how many companies were told.
     */
    async activate(user: { id: number; email: string }, now: Date, invitedBy: number | null = null): Promise<number> {
      return (db as Executor).transaction(async (tx) => {
        const concerned = or(
          exists(
            tx
              .select({ id: portalEntities.id })
              .from(portalEntities)
              .where(and(eq(portalEntities.company_id, companyCustomers.company_id), eq(portalEntities.portal_user_id, companyCustomers.portal_user_id))),
          ),
          invitedBy === null ? sql`false` : eq(companyCustomers.company_id, invitedBy),
        );
        const mine = and(eq(companyCustomers.portal_user_id, user.id), isNull(companyCustomers.deactivated_at), concerned);
        await tx.update(companyCustomers).set({ last_sign_in_at: now, updated_at: now }).where(mine);
        const rows = await tx
          .update(companyCustomers)
          .set({ activated_at: now, updated_at: now })
          .where(and(mine, isNull(companyCustomers.activated_at)))
          .returning({ companyId: companyCustomers.company_id, first_name: companyCustomers.first_name, last_name: companyCustomers.last_name });
        let told = 0;
        for (const { companyId, first_name, last_name } of rows) {
          told += await emitWebhookEvent(tx, {
            companyId,
            type: 'portal_user.activated',
            at: now,
            data: { portal_user: { id: user.id, email: user.email, first_name, last_name, activated_at: apiTimestamp(now) } },
          });
        }
        return told;
      });
    },

    async list(companyId: number, options: { updatedSince?: Date; emails?: string[]; sort: SortTerm<'id' | 'email' | 'updated_at'>[]; page: PageRequest }) {
      const where: SQL[] = [eq(companyCustomers.company_id, companyId)];
      if (options.updatedSince) where.push(gte(companyCustomers.updated_at, options.updatedSince));
      if (options.emails)
        where.push(
          inArray(
            portalUsers.email,
            options.emails.map((email) => email.toLowerCase()),
          ),
        );
      const columns = { id: portalUsers.id, email: portalUsers.email, updated_at: companyCustomers.updated_at };
      const order = [...options.sort.map((term) => (term.direction === 'asc' ? asc : desc)(columns[term.field])), asc(portalUsers.id)];
      const [rows, [total]] = await Promise.all([
        select()
          .where(and(...where))
          .orderBy(...order)
          .limit(options.page.size)
          .offset(pageOffset(options.page)),
        db
          .select({ total: count() })
          .from(companyCustomers)
          .innerJoin(portalUsers, eq(portalUsers.id, companyCustomers.portal_user_id))
          .where(and(...where)),
      ]);
      return { rows: rows as CustomerRow[], total: Number(total?.total ?? 0) };
    },

    async find(companyId: number, userId: number): Promise<CustomerRow | null> {
      const [row] = await select().where(and(eq(companyCustomers.company_id, companyId), eq(companyCustomers.portal_user_id, userId)));
      return (row as CustomerRow | undefined) ?? null;
    },

    /**
     * The person with this email as the company's customer: made when nobody has the email yet, linked when someone
     * has (one login across companies). The names given are the company's own for them; a new person also starts with
     * them as their own name (which only they change afterwards), while an existing person's own name stays as it is.
     * A company that already has the person keeps its names (PATCH changes them).
     */
    async link(companyId: number, input: { email: string; first_name?: string | null; last_name?: string | null }, now: Date) {
      return db.transaction(async (tx) => {
        const email = input.email.toLowerCase();
        await tx
          .insert(portalUsers)
          .values({ email, first_name: input.first_name ?? null, last_name: input.last_name ?? null, created_at: now, updated_at: now })
          .onConflictDoNothing();
        const [user] = await tx.select().from(portalUsers).where(eq(portalUsers.email, email));
        const [created] = await tx
          .insert(companyCustomers)
          .values({
            company_id: companyId,
            portal_user_id: user!.id,
            first_name: input.first_name ?? null,
            last_name: input.last_name ?? null,
            created_at: now,
            updated_at: now,
          })
          .onConflictDoNothing()
          .returning({ id: companyCustomers.id });
        if (!created) {
          // Known already: a customer the company had deactivated is its customer again.
          await tx
            .update(companyCustomers)
            .set({ deactivated_at: null, updated_at: now })
            .where(
              and(
                eq(companyCustomers.company_id, companyId),
                eq(companyCustomers.portal_user_id, user!.id),
                sql`${companyCustomers.deactivated_at} is not null`,
              ),
            );
        }
        return { userId: user!.id, created: Boolean(created) };
      });
    },

    /** Changes the company's own names for its customer: never another company's, nor the person's own. */
    async rename(companyId: number, userId: number, names: { first_name?: string | null; last_name?: string | null }, now: Date) {
      await db
        .update(companyCustomers)
        .set({ ...names, updated_at: now })
        .where(and(eq(companyCustomers.company_id, companyId), eq(companyCustomers.portal_user_id, userId)));
    },

    async markInvited(companyId: number, userId: number, now: Date) {
      await db
        .update(companyCustomers)
        .set({ invited_at: now, updated_at: now })
        .where(and(eq(companyCustomers.company_id, companyId), eq(companyCustomers.portal_user_id, userId)));
    },

    /** Ends what this company gave the person: its shares go, at once; their other companies' stay. */
    async deactivate(companyId: number, userId: number, now: Date) {
      await db.transaction(async (tx) => {
        await tx.delete(portalEntities).where(and(eq(portalEntities.company_id, companyId), eq(portalEntities.portal_user_id, userId)));
        await tx
          .update(companyCustomers)
          .set({ deactivated_at: now, updated_at: now })
          .where(and(eq(companyCustomers.company_id, companyId), eq(companyCustomers.portal_user_id, userId)));
      });
    },

    /**
     * Erases what the company holds of the person. When no other company knows them, their personal data goes (name,
     * email, password, sessions, preferences) while the company's records stay, their notes signed by nobody in
     * particular; when another company still serves them, only this company's link and shares go.
     */
    async erase(companyId: number, userId: number, now: Date): Promise<'erased' | 'unlinked'> {
      return db.transaction(async (tx) => {
        await tx.delete(portalEntities).where(and(eq(portalEntities.company_id, companyId), eq(portalEntities.portal_user_id, userId)));
        await tx.delete(companyCustomers).where(and(eq(companyCustomers.company_id, companyId), eq(companyCustomers.portal_user_id, userId)));
        const [other] = await tx.select({ id: companyCustomers.id }).from(companyCustomers).where(eq(companyCustomers.portal_user_id, userId)).limit(1);
        const [shared] = await tx.select({ id: portalEntities.id }).from(portalEntities).where(eq(portalEntities.portal_user_id, userId)).limit(1);
        if (other || shared) return 'unlinked';
        await tx.delete(sessions).where(eq(sessions.portal_user_id, userId));
        await tx.delete(noticePreferences).where(eq(noticePreferences.portal_user_id, userId));
        await tx
          .update(portalUsers)
          .set({ email: `erased-${userId}@erased.invalid`, first_name: null, last_name: null, password_hash: null, updated_at: now })
          .where(eq(portalUsers.id, userId));
        return 'erased';
      });
    },

    /** The company's project, or null. */
    async project(companyId: number, projectId: number) {
      const [row] = await db
        .select()
        .from(projects)
        .where(and(eq(projects.company_id, companyId), eq(projects.id, projectId)));
      return row ?? null;
    },

    /** Who a project is shared with, as the company names them, and whether they have signed in as far as it knows. */
    async shares(companyId: number, projectId: number) {
      return db
        .select({ entity: portalEntities, user: person, link: companyCustomers })
        .from(portalEntities)
        .innerJoin(portalUsers, eq(portalUsers.id, portalEntities.portal_user_id))
        .leftJoin(
          companyCustomers,
          and(eq(companyCustomers.company_id, portalEntities.company_id), eq(companyCustomers.portal_user_id, portalEntities.portal_user_id)),
        )
        .where(and(eq(portalEntities.company_id, companyId), eq(portalEntities.model_type, 'project'), eq(portalEntities.model_id, projectId)))
        .orderBy(asc(portalEntities.id));
    },

    /** Shares a project with the company's customer; sharing twice finds the first share. */
    async share(companyId: number, projectId: number, userId: number, now: Date) {
      await db
        .insert(portalEntities)
        .values({
          portal_user_id: userId,
          company_id: companyId,
          model_type: 'project',
          model_id: projectId,
          scope: 'customer',
          created_at: now,
          updated_at: now,
        })
        .onConflictDoNothing();
      const [entity] = await db
        .select()
        .from(portalEntities)
        .where(and(eq(portalEntities.portal_user_id, userId), eq(portalEntities.model_type, 'project'), eq(portalEntities.model_id, projectId)));
      return entity!;
    },

    async unshare(companyId: number, projectId: number, userId: number): Promise<boolean> {
      const removed = await db
        .delete(portalEntities)
        .where(
          and(
            eq(portalEntities.company_id, companyId),
            eq(portalEntities.portal_user_id, userId),
            eq(portalEntities.model_type, 'project'),
            eq(portalEntities.model_id, projectId),
          ),
        )
        .returning({ id: portalEntities.id });
      return removed.length > 0;
    },

    /** An active customer link: deactivated customers get no new share. */
    async isActiveCustomer(companyId: number, userId: number) {
      const [row] = await db
        .select({ id: companyCustomers.id })
        .from(companyCustomers)
        .where(and(eq(companyCustomers.company_id, companyId), eq(companyCustomers.portal_user_id, userId), isNull(companyCustomers.deactivated_at)));
      return Boolean(row);
    },
  };
}
