import type { IntegrationScheduleItem, IntegrationScheduleItemCreate, IntegrationStaff } from '@portal/contract';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { addDays, instantToZoned, isoWithOffset, zonedToInstant } from '../../../lib/calendar-dates';
import { formErrors } from '../../../lib/form-errors';

/** What the form holds: the times as the office types them, wall-clock in the company's zone. */
export interface ScheduleDraft {
  title: string;
  notes: string;
  location: string;
  allDay: boolean;
  startDay: string;
  startTime: string;
  endDay: string;
  endTime: string;
  staffId: string;
  shared: boolean;
}

/** A new visit: tomorrow, 9 to 11 in the company's zone, shared. */
export function emptyDraft(today: string): ScheduleDraft {
  const day = addDays(today, 1);
  return { title: '', notes: '', location: '', allDay: false, startDay: day, startTime: '09:00', endDay: day, endTime: '11:00', staffId: '', shared: true };
}

export function draftOf(item: IntegrationScheduleItem, timeZone: string): ScheduleDraft {
  const start = instantToZoned(item.starts_at, timeZone);
  const end = instantToZoned(item.ends_at, timeZone);
  return {
    title: item.title,
    notes: item.notes ?? '',
    location: item.location ?? '',
    allDay: item.all_day,
    startDay: item.all_day && item.start_date ? item.start_date : start.day,
    startTime: item.all_day ? '09:00' : start.time,
    endDay: item.all_day && item.end_date ? item.end_date : end.day,
    endTime: item.all_day ? '11:00' : end.time,
    staffId: item.assigned_staff ? String(item.assigned_staff.id) : '',
    shared: item.shared_with_portal,
  };
}

/**
 * The body the API takes: a timed visit's moments with the company zone's offset of that day (so a visit typed for
 * 9:00 in July is 9:00 CDT, in January 9:00 CST), an all-day visit's first and last days.
 */
export function bodyOf(draft: ScheduleDraft, timeZone: string): IntegrationScheduleItemCreate {
  const moment = (day: string, time: string) => (day && time ? isoWithOffset(zonedToInstant(day, time, timeZone), timeZone) : undefined);
  const times = draft.allDay
    ? { all_day: true, start_date: draft.startDay || undefined, end_date: draft.endDay || undefined }
    : { all_day: false, starts_at: moment(draft.startDay, draft.startTime), ends_at: moment(draft.endDay, draft.endTime) };
  return {
    title: draft.title,
    notes: draft.notes.trim() || null,
    location: draft.location.trim() || null,
    ...times,
    assigned_staff_id: draft.staffId ? Number(draft.staffId) : null,
    shared_with_portal: draft.shared,
  } as IntegrationScheduleItemCreate;
}

const control =
  'rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs outline-none focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30';

function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string | undefined; hint?: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const describedBy = (id: string, error: string | undefined, hint = false) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

/** Add or edit a visit. The server is the judge of every rule; its messages show beside the fields they name. */
export function ScheduleForm(props: {
  heading: string;
  initial: ScheduleDraft;
  timeZone: string;
  staff: IntegrationStaff[];
  error: unknown;
  pending: boolean;
  submitLabel: string;
  onSubmit: (draft: ScheduleDraft) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(props.initial);
  const set = <K extends keyof ScheduleDraft>(key: K, value: ScheduleDraft[K]) => setDraft((previous) => ({ ...previous, [key]: value }));
  const errors = formErrors(props.error);
  const fields = errors.fields;
  // The zone as IANA writes it, as everywhere a zone is named (docs/decisions/117-time-zones-found-and-written-one-way.md).
  const zone = props.timeZone;
  // Someone deactivated may still be assigned to an old visit: they stay in the list for it.
  const choices = props.staff.filter((member) => member.active || String(member.id) === props.initial.staffId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit(draft);
  };
  const setStartDay = (day: string) =>
    setDraft((previous) => ({ ...previous, startDay: day, endDay: previous.endDay === previous.startDay || previous.endDay < day ? day : previous.endDay }));

  const startError = draft.allDay ? fields.start_date : fields.starts_at;
  const endError = draft.allDay ? fields.end_date : fields.ends_at;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h3 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {props.heading}
      </h3>
      <FormError message={errors.form ?? fields.all_day} />
      <TextField label="Title" value={draft.title} onChange={(event) => set('title', event.target.value)} error={fields.title} required maxLength={200} />
      <div className="flex items-center gap-2">
        <input id={`${id}-all-day`} type="checkbox" checked={draft.allDay} onChange={(event) => set('allDay', event.target.checked)} className="size-4" />
        <label htmlFor={`${id}-all-day`} className="text-slate-800">
          All day
        </label>
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium text-slate-800">
          {draft.allDay ? 'Days' : 'When'} <span className="font-normal text-slate-600">({zone} time)</span>
        </legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id={`${id}-start-day`} label={draft.allDay ? 'First day' : 'Start date'} error={startError}>
            <input
              id={`${id}-start-day`}
              type="date"
              value={draft.startDay}
              onChange={(event) => setStartDay(event.target.value)}
              aria-invalid={startError ? true : undefined}
              aria-describedby={describedBy(`${id}-start-day`, startError)}
              className={`${control} ${startError ? 'border-red-600' : 'border-slate-300'}`}
            />
          </Field>
          {draft.allDay ? null : (
            <Field id={`${id}-start-time`} label="Start time">
              <input
                id={`${id}-start-time`}
                type="time"
                value={draft.startTime}
                onChange={(event) => set('startTime', event.target.value)}
                className={`${control} border-slate-300`}
              />
            </Field>
          )}
          <Field id={`${id}-end-day`} label={draft.allDay ? 'Last day' : 'End date'} error={endError}>
            <input
              id={`${id}-end-day`}
              type="date"
              value={draft.endDay}
              min={draft.startDay || undefined}
              onChange={(event) => set('endDay', event.target.value)}
              aria-invalid={endError ? true : undefined}
              aria-describedby={describedBy(`${id}-end-day`, endError)}
              className={`${control} ${endError ? 'border-red-600' : 'border-slate-300'}`}
            />
          </Field>
          {draft.allDay ? null : (
            <Field id={`${id}-end-time`} label="End time">
              <input
                id={`${id}-end-time`}
                type="time"
                value={draft.endTime}
                onChange={(event) => set('endTime', event.target.value)}
                className={`${control} border-slate-300`}
              />
            </Field>
          )}
        </div>
      </fieldset>
      <Field id={`${id}-staff`} label="Assigned to" error={fields.assigned_staff_id}>
        <select
          id={`${id}-staff`}
          value={draft.staffId}
          onChange={(event) => set('staffId', event.target.value)}
          aria-invalid={fields.assigned_staff_id ? true : undefined}
          aria-describedby={describedBy(`${id}-staff`, fields.assigned_staff_id)}
          className={`${control} ${fields.assigned_staff_id ? 'border-red-600' : 'border-slate-300'}`}
        >
          <option value="">Nobody yet</option>
          {choices.map((member) => (
            <option key={member.id} value={String(member.id)}>
              {member.name}
              {member.title ? `, ${member.title}` : ''}
            </option>
          ))}
        </select>
      </Field>
      <TextField
        label="Place"
        value={draft.location}
        onChange={(event) => set('location', event.target.value)}
        error={fields.location}
        hint="Leave empty for the project’s address."
        maxLength={500}
      />
      <Field id={`${id}-notes`} label="Notes" error={fields.notes}>
        <textarea
          id={`${id}-notes`}
          rows={3}
          value={draft.notes}
          onChange={(event) => set('notes', event.target.value)}
          maxLength={5000}
          aria-invalid={fields.notes ? true : undefined}
          aria-describedby={describedBy(`${id}-notes`, fields.notes)}
          className={`${control} ${fields.notes ? 'border-red-600' : 'border-slate-300'}`}
        />
      </Field>
      <div className="flex items-start gap-2">
        <input
          id={`${id}-shared`}
          type="checkbox"
          checked={draft.shared}
          onChange={(event) => set('shared', event.target.checked)}
          aria-describedby={`${id}-shared-hint`}
          className="mt-1 size-4 shrink-0"
        />
        <div>
          <label htmlFor={`${id}-shared`} className="font-medium text-slate-800">
            Shared with the customer
          </label>
          <p id={`${id}-shared-hint`} className="text-sm text-slate-600">
            Customers see it in their portal and calendar, and are emailed when it is added, moved or cancelled. Unticked, it stays internal.
          </p>
          {fields.shared_with_portal ? <p className="text-sm text-red-700">{fields.shared_with_portal}</p> : null}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={props.pending}>
          {props.pending ? 'Saving…' : props.submitLabel}
        </Button>
        <Button variant="ghost" onClick={props.onCancel}>
          Discard
        </Button>
      </div>
    </form>
  );
}
