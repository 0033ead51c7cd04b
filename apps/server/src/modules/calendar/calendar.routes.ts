import {
  ApiErrorSchema,
  CalendarFeedCreatedSchema,
  CalendarFeedStatusSchema,
  IdSchema,
  INT4_MAX,
  SCHEDULE_PAGE_SIZE_MAX,
  SCHEDULE_WHEN,
  ScheduleItemPageSchema,
  ScheduleItemSchema,
  type ScheduleWhen,
} from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProject } from '../../core/access/projects';
import { requireUser } from '../../core/access/request';
import type { CalendarFeedRow, CompanyRow, EntityRow } from '../../db/rows';
import { invalid, notFound, tooManyAttempts } from '../../lib/http-errors';
import { buildCalendar } from '../../lib/icalendar';
import { defineListQuery } from '../../lib/list-query';
import { pageUrls, paginate } from '../../lib/pagination';
import { binaryReply } from '../../lib/reply-media';
import { apiTimestamp } from '../../lib/timestamps';
import { newSecret, sha256 } from '../../lib/tokens';
import { calendarRepository } from './calendar.repository';
import { icalEvent, icsFileName, itemCalendar, serializeScheduleItem } from './calendar.serializers';
import { rangeBound } from './schedule-times';

/** How far back a feed reaches: what a customer may still look up; everything ahead is in it (decision 065). */
export const FEED_DAYS_BACK = 90;
/** Fetches of feeds per client address an hour: calendar apps poll every few minutes at most, a household has a few. */
const FEED_FETCHES_PER_HOUR = 600;
const HOUR_MS = 3_600_000;
const FEED_REFRESH_MINUTES = 60;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const WHOLE = /^\d{1,10}$/;
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
const EntityQuery = z.strictObject({ entity: IdSchema });

const listQuery = defineListQuery({
  filters: {
    when: { kind: 'string', description: 'upcoming (default without a range: not yet ended, next first) or past (ended, newest first)' },
    from: { kind: 'string', description: 'Items ending after the start of: a date (YYYY-MM-DD, in the company’s zone) or a moment with its offset' },
    to: { kind: 'string', description: 'Items starting before the end of: a date (inclusive, in the company’s zone) or a moment with its offset' },
  },
  params: { entity: { description: 'The portal entity (project) whose calendar to read. Required.' } },
  paginate: { maxSize: SCHEDULE_PAGE_SIZE_MAX },
});

interface Guarded {
  entity: EntityRow;
  company: CompanyRow;
}

function sendCalendar(reply: FastifyReply, body: string, fileName: string | null) {
  reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, no-store');
  if (fileName) reply.header('content-disposition', `attachment; filename="${fileName}"`);
  return reply.send(body);
}

/**
 * The portal side of the calendar (docs/requirements.md 11.9): a project's shared visits as an agenda and a month,
 * each as an `.ics`, and the user's personal feed (docs/decisions/065-calendar-time-zones-and-icalendar.md).
 */
export async function calendarRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
  await agendaRoutes(fastify, options);
  await feedRoutes(fastify, options);
}

/** A project's shared visits: the agenda, the month, one visit and its `.ics`. */
async function agendaRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const calendar = calendarRepository(app.database.db);
  const guarded = new WeakMap<FastifyRequest, Guarded>();

  /** Before anything else is read: not the caller's project, or the calendar switched off, is 404 (decision 008). */
  async function guard(request: FastifyRequest) {
    const user = requireUser(request);
    const raw = (request.query as Record<string, unknown> | undefined)?.entity;
    if (typeof raw !== 'string' || raw === '') throw invalid({ entity: ['The entity parameter is required.'] }, 400);
    if (!WHOLE.test(raw) || Number(raw) < 1 || Number(raw) > INT4_MAX)
      throw invalid({ entity: ['The entity parameter must be a whole number of at least 1.'] }, 400);
    const { entity, company } = await requireProject(app, user, Number(raw), 'calendar');
    guarded.set(request, { entity, company });
  }
  const guardOf = (request: FastifyRequest) => guarded.get(request)!;
  const context = ({ entity, company }: Guarded) => ({ company, publicUrl: options.publicUrl, entityId: entity.id });

  app.get(
    '/calendar',
    {
      schema: {
        tags: ['calendar'],
        operationId: 'listPortalScheduleItems',
        summary: "A page of a project's shared visits",
        description:
          'Internal items are never listed. Without a range, `filter[when]=upcoming` (the default: items not yet ended, next first) or ' +
          '`past` (ended, newest first) pages the agenda. With `filter[from]` and/or `filter[to]` (dates in the company’s zone, inclusive, ' +
          `or moments), the items overlapping the range, earliest first: a month view asks for one page of up to ${SCHEDULE_PAGE_SIZE_MAX}. ` +
          'Each item carries the company’s zone. 404 when the project is not shared with the caller or its company has the calendar switched off.',
        querystring: listQuery.querystring,
        response: { 200: ScheduleItemPageSchema, ...errors },
      },
      preValidation: [guard, listQuery.preValidation],
    },
    async (request) => {
      const guardedRequest = guardOf(request);
      const { entity, company } = guardedRequest;
      const { filters, page } = listQuery.from(request);
      const from = rangeBound('from', filters.from?.[0], company.time_zone);
      const to = rangeBound('to', filters.to?.[0], company.time_zone);
      const whenValue = filters.when?.[0];
      if (whenValue !== undefined && !(SCHEDULE_WHEN as readonly string[]).includes(whenValue)) {
        throw invalid({ 'filter[when]': [`The filter[when] must be ${SCHEDULE_WHEN.join(' or ')}.`] }, 400);
      }
      const kind: ScheduleWhen | undefined = (whenValue as ScheduleWhen | undefined) ?? (from || to ? undefined : 'upcoming');
      const { rows, total } = await calendar.listShared({
        projectId: entity.model_id,
        when: kind ? { kind, now: app.now() } : undefined,
        from,
        to,
        page,
      });
      return paginate(
        rows.map((row) => serializeScheduleItem(row, context(guardedRequest))),
        total,
        page,
        pageUrls(options.publicUrl, request.url),
      );
    },
  );

  app.get(
    '/calendar/:id',
    {
      schema: {
        tags: ['calendar'],
        operationId: 'getPortalScheduleItem',
        summary: 'One shared visit',
        description: 'An internal item, or one of another project, answers 404 like one that does not exist.',
        params: z.object({ id: IdSchema }),
        querystring: EntityQuery,
        response: { 200: ScheduleItemSchema, ...errors },
      },
      preValidation: guard,
    },
    async (request) => {
      const guardedRequest = guardOf(request);
      const row = await calendar.findShared(guardedRequest.entity.model_id, request.params.id);
      if (!row) throw notFound();
      return serializeScheduleItem(row, context(guardedRequest));
    },
  );

  app.get(
    '/calendar/:id/ics',
    {
      schema: {
        tags: ['calendar'],
        operationId: 'getPortalScheduleItemIcs',
        summary: 'One shared visit as an iCalendar file',
        description: 'text/calendar (METHOD:PUBLISH, UTC times, all-day items as dates), as a download a calendar app opens. 404 as the item.',
        params: z.object({ id: IdSchema }),
        querystring: EntityQuery,
        response: { 200: binaryReply('The .ics file', ['text/calendar']), ...errors },
      },
      preValidation: guard,
    },
    async (request, reply) => {
      const { entity, company } = guardOf(request);
      const row = await calendar.findShared(entity.model_id, request.params.id);
      if (!row) throw notFound();
      return sendCalendar(reply, itemCalendar(row, app.now(), company.name), icsFileName(row.item.title));
    },
  );
}

/** The user's personal calendar feed: making, reading and stopping it, and the feed a calendar app fetches. */
async function feedRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const calendar = calendarRepository(app.database.db);
  const feedUrl = (token: string) => `${options.publicUrl}/api/calendar-feeds/${token}.ics`;
  const feedStatus = (feed: CalendarFeedRow | null) => ({
    active: feed !== null,
    created_at: feed ? apiTimestamp(feed.created_at) : null,
    last_used_at: feed?.last_used_at ? apiTimestamp(feed.last_used_at) : null,
  });

  app.get(
    '/account/calendar-feed',
    {
      schema: {
        tags: ['account'],
        operationId: 'getCalendarFeed',
        summary: 'Whether the signed-in user has a calendar feed',
        description: 'Its URL is shown only when it is made (only a hash of its secret is kept).',
        response: { 200: CalendarFeedStatusSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      // The feed carries every company's visits: whether the customer made one is not a preview's to know.
      return feedStatus(user.preview ? null : await calendar.feedOfUser(user.id));
    },
  );

  app.post(
    '/account/calendar-feed',
    {
      schema: {
        tags: ['account'],
        operationId: 'createCalendarFeed',
        summary: 'Make a new personal calendar feed URL',
        description:
          'A secret URL (256 random bits) a calendar app subscribes to: the shared visits of every project shared with the user, in every ' +
          `company with the calendar switched on, from ${FEED_DAYS_BACK} days back to everything ahead. Shown this once. A new one stops the old URL.`,
        response: { 201: CalendarFeedCreatedSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const token = newSecret();
      const feed = await calendar.replaceFeed(user.id, sha256(token), app.now());
      request.log.info({ event: 'calendar.feed_created', userId: user.id }, 'calendar feed made');
      const url = feedUrl(token);
      return reply.code(201).send({ ...feedStatus(feed), url, webcal_url: url.replace(/^https?:/, 'webcal:') });
    },
  );

  app.delete(
    '/account/calendar-feed',
    {
      schema: {
        tags: ['account'],
        operationId: 'revokeCalendarFeed',
        summary: 'Stop the personal calendar feed',
        description: 'Its URL answers 404 from now on. Nothing to stop is fine too.',
        response: { 204: z.null().describe('Stopped'), 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await calendar.deleteFeed(user.id);
      request.log.info({ event: 'calendar.feed_revoked', userId: user.id }, 'calendar feed stopped');
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/calendar-feeds/:file',
    {
      // Calendar apps subscribe without a session: the secret in the URL is the credential.
      config: { public: true },
      schema: {
        tags: ['calendar'],
        operationId: 'fetchCalendarFeed',
        summary: 'A personal calendar feed (`/api/calendar-feeds/{token}.ics`)',
        description:
          `Every shared visit of the user's projects in companies with the calendar on, ${FEED_DAYS_BACK} days back and everything ahead; ` +
          'cancelled ones as STATUS:CANCELLED. A wrong or revoked token answers 404.',
        params: z.object({ file: z.string().max(100) }),
        response: { 200: binaryReply('The feed', ['text/calendar']), 404: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const limit = await app.rateLimiter.hit(`calendar-feed:ip:${request.ip}`, { limit: FEED_FETCHES_PER_HOUR, windowMs: HOUR_MS });
      if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);
      const token = request.params.file.endsWith('.ics') ? request.params.file.slice(0, -4) : '';
      if (!TOKEN.test(token)) throw notFound();
      const feed = await calendar.feedByHash(sha256(token));
      if (!feed) throw notFound();
      const now = app.now();
      const rows = await calendar.feedItems(feed.portal_user_id, new Date(now.getTime() - FEED_DAYS_BACK * 86_400_000));
      await calendar.touchFeed(feed.id, now);
      const body = buildCalendar({
        name: rows.length > 0 && rows.every((row) => row.company.id === rows[0]!.company.id) ? `${rows[0]!.company.name} visits` : 'Project visits',
        refreshMinutes: FEED_REFRESH_MINUTES,
        events: rows.map((row) => icalEvent(row, { stamp: now, companyName: row.company.name })),
      });
      return sendCalendar(reply, body, null);
    },
  );
}
