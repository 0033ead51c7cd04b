import { SCHEDULE_ITEM_STATUSES } from '@portal/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireApiCompany } from '../../core/access/request';
import type { CompanyRow } from '../../db/rows';
import { invalid, notFound } from '../../lib/http-errors';
import type { PageRequest } from '../../lib/list-query';
import { paginate, pageUrls } from '../../lib/pagination';
import { newSecret } from '../../lib/tokens';
import { describeWhen, scheduleNotice, type ScheduleChange } from './calendar-email';
import { calendarRepository, type ScheduleItemChanges, type ScheduleItemWithRefs } from './calendar.repository';
import { icsFileName, itemCalendar, locationOf, serializeIntegrationScheduleItem } from './calendar.serializers';
import { cancelledConflict, rangeBound, resolveTimes, sameTimes } from './schedule-times';
import * as schemas from './calendar.company-schemas';

/** The company side of the calendar (docs/company-api.md "Calendar"): schedule, move, cancel and delete visits. */
export async function calendarCompanyRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const calendar = calendarRepository(app.database.db);
  const host = new URL(options.publicUrl).hostname || 'portal';

  /** Both lists (the company's, a project's) answer one page of items the same way. */
  function pageOfItems(url: string, company: CompanyRow, rows: Awaited<ReturnType<typeof calendar.listOfCompany>>['rows'], total: number, page: PageRequest) {
    return paginate(
      rows.map((row) => serializeIntegrationScheduleItem(row, company)),
      total,
      page,
      pageUrls(options.publicUrl, url),
    );
  }

  function listFilters(company: CompanyRow, filters: { from?: string[]; to?: string[]; status?: string[]; shared_with_portal?: string[] }) {
    const shared = filters.shared_with_portal?.[0];
    if (shared !== undefined && shared !== 'true' && shared !== 'false') {
      throw invalid({ 'filter[shared_with_portal]': ['The filter[shared_with_portal] must be true or false.'] }, 400);
    }
    const statuses = filters.status;
    if (statuses?.some((status) => !(SCHEDULE_ITEM_STATUSES as readonly string[]).includes(status))) {
      throw invalid({ 'filter[status]': [`The filter[status] must be ${SCHEDULE_ITEM_STATUSES.join(' or ')}.`] }, 400);
    }
    return {
      from: rangeBound('from', filters.from?.[0], company.time_zone),
      to: rangeBound('to', filters.to?.[0], company.time_zone),
      statuses,
      shared: shared === undefined ? undefined : shared === 'true',
    };
  }

  async function found(companyId: number, id: number): Promise<ScheduleItemWithRefs> {
    const row = await calendar.findOfCompany(companyId, id);
    if (!row) throw notFound();
    return row;
  }

  async function checkStaff(company: CompanyRow, staffId: number | null | undefined) {
    if (staffId === undefined || staffId === null) return;
    if (!(await calendar.staffOfCompany(company.id, staffId))) {
      throw invalid({ assigned_staff_id: ['The assigned staff member must be an active staff member of the company.'] });
    }
  }

  /**
   * Tells the project's customers of a shared item added, moved or cancelled, once per SEQUENCE (the notice's
   * revision), so a second move tells them again and a retried call does not.
   */
  async function tell(log: FastifyBaseLogger, company: CompanyRow, row: ScheduleItemWithRefs, change: ScheduleChange) {
    if (!row.item.shared_with_portal) return;
    const ics = itemCalendar(row, app.now(), company.name);
    await app.notices.send(log, {
      kind: 'schedule',
      recordId: row.item.id,
      revision: row.item.sequence,
      companyId: company.id,
      projectId: row.item.project_id,
      build: (recipient) =>
        scheduleNotice({
          company,
          project: row.project,
          change,
          title: row.item.title,
          when: describeWhen(row.item, company.time_zone),
          location: locationOf(row),
          staffName: row.staff?.name ?? null,
          calendarUrl: `${options.publicUrl}/calendar?entity=${recipient.entityId}`,
          ics,
          icsName: icsFileName(row.item.title),
        }),
    });
  }

  app.get(
    '/integration/schedule-items',
    {
      config: { apiKey: true, scope: 'calendar:read' },
      schema: schemas.listScheduleItems,
      preValidation: schemas.companyListQuery.preValidation,
    },
    async (request) => {
      const company = requireApiCompany(request);
      const { filters, sort, page } = schemas.companyListQuery.from(request);
      const { rows, total } = await calendar.listOfCompany({
        companyId: company.id,
        projectIds: filters.project_id,
        assignedStaffIds: filters.assigned_staff_id,
        ...listFilters(company, filters),
        updatedSince: filters.updated_since?.[0],
        order: sort,
        page,
      });
      return pageOfItems(request.url, company, rows, total, page);
    },
  );

  app.get(
    '/integration/projects/:id/schedule-items',
    {
      config: { apiKey: true, scope: 'calendar:read' },
      schema: schemas.listProjectScheduleItems,
      preValidation: schemas.projectListQuery.preValidation,
    },
    async (request) => {
      const company = requireApiCompany(request);
      const project = await calendar.projectOfCompany(company.id, request.params.id);
      if (!project) throw notFound();
      const { filters, sort, page } = schemas.projectListQuery.from(request);
      const { rows, total } = await calendar.listOfCompany({
        companyId: company.id,
        projectId: project.id,
        ...listFilters(company, filters),
        updatedSince: filters.updated_since?.[0],
        order: sort,
        page,
      });
      return pageOfItems(request.url, company, rows, total, page);
    },
  );

  app.post(
    '/integration/projects/:id/schedule-items',
    { config: { apiKey: true, scope: 'calendar:write' }, schema: schemas.createScheduleItem },
    async (request, reply) => {
      const company = requireApiCompany(request);
      const project = await calendar.projectOfCompany(company.id, request.params.id);
      if (!project) throw notFound();
      const input = request.body;
      const times = resolveTimes(input, null, company.time_zone);
      await checkStaff(company, input.assigned_staff_id);
      const id = await calendar.create(
        {
          project_id: project.id,
          title: input.title,
          notes: input.notes || null,
          location: input.location || null,
          ...times,
          assigned_staff_id: input.assigned_staff_id ?? null,
          shared_with_portal: input.shared_with_portal,
        },
        (itemId) => `${itemId}-${newSecret().slice(0, 16)}@${host}`,
      );
      const row = await found(company.id, id);
      await tell(request.log, company, row, 'added');
      return reply.code(201).send(serializeIntegrationScheduleItem(row, company));
    },
  );

  app.get('/integration/schedule-items/:id', { config: { apiKey: true, scope: 'calendar:read' }, schema: schemas.getScheduleItem }, async (request) => {
    const company = requireApiCompany(request);
    return serializeIntegrationScheduleItem(await found(company.id, request.params.id), company);
  });

  app.patch('/integration/schedule-items/:id', { config: { apiKey: true, scope: 'calendar:write' }, schema: schemas.updateScheduleItem }, async (request) => {
    const company = requireApiCompany(request);
    const before = await found(company.id, request.params.id);
    if (before.item.status === 'cancelled') throw cancelledConflict();
    const input = request.body;
    const touchesTimes = ['all_day', 'starts_at', 'ends_at', 'start_date', 'end_date'].some((field) => field in input);
    const times = touchesTimes ? resolveTimes(input, before.item, company.time_zone) : null;
    await checkStaff(company, input.assigned_staff_id);
    const changes: ScheduleItemChanges = {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.notes !== undefined ? { notes: input.notes || null } : {}),
      ...(input.location !== undefined ? { location: input.location || null } : {}),
      ...(times ?? {}),
      ...(input.assigned_staff_id !== undefined ? { assigned_staff_id: input.assigned_staff_id } : {}),
      ...(input.shared_with_portal !== undefined ? { shared_with_portal: input.shared_with_portal } : {}),
    };
    const moved = times !== null && !sameTimes(times, before.item);
    const seen =
      moved ||
      (changes.title !== undefined && changes.title !== before.item.title) ||
      (changes.notes !== undefined && changes.notes !== before.item.notes) ||
      (changes.location !== undefined && changes.location !== before.item.location);
    await calendar.update(before.item.id, changes, seen);
    const after = await found(company.id, before.item.id);
    if (after.item.shared_with_portal && !before.item.shared_with_portal) await tell(request.log, company, after, 'added');
    else if (moved) await tell(request.log, company, after, 'moved');
    return serializeIntegrationScheduleItem(after, company);
  });

  app.post(
    '/integration/schedule-items/:id/cancel',
    { config: { apiKey: true, scope: 'calendar:write' }, schema: schemas.cancelScheduleItem },
    async (request) => {
      const company = requireApiCompany(request);
      const before = await found(company.id, request.params.id);
      if (before.item.status === 'cancelled') return serializeIntegrationScheduleItem(before, company);
      await calendar.update(before.item.id, { status: 'cancelled', cancelled_at: app.now() }, true);
      const after = await found(company.id, before.item.id);
      await tell(request.log, company, after, 'cancelled');
      return serializeIntegrationScheduleItem(after, company);
    },
  );

  app.delete(
    '/integration/schedule-items/:id',
    { config: { apiKey: true, scope: 'calendar:write' }, schema: schemas.deleteScheduleItem },
    async (request, reply) => {
      const company = requireApiCompany(request);
      const row = await found(company.id, request.params.id);
      await calendar.delete(row.item.id);
      return reply.code(204).send(null);
    },
  );
}
