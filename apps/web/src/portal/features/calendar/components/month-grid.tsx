import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { addDays, addMonths, formatDayHeading, formatMonth, monthGrid, monthOfDay, parseDayKey, weekday } from '../../../../lib/calendar-dates';

export interface GridItem {
  id: number;
  /** What a wide cell shows: "9:00 AM Roof inspection". */
  label: string;
  cancelled: boolean;
}

const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

/** Cells show this many items at most on a wide screen; the rest is "+2 more". */
const SHOWN = 3;

const navButton =
  'inline-flex size-10 items-center justify-center rounded-full text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2';

/**
 * A month as a keyboard grid (the WAI-ARIA date grid pattern): one day is in the tab order, the arrows move a day or a
 * week, Home and End to the week's ends, Page Up and Page Down a month; moving picks the day, whose visits the page
 * lists below, and Enter or Space takes the focus there. On a phone the cells show dots; on a wide screen the titles.
 */
export function MonthGrid(props: {
  month: string;
  selected: string;
  today: string;
  items: ReadonlyMap<string, GridItem[]>;
  onSelect: (day: string) => void;
  onOpen: (day: string) => void;
}) {
  const { month, selected, today, items, onSelect, onOpen } = props;
  const grid = useRef<HTMLTableElement>(null);
  // The grid takes the focus back after a key moved it (a new month re-renders every cell), never on first render.
  const moved = useRef(false);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-day="${selected}"]`)?.focus();
  }, [selected, month]);

  const move = (day: string) => {
    moved.current = true;
    onSelect(day);
  };

  const onKeyDown = (event: KeyboardEvent, day: string) => {
    const sameDayOfMonth = (months: number) => {
      const { day: date } = parseDayKey(day)!;
      const target = addMonths(monthOfDay(day), months);
      const last = Number(addDays(`${addMonths(target, 1)}-01`, -1).slice(8));
      return `${target}-${String(Math.min(date, last)).padStart(2, '0')}`;
    };
    const targets: Record<string, () => string> = {
      ArrowLeft: () => addDays(day, -1),
      ArrowRight: () => addDays(day, 1),
      ArrowUp: () => addDays(day, -7),
      ArrowDown: () => addDays(day, 7),
      Home: () => addDays(day, -weekday(day)),
      End: () => addDays(day, 6 - weekday(day)),
      PageUp: () => sameDayOfMonth(-1),
      PageDown: () => sameDayOfMonth(1),
    };
    const target = targets[event.key];
    if (target) {
      event.preventDefault();
      move(target());
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(day);
    }
  };

  const previous = addMonths(month, -1);
  const next = addMonths(month, 1);
  const headingId = `month-${month}`;

  return (
    <div className="flex flex-col gap-3 rounded-2xl bg-white p-3 ring-1 ring-slate-200 sm:p-4">
      <div className="flex items-center justify-between gap-2">
        <button type="button" className={navButton} onClick={() => onSelect(`${previous}-01`)} aria-label={`Previous month, ${formatMonth(previous)}`}>
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900" aria-live="polite">
          {formatMonth(month)}
        </h2>
        <button type="button" className={navButton} onClick={() => onSelect(`${next}-01`)} aria-label={`Next month, ${formatMonth(next)}`}>
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
      </div>
      <table ref={grid} role="grid" aria-labelledby={headingId} className="w-full table-fixed border-collapse">
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" abbr={long} className="pb-1 text-center text-xs font-semibold text-slate-600 uppercase">
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month).map((week) => (
            <tr key={week[0]!.key}>
              {week.map(({ key, inMonth }) => {
                const dayItems = items.get(key) ?? [];
                const isSelected = key === selected;
                const isToday = key === today;
                const count = dayItems.length;
                return (
                  <td
                    key={key}
                    role="gridcell"
                    data-day={key}
                    tabIndex={isSelected ? 0 : -1}
                    aria-selected={isSelected}
                    aria-current={isToday ? 'date' : undefined}
                    onClick={() => onSelect(key)}
                    onKeyDown={(event) => onKeyDown(event, key)}
                    className={`h-14 cursor-pointer border border-slate-100 p-1 align-top outline-none focus-visible:ring-2 focus-visible:ring-slate-900 focus-visible:ring-inset sm:h-24 sm:p-1.5 ${
                      isSelected ? 'bg-slate-100 ring-2 ring-slate-400 ring-inset' : inMonth ? 'bg-white hover:bg-slate-50' : 'bg-slate-50 hover:bg-slate-100'
                    }`}
                  >
                    <span className="sr-only">
                      {formatDayHeading(key)}
                      {isToday ? ', today' : ''}, {count === 0 ? 'no visits' : count === 1 ? '1 visit' : `${count} visits`}
                    </span>
                    <span aria-hidden="true" className="flex flex-col items-center gap-1 sm:items-stretch">
                      <span
                        className={`inline-flex size-7 items-center justify-center self-center rounded-full text-sm sm:self-start ${
                          isToday ? 'bg-portal font-semibold text-on-portal' : inMonth ? 'text-slate-900' : 'text-slate-500'
                        }`}
                      >
                        {parseDayKey(key)!.day}
                      </span>
                      {count > 0 ? (
                        <>
                          <span className="flex gap-0.5 sm:hidden">
                            {dayItems.slice(0, SHOWN).map((item) => (
                              <span key={item.id} className={`size-1.5 rounded-full ${item.cancelled ? 'bg-slate-400' : 'bg-portal'}`} />
                            ))}
                          </span>
                          <span className="hidden flex-col gap-0.5 sm:flex">
                            {dayItems.slice(0, SHOWN).map((item) => (
                              <span
                                key={item.id}
                                title={item.label}
                                className={`truncate rounded px-1 text-xs ${item.cancelled ? 'text-slate-500 line-through' : 'bg-slate-100 text-slate-800'}`}
                              >
                                {item.label}
                              </span>
                            ))}
                            {count > SHOWN ? <span className="px-1 text-xs text-slate-600">+{count - SHOWN} more</span> : null}
                          </span>
                        </>
                      ) : null}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm text-slate-600">Use the arrow keys to move between days, and Enter to read a day’s visits.</p>
    </div>
  );
}
