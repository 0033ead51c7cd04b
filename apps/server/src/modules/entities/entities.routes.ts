import {
  ApiErrorSchema,
  ENTITY_INCLUDES,
  ENTITY_SORTS,
  IdSchema,
  PortalEntityPageSchema,
  PortalEntitySchema,
  type Company,
  type CoverPhoto,
  type EntityInclude,
  type PortalEntity,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors';
import { defineListQuery } from '../../lib/list-query';
import { pageUrls, paginate } from '../../lib/pagination';
import { requireUser, viewableCompany } from '../../core/access/request';
import { sharedLastKeySerializerCompiler, trustedSerializerCompiler } from '../../lib/trusted-serializer';
import { linksOf, type WithFileLinks } from '../../core/files/links';
import { serializeCompany } from '../../core/companies';
import { coversRepository, serializeCoverPhoto } from '../../core/covers';
import { isAreaEnabled } from '../../core/access/projects';
import type { InvoicedMoney } from '../../core/invoiced-money';
import { latestActivity } from './latest-activity';
import { entitiesRepository, type EntityWithRelations } from './entities.repository';
import { serializeEntity, serializeProject, type ProjectRelations } from './entities.serializers';

/** The project's money under the rule of docs/decisions/035-one-balance-per-project.md. */
function withInvoicedMoney<T extends { financials_total_amount: string | null; financials_balance_amount: string | null }>(
  project: T,
  money: InvoicedMoney | undefined,
): T {
  if (money) {
    project.financials_total_amount = money.total;
    project.financials_balance_amount = money.balance;
  }
  return project;
}

export const entitiesListQuery = defineListQuery({
  filters: {
    company_id: { kind: 'integer', description: 'Company ids; a comma means any of: 1,2' },
    model_type: { kind: 'string', description: 'Model types (only "project" is known); a comma means any of' },
  },
  sorts: ENTITY_SORTS,
  defaultSort: 'id',
  includes: ENTITY_INCLUDES,
});

export const entityShowQuery = defineListQuery({ includes: ENTITY_INCLUDES, paginate: false });

export interface EntitiesRoutesOptions {
  /** Page links and logo URLs are built on it. */
  publicUrl: string;
}

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema };

export async function entitiesRoutes(fastify: FastifyInstance, options: EntitiesRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const entities = entitiesRepository(app.database.db);
  const coverPhotos = coversRepository(app.database.db);
  const { publicUrl } = options;

  /** What an include list asks to read and to embed. */
  function plan(includes: ReadonlySet<EntityInclude>) {
    const model = [...includes].some((name) => name === 'model' || name.startsWith('model.'));
    const relations = {
      status: includes.has('model.status'),
      cover_photo: includes.has('model.cover_photo'),
      account: includes.has('model.account'),
      company: includes.has('model.company'),
      latest_activity: includes.has('model.latest_activity'),
    };
    const company = includes.has('company');
    return {
      model,
      company,
      relations,
      // The company is read for a cover photo too: its album switch decides whether there is one.
      // The company is read with every project: its switches decide the cover photo, the money rule and the activity.
      read: { model, status: relations.status, account: relations.account, company: company || model },
    };
  }

  /**
   * The projects in an answer with their company, for the reads that depend on its switches. A list
   * reads each company once, on its first entity of the page: the later ones find it here.
   */
  function projectsOf(rows: readonly EntityWithRelations[]) {
    const companyById = new Map(rows.flatMap((row) => (row.company ? [[row.entity.company_id, row.company] as const] : [])));
    return rows.flatMap((row) => {
      const company = companyById.get(row.entity.company_id);
      return row.model && company ? [{ id: row.model.project.id, company_id: row.model.project.company_id, company }] : [];
    });
  }

  /**
   * Cover photos of the projects in an answer (one query for all), only where the company shares
   * albums: a photo of a switched-off area is never handed out.
   */
  async function coversOf(rows: readonly EntityWithRelations[], wanted: ReturnType<typeof plan>, links: WithFileLinks): Promise<Map<number, CoverPhoto>> {
    const covers = new Map<number, CoverPhoto>();
    if (!wanted.model || !wanted.relations.cover_photo) return covers;
    const projectIds = projectsOf(rows)
      .filter((project) => isAreaEnabled(project.company, 'photos'))
      .map((project) => project.id);
    if (projectIds.length === 0) return covers;
    for (const [projectId, photo] of await coverPhotos.projectCovers(projectIds)) covers.set(projectId, serializeCoverPhoto(links, photo));
    return covers;
  }

  /** What the projects' money and latest activity need beyond the entity rows, read together. */
  async function extrasOf(rows: readonly EntityWithRelations[], wanted: ReturnType<typeof plan>, links: WithFileLinks) {
    const projects = wanted.model ? projectsOf(rows) : [];
    // The invoiced money came with the rows; it shows only where the company invoices through the portal.
    const invoicing = new Set(projects.filter((project) => isAreaEnabled(project.company, 'invoices')).map((project) => project.id));
    const money = new Map<number, InvoicedMoney>();
    for (const row of rows) if (row.model?.invoiced && invoicing.has(row.model.project.id)) money.set(row.model.project.id, row.model.invoiced);
    const [covers, activity] = await Promise.all([
      coversOf(rows, wanted, links),
      wanted.relations.latest_activity ? latestActivity(app.database.db, projects) : null,
    ]);
    return { covers, money, activity };
  }

  /** Serializes entities read with their relations; each company is serialized once per answer. */
  function serialize(rows: readonly EntityWithRelations[], wanted: ReturnType<typeof plan>, extras: Awaited<ReturnType<typeof extrasOf>>): PortalEntity[] {
    const { covers, money, activity } = extras;
    const companies = new Map<number, Company | null>();
    const company = (row: EntityWithRelations): Company | null => {
      const id = row.entity.company_id;
      if (!companies.has(id)) companies.set(id, row.company ? serializeCompany(row.company, publicUrl) : null);
      return companies.get(id)!;
    };
    return rows.map((row) => {
      let model: PortalEntity['model'];
      if (wanted.model) {
        const relations: ProjectRelations = {
          ...wanted.relations,
          company: wanted.relations.company ? company(row) : undefined,
          coverPhoto: row.model ? (covers.get(row.model.project.id) ?? null) : null,
        };
        model = row.model ? withInvoicedMoney(serializeProject(row.model, relations), money.get(row.model.project.id)) : null;
        // The money trail comes with one entity (the project's page), never with a list.
        if (model && row.model?.contract) Object.assign(model, row.model.contract);
        if (model && activity) model.latest_activity = activity.get(model.id) ?? null;
      }
      return serializeEntity(row.entity, { model, company: wanted.company ? company(row) : undefined });
    });
  }

  app.get(
    '/entities',
    {
      schema: {
        tags: ['entities'],
        operationId: 'listPortalEntities',
        summary: "The caller's portal entities",
        description:
          'A page of the projects shared with the signed-in user, in the Laravel paginated shape. ' +
          'Unknown filters, sort fields, includes or parameters answer 400 naming what is allowed; a page past the end is empty.',
        querystring: entitiesListQuery.querystring,
        response: { 200: PortalEntityPageSchema, ...errors },
      },
      // Built field by field by typed serializers: no second zod pass (docs/decisions/016-trusted-serializers-on-hot-reads.md);
      // the company every entity of a page shares (serialize() makes one object per company) is stringified once.
      serializerCompiler: sharedLastKeySerializerCompiler('company'),
      preValidation: entitiesListQuery.preValidation,
    },
    async (request) => {
      const user = requireUser(request);
      const { filters, sort, includes, page } = entitiesListQuery.from(request);
      const wanted = plan(includes);
      const { rows, total } = await entities.listForUser(user.id, { filters, sort, page, with: wanted.read }, viewableCompany(user));
      return paginate(serialize(rows, wanted, await extrasOf(rows, wanted, linksOf(app, request))), total, page, pageUrls(publicUrl, request.url));
    },
  );

  app.get(
    '/entities/:id',
    {
      schema: {
        tags: ['entities'],
        operationId: 'getPortalEntity',
        summary: 'One portal entity',
        description:
          'With include=model the project comes with its status, cover photo, account and company embedded; include=company adds the company. ' +
          "Another user's entity answers 404, exactly as an id that does not exist.",
        params: z.object({ id: IdSchema }),
        querystring: entityShowQuery.querystring,
        response: { 200: PortalEntitySchema, ...errors, 404: ApiErrorSchema },
      },
      serializerCompiler: trustedSerializerCompiler,
      preValidation: entityShowQuery.preValidation,
    },
    async (request) => {
      const user = requireUser(request);
      const { includes } = entityShowQuery.from(request);
      // One record: the project is read whole, as the project page shows it (docs/requirements.md 8.2, "a portal entity").
      const expanded = new Set<EntityInclude>(includes);
      if (expanded.has('model'))
        for (const name of ['model.status', 'model.cover_photo', 'model.account', 'model.company', 'model.latest_activity'] as const) expanded.add(name);
      const found = await entities.findWithRelations(user.id, request.params.id, viewableCompany(user));
      if (!found) throw notFound();
      const wanted = plan(expanded);
      return serialize([found], wanted, await extrasOf([found], wanted, linksOf(app, request)))[0]!;
    },
  );
}
