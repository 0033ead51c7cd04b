import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { projects, scheduleItems } from '../db/schema';
import { addDaysToDate, startOfDayInZone } from '../lib/time-zones';

/** The moments an all-day item spans in a zone: the start of its first day to the start of the day after its last. */
export function allDayBounds(startDate: string, endDate: string, zone: string) {
  return { starts_at: startOfDayInZone(startDate, zone), ends_at: startOfDayInZone(addDaysToDate(endDate, 1), zone) };
}

/**
 * A company that changes its zone keeps its all-day items on the same dates: their moments are worked out again in
 * the new zone (the companies module calls this; the calendar module owns the table). Timed items stay the moments
 * they are. The SEQUENCE does not move: what a customer's calendar shows of an all-day item is its dates.
 */
export async function rezoneAllDayItems(db: Executor, companyId: number, zone: string): Promise<void> {
  const items = await db
    .select({ id: scheduleItems.id, start_date: scheduleItems.start_date, end_date: scheduleItems.end_date })
    .from(scheduleItems)
    .where(
      and(
        eq(scheduleItems.all_day, true),
        inArray(scheduleItems.project_id, db.select({ id: projects.id }).from(projects).where(eq(projects.company_id, companyId))),
      ),
    );
  for (const item of items) {
    if (!item.start_date || !item.end_date) continue;
    await db
      .update(scheduleItems)
      .set(allDayBounds(item.start_date, item.end_date, zone))
      .where(eq(scheduleItems.id, item.id));
  }
}
