import {
  ApiErrorSchema,
  IdSchema,
  IntegrationAccountInputSchema,
  IntegrationAccountPageSchema,
  IntegrationAccountSchema,
  IntegrationAccountUpdateSchema,
  IntegrationLookupInputSchema,
  IntegrationLookupUpdateSchema,
  IntegrationProjectInputSchema,
  IntegrationProjectPageSchema,
  IntegrationProjectSchema,
  IntegrationProjectUpdateSchema,
  INTEGRATION_PROJECT_APPENDS,
  INTEGRATION_PROJECT_INCLUDES,
  INTEGRATION_PROJECT_SORTS,
  type IntegrationProject,
  IntegrationSiteTypeSchema,
  IntegrationStatusSchema,
  paginatedSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAreaEnabled } from '../../core/access/projects';
import { requireApiCompany } from '../../core/access/request';
import { hexColorOrNull } from '../../core/companies';
import { chooseProjectCover, coversRepository, serializeCoverPhoto } from '../../core/covers';
import { customerMoney, invoicedMoneyOf } from '../../core/invoiced-money';
import { serializeAccount, serializeProjectFields } from '../../core/projects';
import type { AccountRow, CompanyRow } from '../../db/rows';
import { HttpError, invalid, notFound } from '../../lib/http-errors';
import { defineListQuery } from '../../lib/list-query';
import { paginate, pageUrls } from '../../lib/pagination';
import { apiTimestamp } from '../../lib/timestamps';
import { projectsRepository, type ProjectListRow } from './projects.repository';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema };
const idParams = z.object({ id: IdSchema });
const deleted = z.null().describe('Deleted');
const REFERENCE_MESSAGES: Record<string, string> = {
  account_id: 'The account must be one of the company’s accounts.',
  status_id: 'The status must be one of the company’s project statuses.',
  site_type_id: 'The site type must be one of the company’s site types.',
  rep_primary_id: 'The primary rep must be an active staff member of the company.',
};

const syncList = (sorts: readonly string[], filters: Record<string, { kind: 'integer' }> = {}) =>
  defineListQuery({ filters: { updated_since: { kind: 'timestamp' }, ...filters }, sorts: ['id', 'updated_at', ...sorts] });
const accountsQuery = defineListQuery({
  filters: { updated_since: { kind: 'timestamp' }, search: { kind: 'string', description: 'Text in the name or email; a comma means any of' } },
  sorts: ['id', 'updated_at', 'name'],
});
const projectsQuery = defineListQuery({
  filters: {
    updated_since: { kind: 'timestamp' },
    account_id: { kind: 'integer' },
    status_id: { kind: 'integer' },
    search: { kind: 'string', description: 'Text in the name, the number or the account’s name; a comma means any of' },
  },
  sorts: INTEGRATION_PROJECT_SORTS,
  includes: INTEGRATION_PROJECT_INCLUDES,
  appends: INTEGRATION_PROJECT_APPENDS,
});
const projectQuery = defineListQuery({ includes: INTEGRATION_PROJECT_INCLUDES, appends: INTEGRATION_PROJECT_APPENDS, paginate: false });
const COVER_MESSAGES = {
  'not-found': 'The cover must be one of the project’s photos.',
  'not-shared': 'The cover must be a photo of a shared album: share its album first, so the customers can see it.',
} as const;
const lookupQuery = syncList(['name']);

const serializeAccountRecord = (row: AccountRow) => ({
  ...serializeAccount(row),
  created_at: apiTimestamp(row.created_at),
  updated_at: apiTimestamp(row.updated_at),
});

/**
 * Accounts, projects, statuses and site types on the integration API (docs/company-api.md, "Accounts and projects"):
 * what a company's CRM keeps in step with the portal. A project's customer sees a change on their next request.
 */
export async function projectsIntegrationRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repository = projectsRepository(app.database.db);
  const read = { apiKey: true, scope: 'projects:read' } as const;
  const write = { apiKey: true, scope: 'projects:write' } as const;
  const onlyGiven = <T extends object>(body: T) => Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Partial<T>;

  async function checkReferences(companyId: number, body: Record<string, unknown>) {
    const refused = await repository.foreignReferences(companyId, body as Parameters<typeof repository.foreignReferences>[1]);
    if (refused.length > 0) throw invalid(Object.fromEntries(refused.map((field) => [field, [REFERENCE_MESSAGES[field]!]])));
  }
  const covers = coversRepository(app.database.db);

  /** Projects as the company's API shows them, with the money their customers see and what `include` and `append` asked for. */
  async function serializeProjects(
    company: CompanyRow,
    rows: ProjectListRow[],
    wanted: { includes: ReadonlySet<string>; appends: ReadonlySet<string> },
  ): Promise<IntegrationProject[]> {
    const coverOf = wanted.includes.has('cover_photo') ? await covers.projectCovers(rows.map((row) => row.project.id)) : null;
    return rows.map((row) => {
      const money = customerMoney(company, row.project, invoicedMoneyOf(row));
      const project: IntegrationProject = { ...serializeProjectFields(row.project), portal_total_amount: money.total, portal_balance_amount: money.balance };
      if (wanted.includes.has('account')) project.account = row.account ? serializeAccount(row.account) : null;
      if (wanted.includes.has('status'))
        project.status = row.status ? { id: row.status.id, name: row.status.name, color: hexColorOrNull(row.status.color) } : null;
      if (coverOf) {
        const cover = coverOf.get(row.project.id);
        project.cover_photo = cover
          ? serializeCoverPhoto({ fileLinks: app.fileLinks.for({ kind: 'company', companyId: row.project.company_id }) }, cover)
          : null;
      }
      if (wanted.appends.has('last_activity_at')) project.last_activity_at = apiTimestamp(row.last_activity_at);
      return project;
    });
  }
  const one = async (company: CompanyRow, id: number, wanted: { includes: ReadonlySet<string>; appends: ReadonlySet<string> }) => {
    const row = await repository.projects.findWith(company.id, id);
    if (!row) throw notFound();
    return (await serializeProjects(company, [row], wanted))[0]!;
  };
  const nothingMore = { includes: new Set<string>(), appends: new Set<string>() };

  /** Creates or changes a project, with a new account when the body carries one, in one transaction. */
  async function saveProject(companyId: number, projectId: number | null, body: z.output<typeof IntegrationProjectUpdateSchema>): Promise<number> {
    const { account, cover_photo_id: coverPhotoId, ...fields } = body;
    if (account && fields.account_id != null) throw invalid({ account: ['Give either account_id or a new account, not both.'] });
    await checkReferences(companyId, fields);
    return app.database.db.transaction(async (tx) => {
      const inTransaction = projectsRepository(tx);
      const now = app.now();
      const values = { ...onlyGiven(fields), ...(account ? { account_id: (await inTransaction.accounts.create(companyId, account, now)).id } : {}) };
      const row =
        projectId === null
          ? await inTransaction.projects.create(companyId, values, now)
          : await inTransaction.projects.update(companyId, projectId, values, now);
      if (!row) throw notFound();
      if (coverPhotoId !== undefined) {
        const chosen = await chooseProjectCover(tx, companyId, row.id, coverPhotoId, now);
        // Thrown inside the transaction: the new account and every change above are undone with it.
        if (chosen !== 'chosen') throw invalid({ cover_photo_id: [COVER_MESSAGES[chosen]] });
      }
      return row.id;
    });
  }

  const outcome = (result: 'deleted' | 'in-use' | null, inUse: string) => {
    if (result === null) throw notFound();
    if (result === 'in-use') throw new HttpError(409, inUse);
  };

  // Accounts.
  app.get(
    '/integration/accounts',
    {
      config: read,
      schema: {
        tags: ['Accounts'],
        operationId: 'listAccounts',
        summary: "The company's customer accounts",
        querystring: accountsQuery.querystring,
        response: { 200: IntegrationAccountPageSchema, ...errors },
      },
      preValidation: accountsQuery.preValidation,
    },
    async (request) => {
      const company = requireApiCompany(request);
      const { filters, sort, page } = accountsQuery.from(request);
      const { rows, total } = await repository.accounts.list(company.id, { updatedSince: filters.updated_since?.[0], search: filters.search, sort, page });
      return paginate(rows.map(serializeAccountRecord), total, page, pageUrls(options.publicUrl, request.url));
    },
  );
  app.get(
    '/integration/accounts/:id',
    {
      config: read,
      schema: {
        tags: ['Accounts'],
        operationId: 'getAccount',
        summary: 'An account',
        params: idParams,
        response: { 200: IntegrationAccountSchema, ...errors },
      },
    },
    async (request) => {
      const row = await repository.accounts.find(requireApiCompany(request).id, request.params.id);
      if (!row) throw notFound();
      return serializeAccountRecord(row);
    },
  );
  app.post(
    '/integration/accounts',
    {
      config: write,
      schema: {
        tags: ['Accounts'],
        operationId: 'createAccount',
        summary: 'Add a customer account (contact, billing and shipping address)',
        body: IntegrationAccountInputSchema,
        response: { 201: IntegrationAccountSchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await repository.accounts.create(requireApiCompany(request).id, request.body, app.now());
      return reply.status(201).send(serializeAccountRecord(row));
    },
  );
  app.patch(
    '/integration/accounts/:id',
    {
      config: write,
      schema: {
        tags: ['Accounts'],
        operationId: 'updateAccount',
        summary: 'Change an account',
        params: idParams,
        body: IntegrationAccountUpdateSchema,
        response: { 200: IntegrationAccountSchema, ...errors },
      },
    },
    async (request) => {
      const row = await repository.accounts.update(requireApiCompany(request).id, request.params.id, onlyGiven(request.body), app.now());
      if (!row) throw notFound();
      return serializeAccountRecord(row);
    },
  );
  app.delete(
    '/integration/accounts/:id',
    {
      config: write,
      schema: {
        tags: ['Accounts'],
        operationId: 'deleteAccount',
        summary: 'Delete an account no project uses',
        description: 'While a project names the account: 409.',
        params: idParams,
        response: { 204: deleted, ...errors, 409: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      outcome(
        await repository.accounts.remove(requireApiCompany(request).id, request.params.id),
        'A project uses this account: give the project another account first.',
      );
      return reply.status(204).send(null);
    },
  );

  // Projects.
  app.get(
    '/integration/projects',
    {
      config: read,
      schema: {
        tags: ['Projects'],
        operationId: 'listProjects',
        summary: "The company's projects",
        description:
          '`filter[search]` finds text in the name, number or account name. `include=account,status,cover_photo` embeds them; ' +
          '`append=last_activity_at` adds the newest change on each project (its record, a note, photo, document or invoice). ' +
          'Sorts `status` (by the statuses’ positions), `customer` (the account’s name) and `balance` (`portal_balance_amount`) put projects without one last. ' +
          '`portal_total_amount` and `portal_balance_amount` are what the customers see: the sent invoices’ figures when the company ' +
          'invoices through the portal and the project has sent invoices, else its own `financials_total_amount` and `financials_balance_amount`.',
        querystring: projectsQuery.querystring,
        response: { 200: IntegrationProjectPageSchema, ...errors },
      },
      preValidation: projectsQuery.preValidation,
    },
    async (request) => {
      const company = requireApiCompany(request);
      const { filters, sort, page, includes, appends } = projectsQuery.from(request);
      const { rows, total } = await repository.projects.list(company.id, {
        updatedSince: filters.updated_since?.[0],
        accountIds: filters.account_id,
        statusIds: filters.status_id,
        search: filters.search,
        invoicing: isAreaEnabled(company, 'invoices'),
        sort,
        page,
      });
      return paginate(await serializeProjects(company, rows, { includes, appends }), total, page, pageUrls(options.publicUrl, request.url));
    },
  );
  app.get(
    '/integration/projects/:id',
    {
      config: read,
      schema: {
        tags: ['Projects'],
        operationId: 'getProject',
        summary: 'A project',
        description: '`include=account,status,cover_photo` and `append=last_activity_at` as on the list.',
        params: idParams,
        querystring: projectQuery.querystring,
        response: { 200: IntegrationProjectSchema, ...errors },
      },
      preValidation: projectQuery.preValidation,
    },
    async (request) => one(requireApiCompany(request), request.params.id, projectQuery.from(request)),
  );
  app.post(
    '/integration/projects',
    {
      config: write,
      schema: {
        tags: ['Projects'],
        operationId: 'createProject',
        summary: 'Add a project',
        description:
          'The account, status, site type and primary rep must be the company’s own (the rep an active member): 422 naming the field otherwise. ' +
          '`account` instead of `account_id` makes a new account for it in the same transaction: a refused project leaves none behind.',
        body: IntegrationProjectInputSchema,
        response: { 201: IntegrationProjectSchema, ...errors },
      },
    },
    async (request, reply) => {
      const company = requireApiCompany(request);
      const id = await saveProject(company.id, null, request.body);
      return reply.status(201).send(await one(company, id, nothingMore));
    },
  );
  app.patch(
    '/integration/projects/:id',
    {
      config: write,
      schema: {
        tags: ['Projects'],
        operationId: 'updateProject',
        summary: 'Change a project',
        description:
          'What is left out stays. The customers it is shared with see the change on their next request. `account` makes a new ' +
          'account for it, as on create. `cover_photo_id` makes one of its photos, in a shared album, the cover the portal shows: ' +
          'that album takes it as its cover and moves first. All or nothing.',
        params: idParams,
        body: IntegrationProjectUpdateSchema,
        response: { 200: IntegrationProjectSchema, ...errors },
      },
    },
    async (request) => {
      const company = requireApiCompany(request);
      if (!(await repository.projects.find(company.id, request.params.id))) throw notFound();
      await saveProject(company.id, request.params.id, request.body);
      return one(company, request.params.id, nothingMore);
    },
  );
  app.delete(
    '/integration/projects/:id',
    {
      config: write,
      schema: {
        tags: ['Projects'],
        operationId: 'deleteProject',
        summary: 'Delete a project that holds nothing yet',
        description: 'Its shares go with it. A project with notes, albums, documents or invoices answers 409: those are the customer’s history.',
        params: idParams,
        response: { 204: deleted, ...errors, 409: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      outcome(
        await repository.projects.remove(requireApiCompany(request).id, request.params.id),
        'This project holds notes, albums, documents or invoices; it cannot be deleted.',
      );
      return reply.status(204).send(null);
    },
  );

  // Statuses and site types: the same five routes each.
  for (const [kind, label, tag, schema] of [
    ['statuses', 'project status', 'Project statuses', IntegrationStatusSchema],
    ['site-types', 'site type', 'Site types', IntegrationSiteTypeSchema],
  ] as const) {
    const lookups = repository.lookups(kind);
    const path = kind === 'statuses' ? '/integration/project-statuses' : '/integration/site-types';
    const noun = kind === 'statuses' ? 'ProjectStatus' : 'SiteType';
    const serialize = (row: { id: number; name: string; color?: string | null; position?: number; created_at: Date; updated_at: Date }) =>
      kind === 'statuses'
        ? {
            id: row.id,
            name: row.name,
            color: hexColorOrNull(row.color ?? null),
            position: row.position ?? 0,
            created_at: apiTimestamp(row.created_at),
            updated_at: apiTimestamp(row.updated_at),
          }
        : { id: row.id, name: row.name, created_at: apiTimestamp(row.created_at), updated_at: apiTimestamp(row.updated_at) };
    app.get(
      path,
      {
        config: read,
        schema: {
          tags: [tag],
          operationId: `list${noun === 'ProjectStatus' ? 'ProjectStatuses' : 'SiteTypes'}`,
          summary: `The company's ${label === 'project status' ? 'project statuses' : 'site types'}`,
          querystring: lookupQuery.querystring,
          response: { 200: paginatedSchema(schema), ...errors },
        },
        preValidation: lookupQuery.preValidation,
      },
      async (request) => {
        const company = requireApiCompany(request);
        const { filters, sort, page } = lookupQuery.from(request);
        const { rows, total } = await lookups.list(company.id, { updatedSince: filters.updated_since?.[0], sort, page });
        return paginate(rows.map(serialize), total, page, pageUrls(options.publicUrl, request.url)) as never;
      },
    );
    app.get(
      `${path}/:id`,
      { config: read, schema: { tags: [tag], operationId: `get${noun}`, summary: `A ${label}`, params: idParams, response: { 200: schema, ...errors } } },
      async (request) => {
        const row = await lookups.find(requireApiCompany(request).id, request.params.id);
        if (!row) throw notFound();
        return serialize(row) as never;
      },
    );
    app.post(
      path,
      {
        config: write,
        schema: {
          tags: [tag],
          operationId: `create${noun}`,
          summary: `Add a ${label}`,
          body: IntegrationLookupInputSchema,
          response: { 201: schema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(serialize(await lookups.create(requireApiCompany(request).id, request.body, app.now())) as never),
    );
    app.patch(
      `${path}/:id`,
      {
        config: write,
        schema: {
          tags: [tag],
          operationId: `update${noun}`,
          summary: `Change a ${label}`,
          params: idParams,
          body: IntegrationLookupUpdateSchema,
          response: { 200: schema, ...errors },
        },
      },
      async (request) => {
        const row = await lookups.update(requireApiCompany(request).id, request.params.id, onlyGiven(request.body), app.now());
        if (!row) throw notFound();
        return serialize(row) as never;
      },
    );
    app.delete(
      `${path}/:id`,
      {
        config: write,
        schema: {
          tags: [tag],
          operationId: `delete${noun}`,
          summary: `Delete a ${label} no project has`,
          description: 'While a project has it: 409.',
          params: idParams,
          response: { 204: deleted, ...errors, 409: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        outcome(await lookups.remove(requireApiCompany(request).id, request.params.id), `A project has this ${label}: give it another first.`);
        return reply.status(204).send(null);
      },
    );
  }
}
