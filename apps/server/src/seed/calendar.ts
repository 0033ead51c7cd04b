import { allDayBounds } from '../core/calendar';
import { calendarRepository } from '../modules/calendar/calendar.repository';
import { addDaysToDate, dateInZone, startOfDayInZone } from '../lib/time-zones';
import type { AreaSeeder, DemoContext } from './context';

interface DemoVisit {
  project: keyof DemoContext['projects'];
  title: string;
  /** Days after the seed's clock; timed visits start at `hour` (local) and last `hours`. */
  day: number;
  hour?: number;
  hours?: number;
  /** All day, over this many days. */
  days?: number;
  staff?: keyof DemoContext['staff'];
  notes?: string;
  internal?: boolean;
  cancelled?: boolean;
}

/** A few visits per project, some behind the seed's clock and some ahead of it: the agenda, the month and the feed have something to show. */
const VISITS: DemoVisit[] = [
  {
    project: 'kitchen',
    title: 'Demolition starts',
    day: 5,
    hour: 8,
    hours: 8,
    staff: 'omar',
    notes: 'Please clear the counters and the cabinets under the sink.',
  },
  { project: 'kitchen', title: 'Plumbing rough-in inspection', day: 12, hour: 10, hours: 1, staff: 'dana' },
  { project: 'kitchen', title: 'Crew prep for cabinets', day: 279, hour: 7, hours: 2, staff: 'omar', internal: true },
  { project: 'kitchen', title: 'Cabinet install', day: 280, days: 2, staff: 'omar', notes: 'The crew needs the kitchen empty both days.' },
  { project: 'kitchen', title: 'Countertop template', day: 284, hour: 9, hours: 2, staff: 'omar', cancelled: true },
  { project: 'kitchen', title: 'Final walkthrough', day: 290, hour: 14, hours: 1, staff: 'dana', notes: 'We go over the punch list together.' },
  { project: 'roof', title: 'Roof inspection', day: 282, hour: 9, hours: 2, staff: 'dana' },
  { project: 'deck', title: 'Deck board delivery', day: 283, hour: 11, hours: 1, staff: 'omar' },
];

const ZONE = 'America/Chicago';

export const seedCalendar: AreaSeeder = async (tx, demo) => {
  const calendar = calendarRepository(tx);
  for (const visit of VISITS) {
    const date = dateInZone(demo.at(visit.day), ZONE);
    const times = visit.days
      ? { all_day: true, start_date: date, end_date: addDaysToDate(date, visit.days - 1), ...allDayBounds(date, addDaysToDate(date, visit.days - 1), ZONE) }
      : (() => {
          const starts = new Date(startOfDayInZone(date, ZONE).getTime() + (visit.hour ?? 9) * 3_600_000);
          return { all_day: false, starts_at: starts, ends_at: new Date(starts.getTime() + (visit.hours ?? 1) * 3_600_000), start_date: null, end_date: null };
        })();
    await calendar.create(
      {
        project_id: demo.projects[visit.project],
        title: visit.title,
        notes: visit.notes ?? null,
        location: null,
        ...times,
        assigned_staff_id: visit.staff ? demo.staff[visit.staff] : null,
        shared_with_portal: !visit.internal,
        created_at: demo.at(Math.max(0, Math.min(visit.day - 14, 40))),
        updated_at: demo.at(Math.max(0, Math.min(visit.day - 14, 40))),
        ...(visit.cancelled ? { status: 'cancelled' as const, cancelled_at: demo.at(40), sequence: 1 } : {}),
      },
      (itemId) => `${itemId}-demo@portal.example`,
    );
  }
};
