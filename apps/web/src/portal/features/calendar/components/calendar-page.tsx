import type { ScheduleItem } from '@portal/contract';
import { getRouteApi, Link } from '@tanstack/react-router';
import { CalendarCheck, CalendarDays, CalendarPlus, History } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { QueryStatus } from '../../../../components/query-status';
import { EmptyState } from '../../../../components/ui/empty-state';
import { PageHeading } from '../../../../components/ui/page-heading';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { dayKeyIn, daysBetween, formatDayHeading, monthGrid, monthOfDay, todayIn } from '../../../../lib/calendar-dates';
import { CALENDAR_FEED_SECTION_ID, paths } from '../../../lib/paths';
import type { ProjectPageProps } from '../../../lib/portal';
import { useAgenda, useScheduleRange } from '../api/get-schedule';
import type { CalendarSearch } from '../search';
import { MonthGrid, type GridItem } from './month-grid';
import { VisitCard } from './visit-card';

const route = getRouteApi('/default/calendar');

const tab = 'rounded-full px-4 py-2 text-sm font-semibold transition';
const tabStyle = (current: boolean) => `${tab} ${current ? 'bg-slate-900 text-white' : 'text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100'}`;

/** The first day a visit is on, in the company's zone: an all-day visit's date, else its start's day. */
const firstDay = (item: ScheduleItem) => (item.all_day && item.start_date ? item.start_date : dayKeyIn(item.starts_at, item.time_zone));

/** Every day a visit covers: all-day dates inclusive; a timed visit up to the moment before it ends. */
function visitDays(item: ScheduleItem): string[] {
  if (item.all_day && item.start_date && item.end_date) return daysBetween(item.start_date, item.end_date);
  const last = dayKeyIn(new Date(Math.max(new Date(item.starts_at).getTime(), new Date(item.ends_at).getTime() - 1)), item.time_zone);
  return daysBetween(dayKeyIn(item.starts_at, item.time_zone), last);
}

/** Visits in their order, grouped under the day each starts on. */
function byDay(items: ScheduleItem[]): [string, ScheduleItem[]][] {
  const groups = new Map<string, ScheduleItem[]>();
  for (const item of items) {
    const day = firstDay(item);
    groups.set(day, [...(groups.get(day) ?? []), item]);
  }
  return [...groups];
}

/**
 * The project's calendar in the portal: the visits the company shares, in the company's time zone, named. The agenda
 * (upcoming, next first, or past, newest first) or a month grid with the picked day's visits below it; the view, the
 * month and the day are in the URL.
 */
export function CalendarPage({ entity, company }: ProjectPageProps) {
  const search = route.useSearch();
  const project = entity.model;
  const view = search.view === 'month' ? 'month' : 'agenda';
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Calendar">
        {project ? `${project.name || project.address_street || 'Your project'}${project.number ? ` · ${project.number}` : ''}. ` : ''}
        Times are in {company.name}’s time zone, {company.time_zone}.
      </PageHeading>
      <div className="-mt-2 flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Calendar views">
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link
                from="/calendar"
                search={(previous) => ({ ...previous, view: undefined, month: undefined, day: undefined })}
                className={tabStyle(view === 'agenda')}
                aria-current={view === 'agenda' ? 'page' : undefined}
              >
                Agenda
              </Link>
            </li>
            <li>
              <Link
                from="/calendar"
                search={(previous) => ({ ...previous, view: 'month' as const, past: undefined, page: undefined })}
                className={tabStyle(view === 'month')}
                aria-current={view === 'month' ? 'page' : undefined}
              >
                Month
              </Link>
            </li>
          </ul>
        </nav>
        {/* The feed lives with the account (it holds every shared project's visits); the portal's page for it is there. */}
        <Link
          {...paths.account({ entity: entity.id })}
          hash={CALENDAR_FEED_SECTION_ID}
          className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100"
        >
          <CalendarPlus aria-hidden="true" className="size-4" />
          Subscribe to this calendar
        </Link>
      </div>
      {view === 'agenda' ? <Agenda entity={entity.id} search={search} /> : <Month entity={entity.id} timeZone={company.time_zone} search={search} />}
    </div>
  );
}

function Agenda({ entity, search }: { entity: number; search: CalendarSearch }) {
  const past = search.past === true;
  const page = search.page ?? 1;
  const agenda = useAgenda(entity, past ? 'past' : 'upcoming', page);
  const groups = useMemo(() => byDay(agenda.data?.data ?? []), [agenda.data]);
  const pageLink = (number: number) => ({
    from: '/calendar' as const,
    search: (previous: CalendarSearch) => ({ ...previous, page: number > 1 ? number : undefined }),
  });

  return (
    <section aria-labelledby="agenda-heading" className="flex max-w-3xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="agenda-heading" className="text-xl font-semibold text-slate-900">
          {past ? 'Past visits' : 'Upcoming visits'}
        </h2>
        <Link
          from="/calendar"
          search={(previous) => ({ ...previous, past: past ? undefined : true, page: undefined })}
          className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100"
        >
          {past ? <CalendarCheck aria-hidden="true" className="size-4" /> : <History aria-hidden="true" className="size-4" />}
          {past ? 'Show upcoming visits' : 'Show past visits'}
        </Link>
      </div>
      <QueryStatus query={agenda} noun="visits" loadingLabel="Loading visits…" />
      {agenda.isSuccess && agenda.data.data.length === 0 ? (
        <EmptyState icon={CalendarDays} title={past ? 'No past visits' : 'No upcoming visits'}>
          {past ? 'Visits appear here once they are over.' : 'When the team schedules a visit to your project, it shows here.'}
        </EmptyState>
      ) : null}
      {groups.map(([day, items]) => (
        <section key={day} aria-labelledby={`day-${day}`} className="flex flex-col gap-2">
          <h3 id={`day-${day}`} className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
            {formatDayHeading(day)}
          </h3>
          <ul className="flex flex-col gap-3">
            {items.map((item) => (
              <li key={item.id}>
                <VisitCard entity={entity} item={item} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {agenda.data && agenda.data.last_page > 1 ? (
        <nav aria-label={past ? 'Pages of past visits' : 'Pages of upcoming visits'} className="flex items-center justify-between gap-2">
          {page > 1 ? (
            <Link {...pageLink(page - 1)} className="rounded-full px-4 py-2 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100">
              {past ? 'Newer visits' : 'Earlier visits'}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-slate-600">
            Page {agenda.data.current_page} of {agenda.data.last_page}
          </span>
          {page < agenda.data.last_page ? (
            <Link {...pageLink(page + 1)} className="rounded-full px-4 py-2 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100">
              {past ? 'Older visits' : 'Later visits'}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}

function Month({ entity, timeZone, search }: { entity: number; timeZone: string; search: CalendarSearch }) {
  const navigate = route.useNavigate();
  const today = todayIn(timeZone);
  const month = search.month ?? (search.day ? monthOfDay(search.day) : monthOfDay(today));
  const selected = search.day && monthOfDay(search.day) === month ? search.day : monthOfDay(today) === month ? today : `${month}-01`;
  const weeks = monthGrid(month);
  const from = weeks[0]![0]!.key;
  const to = weeks[weeks.length - 1]![6]!.key;
  const range = useScheduleRange(entity, from, to);
  const dayHeading = useRef<HTMLHeadingElement>(null);

  const byGridDay = useMemo(() => {
    const map = new Map<string, ScheduleItem[]>();
    for (const item of range.data?.data ?? []) for (const day of visitDays(item)) map.set(day, [...(map.get(day) ?? []), item]);
    return map;
  }, [range.data]);
  const gridItems = useMemo(
    () =>
      new Map(
        [...byGridDay].map(([day, items]): [string, GridItem[]] => [
          day,
          items.map((item) => ({
            id: item.id,
            cancelled: item.status === 'cancelled',
            // A cell is narrow: the title alone fits, the times are in the day's list beside it.
            label: item.title,
          })),
        ]),
      ),
    [byGridDay],
  );
  const dayItems = byGridDay.get(selected) ?? [];

  const select = (day: string) =>
    void navigate({
      search: (previous) => ({ ...previous, view: 'month' as const, month: monthOfDay(day), day }),
      // Moving a day with the arrows is not a page of its own; a new month is.
      replace: monthOfDay(day) === month,
    });

  return (
    <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
      <div className="flex flex-col gap-2">
        <MonthGrid month={month} selected={selected} today={today} items={gridItems} onSelect={select} onOpen={() => dayHeading.current?.focus()} />
        {range.isError ? (
          <p role="alert" className="text-red-800">
            The visits could not be loaded. Try again in a moment.
          </p>
        ) : null}
        {selected !== today ? (
          <button type="button" onClick={() => select(today)} className="self-start text-sm font-medium text-slate-800 underline underline-offset-2">
            Go to today
          </button>
        ) : null}
      </div>
      <section aria-labelledby="day-visits" className="flex flex-col gap-3">
        <h2 id="day-visits" ref={dayHeading} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none focus-visible:underline">
          {formatDayHeading(selected)}
          {selected === today ? ' (today)' : ''}
        </h2>
        {range.isPending ? <PageSpinner label="Loading visits…" /> : null}
        {range.isSuccess && dayItems.length === 0 ? <p className="text-slate-600">No visits this day.</p> : null}
        {dayItems.length > 0 ? (
          <ul className="flex flex-col gap-3" aria-label={`Visits on ${formatDayHeading(selected)}`}>
            {dayItems.map((item) => (
              <li key={item.id}>
                <VisitCard entity={entity} item={item} />
              </li>
            ))}
          </ul>
        ) : null}
        {range.isSuccess && range.data.data.length === 0 ? (
          <p className="text-sm text-slate-600">
            Nothing is scheduled between {formatDayHeading(from)} and {formatDayHeading(to)}.
          </p>
        ) : null}
      </section>
    </div>
  );
}
