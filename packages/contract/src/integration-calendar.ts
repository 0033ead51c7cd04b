import { z } from 'zod';
import { TimestampSchema } from './common';
import { INT4_MAX } from './constants';
import { CalendarDateInputSchema } from './integration-invoices';
import { ScheduleItemStatusSchema, scheduleTimesShape } from './calendar';
import { paginatedSchema } from './pagination';
import { SCHEDULE_LOCATION_MAX_LENGTH, SCHEDULE_NOTES_MAX_LENGTH, SCHEDULE_TITLE_MAX_LENGTH } from './calendar-constants';

/**
 * The company side of the project calendar (docs/company-api.md "Calendar"), scopes `calendar:read` / `calendar:write`:
 *
 * - `GET /api/integration/schedule-items` (`listScheduleItems`): every project's; `filter[project_id]`,
 *   `filter[assigned_staff_id]`, and the filters below.
 * - `GET /api/integration/projects/{id}/schedule-items` (`listProjectScheduleItems`): one project's; `filter[from]`,
 *   `filter[to]` (dates in the company's zone, inclusive, or moments with an offset: items overlapping the range),
 *   `filter[status]`, `filter[shared_with_portal]`, `filter[updated_since]`; sort `starts_at` (default), `updated_at`, `id`.
 * - `POST /api/integration/projects/{id}/schedule-items` (`createScheduleItem`, 201): `IntegrationScheduleItemCreate`.
 * - `GET /api/integration/schedule-items/{id}` (`getScheduleItem`).
 * - `PATCH /api/integration/schedule-items/{id}` (`updateScheduleItem`): a move is a change of the times.
 * - `POST /api/integration/schedule-items/{id}/cancel` (`cancelScheduleItem`): kept, `status: cancelled`.
 * - `DELETE /api/integration/schedule-items/{id}` (`deleteScheduleItem`, 204).
 */

const text = (what: string) => ({ error: `The ${what} must be text.` });

/** A moment with its offset, as the company knows it: "2026-11-03T08:00:00-06:00" or "…Z". */
export const ScheduleMomentInputSchema = z.iso.datetime({ offset: true, message: 'Give a date and time with its offset, such as 2026-11-03T08:00:00-06:00.' });

const noNul = (value: string) => !value.includes('\u0000');

/**
 * The fields of a schedule item; each is optional here so that a PATCH sends only what changes. The server checks the
 * whole after merging: timed items need `starts_at` and `ends_at` (end after start), all-day ones `start_date` and
 * `end_date` (end not before start), each refusal a 422 naming the field.
 */
const scheduleItemFields = {
  title: z
    .string(text('title'))
    .trim()
    .min(1, 'The title field is required.')
    .max(SCHEDULE_TITLE_MAX_LENGTH, `The title may not be longer than ${SCHEDULE_TITLE_MAX_LENGTH} characters.`)
    .refine(noNul, 'The title may not contain NUL characters.'),
  notes: z
    .string(text('notes'))
    .trim()
    .max(SCHEDULE_NOTES_MAX_LENGTH, `The notes may not be longer than ${SCHEDULE_NOTES_MAX_LENGTH.toLocaleString('en-US')} characters.`)
    .refine(noNul, 'The notes may not contain NUL characters.')
    .nullable(),
  /** Left out or null: the project's address. */
  location: z
    .string(text('location'))
    .trim()
    .max(SCHEDULE_LOCATION_MAX_LENGTH, `The location may not be longer than ${SCHEDULE_LOCATION_MAX_LENGTH} characters.`)
    .refine(noNul, 'The location may not contain NUL characters.')
    .nullable(),
  /** true: `start_date`/`end_date`; false: `starts_at`/`ends_at`. */
  all_day: z.boolean({ error: 'all_day must be true or false.' }),
  starts_at: ScheduleMomentInputSchema,
  ends_at: ScheduleMomentInputSchema,
  /** First day, in the company's zone. */
  start_date: CalendarDateInputSchema,
  /** Last day (inclusive), in the company's zone. */
  end_date: CalendarDateInputSchema,
  /** An active staff member of the company; null: nobody named. */
  assigned_staff_id: z.number().int().positive().max(INT4_MAX).nullable(),
  /** false: internal, never shown in the portal, the feed or an email. */
  shared_with_portal: z.boolean({ error: 'shared_with_portal must be true or false.' }),
};

export const IntegrationScheduleItemCreateSchema = z
  .object({
    ...scheduleItemFields,
    notes: scheduleItemFields.notes.optional(),
    location: scheduleItemFields.location.optional(),
    all_day: scheduleItemFields.all_day.default(false),
    starts_at: scheduleItemFields.starts_at.optional(),
    ends_at: scheduleItemFields.ends_at.optional(),
    start_date: scheduleItemFields.start_date.optional(),
    end_date: scheduleItemFields.end_date.optional(),
    assigned_staff_id: scheduleItemFields.assigned_staff_id.optional(),
    shared_with_portal: scheduleItemFields.shared_with_portal.default(false),
  })
  .strict()
  .meta({ id: 'IntegrationScheduleItemCreate' });
export type IntegrationScheduleItemCreate = z.input<typeof IntegrationScheduleItemCreateSchema>;

export const IntegrationScheduleItemUpdateSchema = z.object(scheduleItemFields).partial().strict().meta({ id: 'IntegrationScheduleItemUpdate' });
export type IntegrationScheduleItemUpdate = z.input<typeof IntegrationScheduleItemUpdateSchema>;

export const IntegrationScheduleItemSchema = z
  .object({
    id: z.number().int(),
    project_id: z.number().int(),
    /** The iCalendar UID: stable for the item's life, the same in every `.ics`, feed and email. */
    uid: z.string(),
    /** The iCalendar SEQUENCE: rises by one at every change the customer sees (time, title, notes, location, cancel). */
    sequence: z.number().int(),
    title: z.string(),
    notes: z.string().nullable(),
    /** The item's own place; null: the project's address is used. */
    location: z.string().nullable(),
    ...scheduleTimesShape,
    status: ScheduleItemStatusSchema,
    cancelled_at: TimestampSchema.nullable(),
    assigned_staff: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    shared_with_portal: z.boolean(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .meta({ id: 'IntegrationScheduleItem' });
export type IntegrationScheduleItem = z.infer<typeof IntegrationScheduleItemSchema>;
export const IntegrationScheduleItemPageSchema = paginatedSchema(IntegrationScheduleItemSchema).meta({ id: 'IntegrationScheduleItemPage' });
export type IntegrationScheduleItemPage = z.infer<typeof IntegrationScheduleItemPageSchema>;
