import type { IntegrationProjectUpdateSchema } from '@portal/contract';
import { type IntegrationProject } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isAreaEnabled } from '../../core/access/projects';
import { requireApiCompany } from '../../core/access/request';
import { hexColorOrNull } from '../../core/companies';
import { chooseProjectCover, coversRepository, serializeCoverPhoto } from '../../core/covers';
import { contractMoney } from '../../core/contract-money';
import { customerMoney, invoicedMoneyOf } from '../../core/invoiced-money';
import { serializeAccount, serializeProjectFields } from '../../core/projects';
import type { AccountRow, CompanyRow } from '../../db/rows';
import { HttpError, invalid, notFound } from '../../lib/http-errors';
import { paginate, pageUrls } from '../../lib/pagination';
import { apiTimestamp } from '../../lib/timestamps';
import { projectsRepository, type ProjectListRow } from './projects.repository';
import * as schemas from './projects.company-schemas';

const REFERENCE_MESSAGES: Record<string, string> = {
  account_id: 'The account must be one of the company’s accounts.',
  status_id: 'The status must be one of the company’s project statuses.',
  site_type_id: 'The site type must be one of the company’s site types.',
  rep_primary_id: 'The primary rep must be an active staff member of the company.',
};
const COVER_MESSAGES = {
  'not-found': 'The cover must be one of the project’s photos.',
  'not-shared': 'The cover must be a photo of a shared album: share its album first, so the customers can see it.',
} as const;

const serializeAccountRecord = (row: AccountRow) => ({
  ...serializeAccount(row),
  created_at: apiTimestamp(row.created_at),
  updated_at: apiTimestamp(row.updated_at),
});

const read = { apiKey: true, scope: 'projects:read' } as const;
const write = { apiKey: true, scope: 'projects:write' } as const;
const nothingMore = { includes: new Set<string>(), appends: new Set<string>() };
type Wanted = { includes: ReadonlySet<string>; appends: ReadonlySet<string> };

const onlyGiven = <T extends object>(body: T) => Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Partial<T>;

const outcome = (result: 'deleted' | 'in-use' | null, inUse: string) => {
  if (result === null) throw notFound();
  if (result === 'in-use') throw new HttpError(409, inUse);
};

/**
 * Accounts, projects, statuses and site types on the integration API (docs/company-api.md, "Accounts and projects"):
 * what a company's CRM keeps in step with the portal. A project's customer sees a change on their next request.
 */
export async function projectsCompanyRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
  await accountRoutes(fastify, options);
  await projectRoutes(fastify, options);
  await lookupRoutes(fastify, options);
}

async function accountRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repository = projectsRepository(app.database.db);

  app.get(
    '/integration/accounts',
    {
      config: read,
      schema: schemas.listAccounts,
      preValidation: schemas.accountsQuery.preValidation,
    },
    async (request) => {
      const company = requireApiCompany(request);
      const { filters, sort, page } = schemas.accountsQuery.from(request);
      const { rows, total } = await repository.accounts.list(company.id, { updatedSince: filters.updated_since?.[0], search: filters.search, sort, page });
      return paginate(rows.map(serializeAccountRecord), total, page, pageUrls(options.publicUrl, request.url));
    },
  );
  app.get('/integration/accounts/:id', { config: read, schema: schemas.getAccount }, async (request) => {
    const row = await repository.accounts.find(requireApiCompany(request).id, request.params.id);
    if (!row) throw notFound();
    return serializeAccountRecord(row);
  });
  app.post('/integration/accounts', { config: write, schema: schemas.createAccount }, async (request, reply) => {
    const row = await repository.accounts.create(requireApiCompany(request).id, request.body, app.now());
    return reply.status(201).send(serializeAccountRecord(row));
  });
  app.patch('/integration/accounts/:id', { config: write, schema: schemas.updateAccount }, async (request) => {
    const row = await repository.accounts.update(requireApiCompany(request).id, request.params.id, onlyGiven(request.body), app.now());
    if (!row) throw notFound();
    return serializeAccountRecord(row);
  });
  app.delete('/integration/accounts/:id', { config: write, schema: schemas.deleteAccount }, async (request, reply) => {
    outcome(
      await repository.accounts.remove(requireApiCompany(request).id, request.params.id),
      'A project uses this account: give the project another account first.',
    );
    return reply.status(204).send(null);
  });
}

/** Projects as the company's API shows them, with the money their customers see and what `include` and `append` asked for. */
function projectSerializer(app: FastifyInstance) {
  const covers = coversRepository(app.database.db);
  return async (company: CompanyRow, rows: ProjectListRow[], wanted: Wanted): Promise<IntegrationProject[]> => {
    const coverOf = wanted.includes.has('cover_photo') ? await covers.projectCovers(rows.map((row) => row.project.id)) : null;
    return rows.map((row) => {
      const money = customerMoney(company, row.project, invoicedMoneyOf(row));
      const project: IntegrationProject = {
        ...serializeProjectFields(row.project),
        portal_total_amount: money.total,
        portal_balance_amount: money.balance,
        ...contractMoney(row, row.project),
      };
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
  };
}

/** Creates or changes a project, with a new account when the body carries one, in one transaction. */
function projectSaver(app: FastifyInstance) {
  const repository = projectsRepository(app.database.db);
  return async (companyId: number, projectId: number | null, body: z.output<typeof IntegrationProjectUpdateSchema>): Promise<number> => {
    const { account, cover_photo_id: coverPhotoId, ...fields } = body;
    if (account && fields.account_id != null) throw invalid({ account: ['Give either account_id or a new account, not both.'] });
    const refused = await repository.foreignReferences(companyId, fields as Parameters<typeof repository.foreignReferences>[1]);
    if (refused.length > 0) throw invalid(Object.fromEntries(refused.map((field) => [field, [REFERENCE_MESSAGES[field]!]])));
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
  };
}

async function projectRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repository = projectsRepository(app.database.db);
  const serializeProjects = projectSerializer(app);
  const saveProject = projectSaver(app);
  const one = async (company: CompanyRow, id: number, wanted: Wanted) => {
    const row = await repository.projects.findWith(company.id, id);
    if (!row) throw notFound();
    return (await serializeProjects(company, [row], wanted))[0]!;
  };

  app.get(
    '/integration/projects',
    {
      config: read,
      schema: schemas.listProjects,
      preValidation: schemas.projectsQuery.preValidation,
    },
    async (request) => {
      const company = requireApiCompany(request);
      const { filters, sort, page, includes, appends } = schemas.projectsQuery.from(request);
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
      schema: schemas.getProject,
      preValidation: schemas.projectQuery.preValidation,
    },
    async (request) => one(requireApiCompany(request), request.params.id, schemas.projectQuery.from(request)),
  );
  app.post('/integration/projects', { config: write, schema: schemas.createProject }, async (request, reply) => {
    const company = requireApiCompany(request);
    const id = await saveProject(company.id, null, request.body);
    return reply.status(201).send(await one(company, id, nothingMore));
  });
  app.patch('/integration/projects/:id', { config: write, schema: schemas.updateProject }, async (request) => {
    const company = requireApiCompany(request);
    if (!(await repository.projects.find(company.id, request.params.id))) throw notFound();
    await saveProject(company.id, request.params.id, request.body);
    return one(company, request.params.id, nothingMore);
  });
  app.delete('/integration/projects/:id', { config: write, schema: schemas.deleteProject }, async (request, reply) => {
    outcome(
      await repository.projects.remove(requireApiCompany(request).id, request.params.id),
      'This project holds notes, albums, documents or invoices; it cannot be deleted.',
    );
    return reply.status(204).send(null);
  });
}

/** Statuses and site types: the same five routes each. */
async function lookupRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repository = projectsRepository(app.database.db);
  for (const kind of ['statuses', 'site-types'] as const) {
    const lookups = repository.lookups(kind);
    const path = kind === 'statuses' ? '/integration/project-statuses' : '/integration/site-types';
    const label = kind === 'statuses' ? 'project status' : 'site type';
    const described = schemas.lookupSchemas(kind);
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
        schema: described.list,
        preValidation: schemas.lookupQuery.preValidation,
      },
      async (request) => {
        const company = requireApiCompany(request);
        const { filters, sort, page } = schemas.lookupQuery.from(request);
        const { rows, total } = await lookups.list(company.id, { updatedSince: filters.updated_since?.[0], sort, page });
        return paginate(rows.map(serialize), total, page, pageUrls(options.publicUrl, request.url)) as never;
      },
    );
    app.get(`${path}/:id`, { config: read, schema: described.get }, async (request) => {
      const row = await lookups.find(requireApiCompany(request).id, request.params.id);
      if (!row) throw notFound();
      return serialize(row) as never;
    });
    app.post(path, { config: write, schema: described.create }, async (request, reply) =>
      reply.status(201).send(serialize(await lookups.create(requireApiCompany(request).id, request.body, app.now())) as never),
    );
    app.patch(`${path}/:id`, { config: write, schema: described.update }, async (request) => {
      const row = await lookups.update(requireApiCompany(request).id, request.params.id, onlyGiven(request.body), app.now());
      if (!row) throw notFound();
      return serialize(row) as never;
    });
    app.delete(`${path}/:id`, { config: write, schema: described.remove }, async (request, reply) => {
      outcome(await lookups.remove(requireApiCompany(request).id, request.params.id), `A project has this ${label}: give it another first.`);
      return reply.status(204).send(null);
    });
  }
}
