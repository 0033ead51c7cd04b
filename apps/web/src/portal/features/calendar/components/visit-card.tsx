import type { ScheduleItem } from '@portal/contract';
import { CalendarPlus, Clock, MapPin } from 'lucide-react';
import { StatusBadge } from '../../../../components/status-badge';
import { Avatar } from '../../../../components/ui/avatar';
import { formatAllDay, formatTimeRange } from '../../../../lib/calendar-dates';
import { formErrors } from '../../../../lib/form-errors';
import { toast } from '../../../../lib/toast';
import { useDownloadIcs } from '../api/download-ics';

/** When a visit happens, in the company's zone and naming it. */
export function visitWhen(item: ScheduleItem): string {
  if (item.all_day && item.start_date && item.end_date) return formatAllDay(item.start_date, item.end_date);
  return formatTimeRange(item.starts_at, item.ends_at, item.time_zone);
}

/** One visit: what, when (named zone), where, who comes, the notes, and the `.ics` to add it to a calendar app. */
export function VisitCard({ entity, item }: { entity: number; item: ScheduleItem }) {
  const download = useDownloadIcs();
  const cancelled = item.status === 'cancelled';
  const headingId = `visit-${item.id}`;
  const save = () =>
    download.mutate(
      { entity, item },
      {
        onSuccess: (name) => toast.success('Calendar file downloaded', `Open ${name} to add the visit to your calendar.`),
        onError: (error) => toast.error('The calendar file could not be downloaded', formErrors(error).form ?? undefined),
      },
    );
  return (
    <article
      aria-labelledby={headingId}
      className={`flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5 ${cancelled ? 'opacity-80' : ''}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className={`text-base font-semibold wrap-anywhere text-slate-900 sm:text-lg ${cancelled ? 'line-through' : ''}`}>
          {item.title}
        </h3>
        {cancelled ? <StatusBadge tone="danger" label="Cancelled" /> : null}
      </div>
      <p className="flex items-start gap-2 text-slate-800">
        <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
        <span>{visitWhen(item)}</span>
      </p>
      {item.location ? (
        <p className="flex items-start gap-2 text-slate-700">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <span className="wrap-anywhere">{item.location}</span>
        </p>
      ) : null}
      {item.assigned_staff ? (
        <p className="flex items-center gap-2 text-slate-700">
          <Avatar name={item.assigned_staff.name} url={item.assigned_staff.avatar_url} size="sm" />
          <span>
            With <span className="font-medium text-slate-900">{item.assigned_staff.name}</span>
            {item.assigned_staff.title ? `, ${item.assigned_staff.title}` : ''}
          </span>
        </p>
      ) : null}
      {item.notes ? <p className="wrap-anywhere whitespace-pre-line text-slate-700">{item.notes}</p> : null}
      {cancelled ? null : (
        <div>
          <button
            type="button"
            onClick={save}
            disabled={download.isPending}
            aria-label={`Add ${item.title} to calendar (.ics)`}
            className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium text-blue-800 ring-1 ring-slate-300 hover:bg-blue-50 disabled:opacity-60"
          >
            <CalendarPlus aria-hidden="true" className="size-4" />
            {download.isPending ? 'Downloading…' : 'Add to calendar (.ics)'}
          </button>
        </div>
      )}
    </article>
  );
}
