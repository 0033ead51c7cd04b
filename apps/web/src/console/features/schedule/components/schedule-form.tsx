import type { IntegrationScheduleItem, IntegrationScheduleItemCreate, IntegrationStaff } from '@portal/contract';
import { useId, useState, type FormEvent } from 'react';
import { fieldAria, LabelledField } from '../../../components/labelled-field';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { TextField } from '../../../../components/ui/text-field';
import { addDays, instantToZoned, isoWithOffset, zonedToInstant } from '../../../../lib/calendar-dates';
import { formErrors } from '../../../../lib/form-errors';

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

type SetDraft = <K extends keyof ScheduleDraft>(key: K, value: ScheduleDraft[K]) => void;

/** The draft as typed. Moving the first day moves the last with it while they were the same, or the last would come first. */
function useScheduleDraft(initial: ScheduleDraft) {
  const [draft, setDraft] = useState(initial);
  const set: SetDraft = (key, value) => setDraft((previous) => ({ ...previous, [key]: value }));
  const setStartDay = (day: string) =>
    setDraft((previous) => ({ ...previous, startDay: day, endDay: previous.endDay === previous.startDay || previous.endDay < day ? day : previous.endDay }));
  return { draft, set, setStartDay };
}

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
  const { draft, set, setStartDay } = useScheduleDraft(props.initial);
  const errors = formErrors(props.error);
  const fields = errors.fields;
  // Someone deactivated may still be assigned to an old visit: they stay in the list for it.
  const choices = props.staff.filter((member) => member.active || String(member.id) === props.initial.staffId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit(draft);
  };

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
      <WhenFields id={id} draft={draft} set={set} setStartDay={setStartDay} fields={fields} timeZone={props.timeZone} />
      <LabelledField id={`${id}-staff`} label="Assigned to" error={fields.assigned_staff_id}>
        <select
          id={`${id}-staff`}
          value={draft.staffId}
          onChange={(event) => set('staffId', event.target.value)}
          {...controlProps(`${id}-staff`, fields.assigned_staff_id)}
        >
          <option value="">Nobody yet</option>
          {choices.map((member) => (
            <option key={member.id} value={String(member.id)}>
              {member.name}
              {member.title ? `, ${member.title}` : ''}
            </option>
          ))}
        </select>
      </LabelledField>
      <TextField
        label="Place"
        value={draft.location}
        onChange={(event) => set('location', event.target.value)}
        error={fields.location}
        hint="Leave empty for the project’s address."
        maxLength={500}
      />
      <LabelledField id={`${id}-notes`} label="Notes" error={fields.notes}>
        <textarea
          id={`${id}-notes`}
          rows={3}
          value={draft.notes}
          onChange={(event) => set('notes', event.target.value)}
          maxLength={5000}
          {...controlProps(`${id}-notes`, fields.notes)}
        />
      </LabelledField>
      <SharedField id={`${id}-shared`} shared={draft.shared} onChange={(shared) => set('shared', shared)} error={fields.shared_with_portal} />
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

/** A control's error state: marked invalid, tied to its message, and outlined red. */
const controlProps = (id: string, error: string | undefined) => ({
  ...fieldAria(id, error),
  className: `${control} ${error ? 'border-red-600' : 'border-slate-300'}`,
});

/**
 * When the visit is: its days, and its times unless it lasts all day, as wall-clock in the company's zone, named as IANA
 * writes it, as everywhere a zone is named (docs/decisions/117-time-zones-found-and-written-one-way.md).
 */
function WhenFields({
  id,
  draft,
  set,
  setStartDay,
  fields,
  timeZone,
}: {
  id: string;
  draft: ScheduleDraft;
  set: SetDraft;
  setStartDay: (day: string) => void;
  fields: Record<string, string | undefined>;
  timeZone: string;
}) {
  const startError = draft.allDay ? fields.start_date : fields.starts_at;
  const endError = draft.allDay ? fields.end_date : fields.ends_at;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium text-slate-800">
        {draft.allDay ? 'Days' : 'When'} <span className="font-normal text-slate-600">({timeZone} time)</span>
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <DayAndTime
          id={`${id}-start`}
          labels={draft.allDay ? ['First day'] : ['Start date', 'Start time']}
          day={draft.startDay}
          time={draft.startTime}
          onDay={setStartDay}
          onTime={(time) => set('startTime', time)}
          error={startError}
        />
        <DayAndTime
          id={`${id}-end`}
          labels={draft.allDay ? ['Last day'] : ['End date', 'End time']}
          day={draft.endDay}
          time={draft.endTime}
          min={draft.startDay || undefined}
          onDay={(day) => set('endDay', day)}
          onTime={(time) => set('endTime', time)}
          error={endError}
        />
      </div>
    </fieldset>
  );
}

/** One end of the visit: its date, and its time when `labels` names one (an all-day visit has none). */
function DayAndTime(props: {
  id: string;
  labels: [day: string, time?: string];
  day: string;
  time: string;
  min?: string | undefined;
  onDay: (day: string) => void;
  onTime: (time: string) => void;
  error: string | undefined;
}) {
  const [dayLabel, timeLabel] = props.labels;
  return (
    <>
      <LabelledField id={`${props.id}-day`} label={dayLabel} error={props.error}>
        <input
          id={`${props.id}-day`}
          type="date"
          value={props.day}
          min={props.min}
          onChange={(event) => props.onDay(event.target.value)}
          {...controlProps(`${props.id}-day`, props.error)}
        />
      </LabelledField>
      {timeLabel ? (
        <LabelledField id={`${props.id}-time`} label={timeLabel}>
          <input
            id={`${props.id}-time`}
            type="time"
            value={props.time}
            onChange={(event) => props.onTime(event.target.value)}
            className={`${control} border-slate-300`}
          />
        </LabelledField>
      ) : null}
    </>
  );
}

function SharedField({ id, shared, onChange, error }: { id: string; shared: boolean; onChange: (shared: boolean) => void; error: string | undefined }) {
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={shared}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-1 size-4 shrink-0"
      />
      <div>
        <label htmlFor={id} className="font-medium text-slate-800">
          Shared with the customer
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          Customers see it in their portal and calendar, and are emailed when it is added, moved or cancelled. Unticked, it stays internal.
        </p>
        {error ? <p className="text-sm text-red-700">{error}</p> : null}
      </div>
    </div>
  );
}
