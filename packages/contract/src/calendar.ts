import { z } from 'zod';
import { TimestampSchema } from './common';
import { CalendarDateSchema } from './invoices';
import { paginatedSchema } from './pagination';
import { SCHEDULE_ITEM_STATUSES } from './calendar-constants';

/**
 * The portal side of the project calendar (docs/requirements.md 11.9, docs/company-api.md "Calendar"): the visits
 * the company shared with the customer, never its internal ones. Routes, each with `?entity=` naming the project and
 * answering 404 while `is_portal_project_calendar_enabled` is off or the project is not shared with the caller:
 *
 * - `GET /api/calendar?entity=…` (`listPortalScheduleItems`): a page of `ScheduleItemPage`.
 *   `filter[when]=upcoming` (default: not yet ended, next first) or `past` (ended, newest first), or a range with
 *   `filter[from]` and/or `filter[to]` (dates `YYYY-MM-DD` in the company's zone, inclusive, or moments with an offset;
 *   items overlapping it, earliest first) for a month view. `page[number]`, `page[size]` (at most 100).
 * - `GET /api/calendar/{id}?entity=…` (`getPortalScheduleItem`): one `ScheduleItem`.
 * - `GET /api/calendar/{id}/ics?entity=…` (`getPortalScheduleItemIcs`): the item as `text/calendar`, a download.
 *
 * The personal feed (every shared item of every project shared with the user, in every company with the switch on):
 *
 * - `GET /api/account/calendar-feed` (`getCalendarFeed`): `CalendarFeedStatus` (the URL itself is shown only when made).
 * - `POST /api/account/calendar-feed` (`createCalendarFeed`): a new secret URL, `CalendarFeedCreated`; the old one stops.
 * - `DELETE /api/account/calendar-feed` (`revokeCalendarFeed`): 204; the URL answers 404 from then on.
 * - `GET /api/calendar-feeds/{token}.ics`: the feed, no session; a wrong or revoked token is 404.
 */

export const ScheduleItemStatusSchema = z.enum(SCHEDULE_ITEM_STATUSES);
export type ScheduleItemStatus = z.infer<typeof ScheduleItemStatusSchema>;

/** Who will come: a staff member of the company. */
export const ScheduleItemStaffSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    title: z.string().nullable(),
    /** Only while the company has `is_portal_user_profile_pics_enabled` (as beside notes). */
    avatar_url: z.string().nullable(),
  })
  .meta({ id: 'ScheduleItemStaff' });
export type ScheduleItemStaff = z.infer<typeof ScheduleItemStaffSchema>;

/**
 * When an item happens. Timed: `starts_at`/`ends_at` are the moments (UTC), `start_date`/`end_date` null. All-day:
 * `start_date`/`end_date` are the first and last day (inclusive) in `time_zone`, and `starts_at`/`ends_at` are the
 * start of the first day and the end of the last (exclusive) in that zone, so every item sorts and overlaps by moments.
 */
export const scheduleTimesShape = {
  all_day: z.boolean(),
  starts_at: TimestampSchema,
  ends_at: TimestampSchema,
  start_date: CalendarDateSchema.nullable(),
  end_date: CalendarDateSchema.nullable(),
  /** The company's zone (IANA), in which the portal shows the times and all-day dates are meant. */
  time_zone: z.string(),
};

export const ScheduleItemSchema = z
  .object({
    id: z.number().int(),
    project_id: z.number().int(),
    title: z.string(),
    /** Plain text. */
    notes: z.string().nullable(),
    /** Where: the item's own place, else the project's address; null when neither is known. */
    location: z.string().nullable(),
    ...scheduleTimesShape,
    status: ScheduleItemStatusSchema,
    assigned_staff: ScheduleItemStaffSchema.nullable(),
    /** The `.ics` of this item (`GET /api/calendar/{id}/ics?entity=…`), relative to the portal. */
    ics_path: z.string(),
    updated_at: TimestampSchema,
  })
  .meta({ id: 'ScheduleItem', description: 'A visit the company shared with the customer.' });
export type ScheduleItem = z.infer<typeof ScheduleItemSchema>;

export const ScheduleItemPageSchema = paginatedSchema(ScheduleItemSchema).meta({ id: 'ScheduleItemPage' });
export type ScheduleItemPage = z.infer<typeof ScheduleItemPageSchema>;

export const CalendarFeedStatusSchema = z
  .object({
    /** false: no feed, or it was revoked. */
    active: z.boolean(),
    created_at: TimestampSchema.nullable(),
    /** The last time a calendar app fetched it. */
    last_used_at: TimestampSchema.nullable(),
  })
  .meta({ id: 'CalendarFeedStatus' });
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatusSchema>;

export const CalendarFeedCreatedSchema = CalendarFeedStatusSchema.extend({
  /** `https://…/api/calendar-feeds/<token>.ics`: shown this once; only its hash is kept. */
  url: z.string(),
  /** The same address as `webcal://…`, which phones and desktop calendars open as a subscription. */
  webcal_url: z.string(),
}).meta({ id: 'CalendarFeedCreated' });
export type CalendarFeedCreated = z.infer<typeof CalendarFeedCreatedSchema>;
