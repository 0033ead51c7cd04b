import { SELECTION_MESSAGES, type IntegrationAllowance, type IntegrationAllowanceDetail } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireApiCompany } from '../../core/access/request';
import type { AllowanceMoney } from '../../core/allowances/allowance-money';
import { carryAllowanceCredit, type AllowanceTrail } from '../../core/allowances/allowance-trail';
import { allowancesRepository } from '../../core/allowances/allowances.repository';
import { changeOrderStatusOf } from '../../core/change-orders/change-orders.queries';
import { tellCustomersOfChangeOrder } from '../../core/change-orders/customer-notice';
import type { AllowanceRow, CompanyRow } from '../../db/rows';
import { HttpError, invalid, notFound } from '../../lib/http-errors';
import { pageUrls, paginate } from '../../lib/pagination';
import { apiTimestamp } from '../../lib/timestamps';
import { allowanceCompanyRepository } from './allowance-company.repository';
import * as schemas from './selections.company-schemas';

export interface SelectionsCompanyRoutesOptions {
  publicUrl: string;
}

const serializeAllowance = (allowance: AllowanceRow, money: AllowanceMoney, selectionCount: number): IntegrationAllowance => ({
  id: allowance.id,
  project_id: allowance.project_id,
  name: allowance.name,
  position: allowance.position,
  ...money,
  selection_count: selectionCount,
  created_at: apiTimestamp(allowance.created_at),
  updated_at: apiTimestamp(allowance.updated_at),
});

/**
 * Allowances, the company side (docs/company-api.md "Selections and allowances"): the money a project's contract holds
 * for what the customer picks later, with `selections:read` / `selections:write`. What is chosen beyond an allowance
 * reaches the contract only through change orders, which core/allowances/ keeps true after every change here; a credit
 * is carried only when the company asks (`credit`).
 */
export async function allowancesCompanyRoutes(fastify: FastifyInstance, options: SelectionsCompanyRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const repository = allowanceCompanyRepository(db);
  const money = allowancesRepository(db);
  const today = () => app.now().toISOString().slice(0, 10);
  const read = { apiKey: true, scope: 'selections:read' } as const;
  const write = { apiKey: true, scope: 'selections:write' } as const;

  async function detail(companyId: number, allowanceId: number): Promise<IntegrationAllowanceDetail> {
    const [found, counted, changeOrders] = await Promise.all([
      money.ofAllowance(companyId, allowanceId),
      repository.find(companyId, allowanceId),
      money.changeOrdersOf(allowanceId),
    ]);
    if (!found || !counted) throw notFound();
    return {
      ...serializeAllowance(found.allowance, found.money, counted.selectionCount),
      change_orders: changeOrders.map((row) => ({
        id: row.id,
        number: row.number,
        version: row.version,
        status: changeOrderStatusOf(row, today()),
        total: row.total,
      })),
    };
  }

  /** The customers hear of the change orders the trail sent at once, after its transaction committed. */
  async function tellOfSent(request: FastifyRequest, company: CompanyRow, trail: AllowanceTrail) {
    for (const changeOrderId of trail.sentChangeOrderIds) {
      await tellCustomersOfChangeOrder({ db, notices: app.notices, log: request.log }, { company, changeOrderId, publicUrl: options.publicUrl });
    }
  }

  app.get(
    '/integration/allowances',
    { config: read, schema: schemas.listAllowances, preValidation: schemas.integrationAllowancesListQuery.preValidation },
    async (request) => {
      const company = requireApiCompany(request);
      const { filters, sort, page } = schemas.integrationAllowancesListQuery.from(request);
      const { rows, total } = await repository.list(company.id, { filters, sort, page });
      // A page is mostly one project's: its money is read once per project, not once per allowance.
      const projects = [...new Set(rows.map((row) => row.allowance.project_id))];
      const withMoney = new Map(
        (await Promise.all(projects.map((projectId) => money.ofProject(company.id, projectId)))).flat().map((row) => [row.allowance.id, row]),
      );
      const data = rows.flatMap((row) => {
        const found = withMoney.get(row.allowance.id);
        return found ? [serializeAllowance(found.allowance, found.money, row.selectionCount)] : [];
      });
      return paginate(data, total, page, pageUrls(options.publicUrl, request.url));
    },
  );

  app.get('/integration/allowances/:id', { config: read, schema: schemas.getAllowance }, async (request) =>
    detail(requireApiCompany(request).id, request.params.id),
  );

  app.post('/integration/allowances', { config: write, schema: schemas.createAllowance }, async (request, reply) => {
    const company = requireApiCompany(request);
    const { project_id: projectId, ...fields } = request.body;
    if (!(await repository.project(company.id, projectId))) throw invalid({ project_id: ["The project must be one of the company's projects."] });
    const created = await repository.create(company.id, projectId, fields, app.now());
    return reply.status(201).send(await detail(company.id, created.id));
  });

  app.patch('/integration/allowances/:id', { config: write, schema: schemas.updateAllowance }, async (request) => {
    const company = requireApiCompany(request);
    const changes = Object.fromEntries(Object.entries(request.body).filter(([, value]) => value !== undefined));
    const trail = await repository.update(company.id, request.params.id, changes, app.now(), today());
    if (!trail) throw notFound();
    await tellOfSent(request, company, trail);
    return detail(company.id, request.params.id);
  });

  app.delete('/integration/allowances/:id', { config: write, schema: schemas.deleteAllowance }, async (request, reply) => {
    if (!(await repository.remove(requireApiCompany(request).id, request.params.id))) throw notFound();
    return reply.status(204).send(null);
  });

  app.post('/integration/allowances/:id/credit', { config: write, schema: schemas.creditAllowance }, async (request, reply) => {
    const company = requireApiCompany(request);
    const result = await carryAllowanceCredit(db, { companyId: company.id, allowanceId: request.params.id, now: app.now(), today: today() });
    if ('refused' in result) {
      if (result.refused === 'not_found') throw notFound();
      throw new HttpError(409, SELECTION_MESSAGES.noCredit);
    }
    const made = (await money.changeOrdersOf(request.params.id)).find((row) => row.id === result.changeOrderId)!;
    return reply.status(201).send({ id: made.id, number: made.number, version: made.version, status: changeOrderStatusOf(made, today()), total: made.total });
  });
}
