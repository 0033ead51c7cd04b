import { and, asc, count, desc, eq, gte, inArray, isNull, max, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companyCustomers, noticePreferences, portalEntities, portalUsers, projects, sessions } from '../../db/schema';
import type { PageRequest, SortTerm } from '../../lib/list-query';
import { pageOffset } from '../../lib/pagination';
import { apiTimestamp } from '../../lib/timestamps';
import { emitWebhookEvent } from '../../core/webhooks/outbox';

/** A company's customer as its API shows them: the person, and what this company did with them. */
export interface CustomerRow {
  user: typeof portalUsers.$inferSelect;
  link: typeof companyCustomers.$inferSelect;
  lastSignInAt: Date | null;
}

/**
 * A company's customers (docs/company-api.md, "Customers and sharing"): portal users the company created or shared
 * something with. One person is one portal user however many companies serve them; a company reaches them only through
 * its own link, and never learns what other companies did.
 */
export function customersRepository(db: Executor) {
  const lastSignIn = db
    .select({ userId: sessions.portal_user_id, at: max(sessions.created_at).as('at') })
    .from(sessions)
    // A staff member's preview is not the customer signing in.
    .where(isNull(sessions.preview_staff_id))
    .groupBy(sessions.portal_user_id)
    .as('last_sign_in');
  const select = () =>
    db
      .select({ user: portalUsers, link: companyCustomers, lastSignInAt: lastSignIn.at })
      .from(companyCustomers)
      .innerJoin(portalUsers, eq(portalUsers.id, companyCustomers.portal_user_id))
      .leftJoin(lastSignIn, eq(lastSignIn.userId, portalUsers.id));

  return {
    /**
     * The customer signed in: every company that added them and has not heard of it yet marks them active and, in the
     * same transaction, puts `portal_user.activated` in its webhook outbox. Answers how many companies were told.
     */
    async activate(user: { id: number; email: string; first_name: string | null; last_name: string | null }, now: Date): Promise<number> {
      return (db as Executor).transaction(async (tx) => {
        const rows = await tx
          .update(companyCustomers)
          .set({ activated_at: now, updated_at: now })
          .where(and(eq(companyCustomers.portal_user_id, user.id), isNull(companyCustomers.activated_at), isNull(companyCustomers.deactivated_at)))
          .returning({ companyId: companyCustomers.company_id });
        let told = 0;
        for (const { companyId } of rows) {
          told += await emitWebhookEvent(tx, {
            companyId,
            type: 'portal_user.activated',
            at: now,
            data: { portal_user: { id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name, activated_at: apiTimestamp(now) } },
          });
        }
        return told;
      });
    },

    async list(companyId: number, options: { updatedSince?: Date; emails?: string[]; sort: SortTerm<'id' | 'email' | 'updated_at'>[]; page: PageRequest }) {
      const where: SQL[] = [eq(companyCustomers.company_id, companyId)];
      if (options.updatedSince) where.push(or(gte(companyCustomers.updated_at, options.updatedSince), gte(portalUsers.updated_at, options.updatedSince))!);
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
     * has (one login across companies). Their names are set only when they are new: a person's name is their own.
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
          .values({ company_id: companyId, portal_user_id: user!.id, created_at: now, updated_at: now })
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

    /** Names may be changed by the one company that knows the person; once another knows them too, they are theirs. */
    async rename(
      companyId: number,
      userId: number,
      names: { first_name?: string | null; last_name?: string | null },
      now: Date,
    ): Promise<'renamed' | 'shared-person'> {
      const [other] = await db
        .select({ id: companyCustomers.id })
        .from(companyCustomers)
        .where(and(eq(companyCustomers.portal_user_id, userId), ne(companyCustomers.company_id, companyId)))
        .limit(1);
      if (other) return 'shared-person';
      await db
        .update(portalUsers)
        .set({ ...names, updated_at: now })
        .where(eq(portalUsers.id, userId));
      return 'renamed';
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

    /** Who a project is shared with, and whether they have signed in. */
    async shares(companyId: number, projectId: number) {
      return db
        .select({ entity: portalEntities, user: portalUsers, lastSignInAt: lastSignIn.at })
        .from(portalEntities)
        .innerJoin(portalUsers, eq(portalUsers.id, portalEntities.portal_user_id))
        .leftJoin(lastSignIn, eq(lastSignIn.userId, portalUsers.id))
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
