import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { ScheduleItemRow } from '../../db/rows';
import { calendarFeeds, companies, portalEntities, projects, scheduleItems, staff } from '../../db/schema';
import type { PageRequest } from '../../lib/list-query';
import { pageOffset } from '../../lib/pagination';

/** What every read of an item carries: who is assigned, and the project (its address is the default location). */
const itemColumns = {
  item: scheduleItems,
  staff: { id: staff.id, name: staff.name, title: staff.title, avatar_url: staff.avatar_url },
  project: {
    id: projects.id,
    company_id: projects.company_id,
    name: projects.name,
    number: projects.number,
    address_street: projects.address_street,
    address_city: projects.address_city,
    address_state: projects.address_state,
    address_zip: projects.address_zip,
  },
};

export interface ScheduleItemWithRefs {
  item: ScheduleItemRow;
  staff: { id: number; name: string; title: string | null; avatar_url: string | null } | null;
  project: {
    id: number;
    company_id: number;
    name: string | null;
    number: string | null;
    address_street: string | null;
    address_city: string | null;
    address_state: string | null;
    address_zip: string | null;
  };
}

export type NewScheduleItem = Omit<typeof scheduleItems.$inferInsert, 'id' | 'uid' | 'created_at' | 'updated_at'>;
export type ScheduleItemChanges = Partial<Omit<NewScheduleItem, 'project_id'>>;

export interface CompanyListOptions {
  companyId: number;
  projectId?: number | undefined;
  projectIds?: number[] | undefined;
  assignedStaffIds?: number[] | undefined;
  /** Items ending after this moment… */
  from?: Date | undefined;
  /** …and starting before this one: they overlap the range. */
  to?: Date | undefined;
  statuses?: string[] | undefined;
  shared?: boolean | undefined;
  updatedSince?: Date | undefined;
  order: { field: 'starts_at' | 'updated_at' | 'id'; direction: 'asc' | 'desc' }[];
  page: PageRequest;
}

export interface SharedListOptions {
  projectId: number;
  when?: { kind: 'upcoming' | 'past'; now: Date } | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  page: PageRequest;
}

/** Schedule items and calendar feeds: the calendar area's tables (docs/company-api.md "Calendar"). */
export function calendarRepository(db: Executor) {
  const base = () =>
    db
      .select(itemColumns)
      .from(scheduleItems)
      .innerJoin(projects, eq(projects.id, scheduleItems.project_id))
      .leftJoin(staff, eq(staff.id, scheduleItems.assigned_staff_id));

  async function page(where: SQL | undefined, order: SQL[], request: PageRequest) {
    const [rows, [total]] = await Promise.all([
      base()
        .where(where)
        .orderBy(...order)
        .limit(request.size)
        .offset(pageOffset(request)),
      db.select({ total: count() }).from(scheduleItems).innerJoin(projects, eq(projects.id, scheduleItems.project_id)).where(where),
    ]);
    return { rows: rows as ScheduleItemWithRefs[], total: total?.total ?? 0 };
  }

  return {
    async projectOfCompany(companyId: number, projectId: number) {
      const [project] = await db
        .select({ id: projects.id, name: projects.name, number: projects.number })
        .from(projects)
        .where(and(eq(projects.id, projectId), eq(projects.company_id, companyId)));
      return project ?? null;
    },

    /** An active staff member of the company: a deactivated one is given no new visit. */
    async staffOfCompany(companyId: number, staffId: number) {
      const [member] = await db
        .select({ id: staff.id, name: staff.name })
        .from(staff)
        .where(and(eq(staff.id, staffId), eq(staff.company_id, companyId), isNull(staff.deactivated_at)));
      return member ?? null;
    },

    /** Writes the item and its UID (`<id>-<random>@<host>`), which needs the id, in one transaction. */
    async create(values: NewScheduleItem, uidOf: (id: number) => string): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(scheduleItems)
          .values({ ...values, uid: `pending-${randomUUID()}` })
          .returning({ id: scheduleItems.id });
        await tx
          .update(scheduleItems)
          .set({ uid: uidOf(row!.id) })
          .where(eq(scheduleItems.id, row!.id));
        return row!.id;
      });
    },

    async findOfCompany(companyId: number, id: number): Promise<ScheduleItemWithRefs | null> {
      const [row] = await base().where(and(eq(scheduleItems.id, id), eq(projects.company_id, companyId)));
      return (row as ScheduleItemWithRefs | undefined) ?? null;
    },

    /** Changes an item; `bump` raises its SEQUENCE by one in the same statement. */
    async update(id: number, changes: ScheduleItemChanges, bump: boolean) {
      await db
        .update(scheduleItems)
        .set({ ...changes, ...(bump ? { sequence: sql`${scheduleItems.sequence} + 1` } : {}), updated_at: new Date() })
        .where(eq(scheduleItems.id, id));
    },

    async delete(id: number) {
      await db.delete(scheduleItems).where(eq(scheduleItems.id, id));
    },

    async listOfCompany(options: CompanyListOptions) {
      const conditions: (SQL | undefined)[] = [eq(projects.company_id, options.companyId)];
      if (options.projectId !== undefined) conditions.push(eq(scheduleItems.project_id, options.projectId));
      if (options.projectIds) conditions.push(inArray(scheduleItems.project_id, options.projectIds));
      if (options.assignedStaffIds) conditions.push(inArray(scheduleItems.assigned_staff_id, options.assignedStaffIds));
      if (options.from) conditions.push(gt(scheduleItems.ends_at, options.from));
      if (options.to) conditions.push(lt(scheduleItems.starts_at, options.to));
      if (options.statuses) conditions.push(inArray(scheduleItems.status, options.statuses as ScheduleItemRow['status'][]));
      if (options.shared !== undefined) conditions.push(eq(scheduleItems.shared_with_portal, options.shared));
      if (options.updatedSince) conditions.push(gte(scheduleItems.updated_at, options.updatedSince));
      const columns = { starts_at: scheduleItems.starts_at, updated_at: scheduleItems.updated_at, id: scheduleItems.id };
      const order = options.order.map((term) => (term.direction === 'asc' ? asc(columns[term.field]) : desc(columns[term.field])));
      return page(and(...conditions), [...order, asc(scheduleItems.id)], options.page);
    },

    /** What the portal lists: shared items of one project, never an internal one. */
    async listShared(options: SharedListOptions) {
      const conditions: (SQL | undefined)[] = [eq(scheduleItems.project_id, options.projectId), eq(scheduleItems.shared_with_portal, true)];
      let order: SQL[] = [asc(scheduleItems.starts_at), asc(scheduleItems.id)];
      if (options.when?.kind === 'upcoming') conditions.push(gt(scheduleItems.ends_at, options.when.now));
      if (options.when?.kind === 'past') {
        conditions.push(lte(scheduleItems.ends_at, options.when.now));
        order = [desc(scheduleItems.starts_at), desc(scheduleItems.id)];
      }
      if (options.from) conditions.push(gt(scheduleItems.ends_at, options.from));
      if (options.to) conditions.push(lt(scheduleItems.starts_at, options.to));
      return page(and(...conditions), order, options.page);
    },

    async findShared(projectId: number, id: number): Promise<ScheduleItemWithRefs | null> {
      const [row] = await base().where(and(eq(scheduleItems.id, id), eq(scheduleItems.project_id, projectId), eq(scheduleItems.shared_with_portal, true)));
      return (row as ScheduleItemWithRefs | undefined) ?? null;
    },

    /**
     * A feed's items: the shared items ending after `since` of every project shared with the user, in every company
     * that has the calendar switched on, with each company's zone and name.
     */
    async feedItems(portalUserId: number, since: Date) {
      const rows = await db
        .select({ ...itemColumns, company: { id: companies.id, name: companies.name, time_zone: companies.time_zone } })
        .from(scheduleItems)
        .innerJoin(projects, eq(projects.id, scheduleItems.project_id))
        .innerJoin(companies, eq(companies.id, projects.company_id))
        .innerJoin(
          portalEntities,
          and(
            eq(portalEntities.portal_user_id, portalUserId),
            eq(portalEntities.model_type, 'project'),
            eq(portalEntities.model_id, projects.id),
            eq(portalEntities.company_id, projects.company_id),
          ),
        )
        .leftJoin(staff, eq(staff.id, scheduleItems.assigned_staff_id))
        .where(and(eq(scheduleItems.shared_with_portal, true), eq(companies.is_portal_project_calendar_enabled, true), gt(scheduleItems.ends_at, since)))
        .orderBy(asc(scheduleItems.starts_at), asc(scheduleItems.id))
        .limit(5_000);
      return rows as (ScheduleItemWithRefs & { company: { id: number; name: string; time_zone: string } })[];
    },

    /** The user's feed, by the hash of its token; null for a token we never made or one revoked. */
    async feedByHash(tokenHash: string) {
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.token_hash, tokenHash));
      return row ?? null;
    },

    async feedOfUser(portalUserId: number) {
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.portal_user_id, portalUserId));
      return row ?? null;
    },

    /** A new token for the user's feed: the row is replaced, so the old URL stops at once. */
    async replaceFeed(portalUserId: number, tokenHash: string, now: Date) {
      const [row] = await db
        .insert(calendarFeeds)
        .values({ portal_user_id: portalUserId, token_hash: tokenHash, created_at: now, updated_at: now })
        .onConflictDoUpdate({ target: calendarFeeds.portal_user_id, set: { token_hash: tokenHash, created_at: now, updated_at: now, last_used_at: null } })
        .returning();
      return row!;
    },

    async deleteFeed(portalUserId: number) {
      await db.delete(calendarFeeds).where(eq(calendarFeeds.portal_user_id, portalUserId));
    },

    async touchFeed(id: number, now: Date) {
      await db.update(calendarFeeds).set({ last_used_at: now }).where(eq(calendarFeeds.id, id));
    },
  };
}

export type CalendarRepository = ReturnType<typeof calendarRepository>;
