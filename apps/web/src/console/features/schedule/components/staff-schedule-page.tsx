import type { IntegrationScheduleItem, IntegrationStaff } from '@portal/contract';
import { DEFAULT_TIME_ZONE } from '@portal/contract/calendar-constants';
import { Ban, CalendarDays, CalendarPlus, EyeOff, MapPin, Pencil, Trash2, UserRound } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useMemo, useState, type ReactNode } from 'react';
import { QueryStatus } from '../../../../components/query-status';
import { AreaSwitchedOff } from '../../../components/area-switched-off';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { addDays, formatAllDay, formatDayHeading, formatTimeRange, dayKeyIn, todayIn } from '../../../../lib/calendar-dates';
import { formErrors } from '../../../../lib/form-errors';
import { toast } from '../../../../lib/toast';
import { useCompanyStaff, useScheduleCompany } from '../api/get-company-staff';
import { useScheduleItems, type ScheduleHalf } from '../api/get-schedule-items';
import { useCancelScheduleItem, useCreateScheduleItem, useDeleteScheduleItem, useUpdateScheduleItem } from '../api/write-schedule-item';
import { bodyOf, draftOf, emptyDraft, ScheduleForm } from './schedule-form';

const card = 'rounded-2xl bg-white shadow-sm ring-1 ring-slate-200';
const action = 'inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium text-blue-800 hover:bg-blue-50 disabled:opacity-60';

function when(item: IntegrationScheduleItem, timeZone: string): string {
  if (item.all_day && item.start_date && item.end_date) return formatAllDay(item.start_date, item.end_date);
  return formatTimeRange(item.starts_at, item.ends_at, timeZone);
}

const dayOf = (item: IntegrationScheduleItem, timeZone: string) => (item.all_day && item.start_date ? item.start_date : dayKeyIn(item.starts_at, timeZone));

/**
 * A project's schedule in the console (docs/staff-console.md, "Schedule"): its visits from today on and before, each
 * added, edited or moved, cancelled or deleted here; internal ones marked. Every time is in the company's zone, named.
 */
export function StaffSchedulePage({ projectId }: { projectId: number }) {
  const company = useScheduleCompany();
  const staff = useCompanyStaff();
  const [adding, setAdding] = useState(false);
  const timeZone = company.data?.time_zone ?? DEFAULT_TIME_ZONE;
  const today = todayIn(timeZone);
  const create = useCreateScheduleItem(projectId);

  if (company.isPending) return <PageSpinner />;
  const members = staff.data?.data ?? [];

  return (
    <div className="flex max-w-4xl flex-col gap-8">
      <AreaSwitchedOff area="is_portal_project_calendar_enabled" label="Calendars" />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Schedule</h2>
          <p className="text-slate-600">Visits and work days. Times are in the company’s time zone, {timeZone}; customers see only the visits you share.</p>
        </div>
        {adding ? null : (
          <Button className="shrink-0 self-start" onClick={() => setAdding(true)}>
            <CalendarPlus aria-hidden="true" className="size-5" />
            Add a visit
          </Button>
        )}
      </div>
      {adding ? (
        <ScheduleForm
          heading="New visit"
          initial={emptyDraft(today)}
          timeZone={timeZone}
          staff={members}
          error={create.error}
          pending={create.isPending}
          submitLabel="Add the visit"
          onSubmit={(draft) =>
            create.mutate(bodyOf(draft, timeZone), {
              onSuccess: (item) => {
                setAdding(false);
                create.reset();
                toast.success('Visit added', item.shared_with_portal ? 'The customers see it and are emailed.' : 'It is internal: customers do not see it.');
              },
            })
          }
          onCancel={() => {
            setAdding(false);
            create.reset();
          }}
        />
      ) : null}
      <ScheduleHalfList projectId={projectId} half="upcoming" today={today} timeZone={timeZone} staff={members} />
      <ScheduleHalfList projectId={projectId} half="past" today={today} timeZone={timeZone} staff={members} />
    </div>
  );
}

function ScheduleHalfList(props: { projectId: number; half: ScheduleHalf; today: string; timeZone: string; staff: IntegrationStaff[] }) {
  const { projectId, half, today, timeZone, staff } = props;
  const items = useScheduleItems(projectId, half, today, addDays(today, -1));
  const all = useMemo(() => items.data?.pages.flatMap((page) => page.data) ?? [], [items.data]);
  const headingId = `schedule-${half}`;
  const title = half === 'upcoming' ? 'Today and later' : 'Past visits';
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <QueryStatus query={items} noun="visits" loadingLabel="Loading visits…" />
      {items.isSuccess && all.length === 0 ? (
        half === 'upcoming' ? (
          <EmptyState icon={CalendarDays} title="Nothing scheduled">
            Add a visit: shared ones show in the customers’ portal and calendars.
          </EmptyState>
        ) : (
          <p className="text-slate-600">No past visits.</p>
        )
      ) : null}
      {all.length > 0 ? (
        <ul aria-label={title} className="flex flex-col gap-3">
          {all.map((item) => (
            <ScheduleRow key={item.id} projectId={projectId} item={item} timeZone={timeZone} staff={staff} />
          ))}
        </ul>
      ) : null}
      {items.hasNextPage ? (
        <button
          type="button"
          onClick={() => void items.fetchNextPage()}
          disabled={items.isFetchingNextPage}
          className="self-center rounded-full px-4 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-white disabled:opacity-60"
        >
          {items.isFetchingNextPage ? 'Loading more visits…' : half === 'upcoming' ? 'Show later visits' : 'Show older visits'}
        </button>
      ) : null}
    </section>
  );
}

function Badge({ tone, icon, children }: { tone: 'internal' | 'cancelled'; icon: ReactNode; children: ReactNode }) {
  const colours = tone === 'internal' ? 'bg-slate-100 text-slate-800' : 'bg-red-100 text-red-900';
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${colours}`}>
      {icon}
      {children}
    </span>
  );
}

function ScheduleRow({ projectId, item, timeZone, staff }: { projectId: number; item: IntegrationScheduleItem; timeZone: string; staff: IntegrationStaff[] }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateScheduleItem(projectId);
  const cancelled = item.status === 'cancelled';
  if (editing) {
    return (
      <li>
        <ScheduleForm
          heading={`Edit ${item.title}`}
          initial={draftOf(item, timeZone)}
          timeZone={timeZone}
          staff={staff}
          error={update.error}
          pending={update.isPending}
          submitLabel="Save the visit"
          onSubmit={(draft) =>
            update.mutate(
              { itemId: item.id, body: bodyOf(draft, timeZone) },
              {
                onSuccess: (saved) => {
                  setEditing(false);
                  update.reset();
                  toast.success(
                    'Visit saved',
                    saved.shared_with_portal && saved.sequence > item.sequence ? 'The customers’ calendars follow, and they are emailed.' : undefined,
                  );
                },
              },
            )
          }
          onCancel={() => {
            setEditing(false);
            update.reset();
          }}
        />
      </li>
    );
  }
  return (
    <li className={`${card} flex flex-col gap-2 p-4`}>
      <div className="flex flex-col gap-1.5 sm:flex-row sm:items-start sm:gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-slate-600">{formatDayHeading(dayOf(item, timeZone))}</p>
          <h3 className={`font-semibold wrap-anywhere text-slate-900 ${cancelled ? 'line-through' : ''}`}>{item.title}</h3>
        </div>
        <div className="flex flex-wrap gap-1.5 empty:hidden">
          {cancelled ? (
            <Badge tone="cancelled" icon={<Ban aria-hidden="true" className="size-3.5" />}>
              Cancelled
            </Badge>
          ) : null}
          {item.shared_with_portal ? null : (
            <Badge tone="internal" icon={<EyeOff aria-hidden="true" className="size-3.5" />}>
              Internal: customers do not see this
            </Badge>
          )}
        </div>
      </div>
      <p className="text-slate-800">{when(item, timeZone)}</p>
      <div className="flex flex-col gap-1 text-sm text-slate-700 sm:flex-row sm:flex-wrap sm:gap-x-4">
        <span className="inline-flex items-center gap-1.5">
          <UserRound aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          {item.assigned_staff ? item.assigned_staff.name : 'Nobody assigned'}
        </span>
        <span className="inline-flex min-w-0 items-center gap-1.5">
          <MapPin aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          <span className="wrap-anywhere">{item.location ?? 'The project’s address'}</span>
        </span>
      </div>
      {item.notes ? <p className="wrap-anywhere whitespace-pre-line text-slate-700">{item.notes}</p> : null}
      <div className="-ml-3 flex flex-wrap gap-1">
        <button type="button" className={action} onClick={() => setEditing(true)} aria-label={`Edit or move ${item.title}`}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit or move
        </button>
        {cancelled ? null : <CancelItem projectId={projectId} item={item} />}
        <DeleteItem projectId={projectId} item={item} />
      </div>
    </li>
  );
}

/** A confirmation before a change the customers feel: the action runs only from the dialog's button. */
function Confirm(props: {
  trigger: ReactNode;
  triggerLabel: string;
  danger?: boolean;
  title: string;
  description: string;
  keep: string;
  confirm: string;
  pending: boolean;
  error: unknown;
  onConfirm: (close: () => void) => void;
  onOpenChange: (open: boolean) => void;
}) {
  const [open, setOpen] = useState(false);
  const failure = props.error ? formErrors(props.error).form : null;
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        props.onOpenChange(next);
      }}
    >
      <AlertDialog.Trigger className={`${action} ${props.danger ? 'text-red-800 hover:bg-red-50' : ''}`} aria-label={props.triggerLabel}>
        {props.trigger}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold wrap-anywhere text-slate-900">{props.title}</AlertDialog.Title>
          <AlertDialog.Description className="text-slate-700">{props.description}</AlertDialog.Description>
          {failure ? (
            <p role="alert" className="text-sm font-medium text-red-800">
              {failure}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="ghost">{props.keep}</Button>
            </AlertDialog.Cancel>
            <Button variant="danger" disabled={props.pending} onClick={() => props.onConfirm(() => setOpen(false))}>
              {props.pending ? 'Working…' : props.confirm}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function CancelItem({ projectId, item }: { projectId: number; item: IntegrationScheduleItem }) {
  const cancel = useCancelScheduleItem(projectId);
  return (
    <Confirm
      trigger={
        <>
          <Ban aria-hidden="true" className="size-4" />
          Cancel visit
        </>
      }
      triggerLabel={`Cancel ${item.title}`}
      title={`Cancel ${item.title}?`}
      description={
        item.shared_with_portal
          ? 'It stays on the schedule marked cancelled; the customers’ calendars show it cancelled and they are emailed.'
          : 'It stays on the schedule marked cancelled. It is internal, so no customer is told.'
      }
      keep="Keep the visit"
      confirm="Cancel the visit"
      pending={cancel.isPending}
      error={cancel.error}
      onOpenChange={(open) => (open ? undefined : cancel.reset())}
      onConfirm={(close) =>
        cancel.mutate(item.id, {
          onSuccess: () => {
            close();
            toast.success('Visit cancelled');
          },
        })
      }
    />
  );
}

function DeleteItem({ projectId, item }: { projectId: number; item: IntegrationScheduleItem }) {
  const remove = useDeleteScheduleItem(projectId);
  return (
    <Confirm
      danger
      trigger={
        <>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </>
      }
      triggerLabel={`Delete ${item.title}`}
      title={`Delete ${item.title}?`}
      description="It leaves the schedule for good and the customers’ calendars drop it without a cancellation. To tell them it is off, cancel it instead."
      keep="Keep it"
      confirm="Delete"
      pending={remove.isPending}
      error={remove.error}
      onOpenChange={(open) => (open ? undefined : remove.reset())}
      onConfirm={(close) =>
        remove.mutate(item.id, {
          onSuccess: () => {
            close();
            toast.success('Visit deleted');
          },
        })
      }
    />
  );
}
