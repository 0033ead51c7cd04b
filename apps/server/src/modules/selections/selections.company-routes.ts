import { SELECTION_MESSAGES, SELECTION_STATUSES, type IntegrationSelectionDetail } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireApiCompany } from '../../core/access/request';
import type { AllowanceTrail } from '../../core/allowances/allowance-trail';
import { apiKeyActor } from '../../core/audit';
import { tellCustomersOfChangeOrder } from '../../core/change-orders/customer-notice';
import { linksOf } from '../../core/files/links';
import { userAgentOf } from '../../core/signatures/evidence';
import type { CompanyRow } from '../../db/rows';
import { HttpError, invalid, notFound } from '../../lib/http-errors';
import { refuseUnknownStatuses } from '../../lib/list-query';
import { pageUrls, paginate } from '../../lib/pagination';
import { allowanceCompanyRepository } from './allowance-company.repository';
import type { ChoiceActor, ChoiceDone, ChoiceRefusal } from './selection-choices.repository';
import { selectionChoicesRepository } from './selection-choices.repository';
import { selectionCompanyRepository, type SelectionFields, type SelectionRefusal } from './selection-company.repository';
import { selectionsRepository } from './selections.repository';
import { coverOf } from './selections.serializers';
import { serializeCompanySelection, serializeCompanySelectionDetail } from './selections.company-serializers';
import * as schemas from './selections.company-schemas';
import type { SelectionsCompanyRoutesOptions } from './allowances.company-routes';

const LOCKED = 'This selection is locked: unlock it before changing its choice.';

/** The answer to a refused write, by what refused it, in the company's words. */
function refuse(refusal: SelectionRefusal | ChoiceRefusal): never {
  switch (refusal.refused) {
    case 'chosen':
      throw new HttpError(409, SELECTION_MESSAGES.selectionChosen);
    case 'locked':
      throw new HttpError(409, LOCKED);
    case 'not_chosen':
      throw new HttpError(409, SELECTION_MESSAGES.notChosen);
    case 'option_not_found':
      throw invalid({ option_id: [SELECTION_MESSAGES.optionNotFound] });
    default:
      throw notFound();
  }
}

/**
 * Selections, the company side (docs/company-api.md "Selections and allowances"): a CRM or the staff console makes the
 * choices a project's customer has to make, locks them once ordered, resets a choice, or chooses on the customer's
 * behalf (kept as the company's choice, with who made it and why), with `selections:read` / `selections:write`. As
 * for change orders, the company side works whether or not the portal area is on. Options and their photos have
 * routes of their own (selection-options.company-routes.ts).
 */
export async function selectionsCompanyRoutes(fastify: FastifyInstance, options: SelectionsCompanyRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const repository = selectionCompanyRepository(db);
  const reads = selectionsRepository(db);
  const choices = selectionChoicesRepository(db);
  const allowances = allowanceCompanyRepository(db);
  const today = () => app.now().toISOString().slice(0, 10);
  const read = { apiKey: true, scope: 'selections:read' } as const;
  const write = { apiKey: true, scope: 'selections:write' } as const;

  async function detail(request: FastifyRequest, companyId: number, selectionId: number): Promise<IntegrationSelectionDetail> {
    const tree = await reads.find(companyId, selectionId);
    if (!tree) throw notFound();
    return serializeCompanySelectionDetail(tree, await reads.history(tree.selection.id), today(), linksOf(app, request));
  }

  /** An allowance the selection may draw on: one of the same project's (422 on allowance_id otherwise). */
  async function checkAllowance(companyId: number, projectId: number, allowanceId: number | null | undefined) {
    if (allowanceId === null || allowanceId === undefined) return;
    const found = await allowances.find(companyId, allowanceId);
    if (!found || found.allowance.project_id !== projectId) throw invalid({ allowance_id: ['The allowance must be one of the same project’s allowances.'] });
  }

  /** After the commit: the webhooks look at the outbox, and the customers hear of the change orders sent at once. */
  async function afterWrite(request: FastifyRequest, company: CompanyRow, trail: AllowanceTrail) {
    app.webhooks.wake();
    for (const changeOrderId of trail.sentChangeOrderIds) {
      await tellCustomersOfChangeOrder({ db, notices: app.notices, log: request.log }, { company, changeOrderId, publicUrl: options.publicUrl });
    }
  }

  /** Who chooses on the customer's behalf: the staff member in the console, or the API key, with the request's evidence. */
  async function companyActor(request: FastifyRequest, note: string | null): Promise<ChoiceActor> {
    const caller = request.integration!;
    const member = request.staffMember;
    const signerName = member ? member.name : (await apiKeyActor(db, caller.keyId!)).label;
    return {
      chosenBy: 'company',
      staffId: caller.staffId,
      apiKeyId: caller.keyId,
      signerName,
      signerEmail: member?.email ?? null,
      note,
      ipAddress: request.ip,
      userAgent: userAgentOf(request),
    };
  }

  const fieldsOf = (body: {
    title?: string;
    description?: string | null;
    room?: string | null;
    deadline?: string | null;
    allowance_id?: number | null;
    position?: number;
  }): Partial<SelectionFields> =>
    Object.fromEntries(
      Object.entries({
        title: body.title,
        description: body.description,
        room: body.room,
        deadline: body.deadline,
        allowanceId: body.allowance_id,
        position: body.position,
      }).filter(([, value]) => value !== undefined),
    );

  app.get(
    '/integration/selections',
    { config: read, schema: schemas.listSelections, preValidation: schemas.integrationSelectionsListQuery.preValidation },
    async (request) => {
      const company = requireApiCompany(request);
      const { filters, sort, page } = schemas.integrationSelectionsListQuery.from(request);
      refuseUnknownStatuses(filters.status, SELECTION_STATUSES);
      const { rows: found, total } = await repository.list(company.id, { filters, sort, page, today: today() });
      // A page is mostly one project's: its selections and cover photos are read once per project.
      const projectIds = [...new Set(found.map((row) => row.projectId))];
      const projects = await Promise.all(projectIds.map((projectId) => reads.ofProject(company.id, projectId)));
      const rows = new Map(projects.flatMap((project) => project.selections.map((row) => [row.selection.id, { row, photos: project.photos }] as const)));
      const links = linksOf(app, request);
      const data = found.flatMap(({ id }) => {
        const listed = rows.get(id);
        return listed ? [serializeCompanySelection(listed.row, coverOf(listed.row, listed.photos), today(), links)] : [];
      });
      return paginate(data, total, page, pageUrls(options.publicUrl, request.url));
    },
  );

  app.get('/integration/selections/:id', { config: read, schema: schemas.getSelection }, async (request) =>
    detail(request, requireApiCompany(request).id, request.params.id),
  );

  app.post('/integration/selections', { config: write, schema: schemas.createSelection }, async (request, reply) => {
    const company = requireApiCompany(request);
    const { project_id: projectId, options: offered, ...body } = request.body;
    if (!(await allowances.project(company.id, projectId))) throw invalid({ project_id: ["The project must be one of the company's projects."] });
    await checkAllowance(company.id, projectId, body.allowance_id);
    const fields: SelectionFields = {
      title: body.title,
      description: body.description ?? null,
      room: body.room ?? null,
      deadline: body.deadline ?? null,
      allowanceId: body.allowance_id ?? null,
      position: body.position,
    };
    const optionFields = offered.map((option) => ({
      title: option.title,
      description: option.description ?? null,
      price: option.price,
      leadTimeDays: option.lead_time_days ?? null,
      supplierUrl: option.supplier_url ?? null,
      position: option.position,
    }));
    const id = await repository.create(company.id, projectId, fields, optionFields, app.now());
    return reply.status(201).send(await detail(request, company.id, id));
  });

  app.patch('/integration/selections/:id', { config: write, schema: schemas.updateSelection }, async (request) => {
    const company = requireApiCompany(request);
    const current = await reads.find(company.id, request.params.id);
    if (!current) throw notFound();
    await checkAllowance(company.id, current.selection.project_id, request.body.allowance_id);
    const result = await repository.update(company.id, current.selection.id, fieldsOf(request.body), app.now(), today());
    if ('refused' in result) refuse(result);
    await afterWrite(request, company, result);
    return detail(request, company.id, current.selection.id);
  });

  app.delete('/integration/selections/:id', { config: write, schema: schemas.deleteSelection }, async (request, reply) => {
    const result = await repository.remove(requireApiCompany(request).id, request.params.id);
    if ('refused' in result) refuse(result);
    await Promise.all(result.files.map((file) => app.blobs.delete(file.blob_key)));
    return reply.status(204).send(null);
  });

  for (const [verb, locked] of [
    ['lock', true],
    ['unlock', false],
  ] as const) {
    const schema = locked ? schemas.lockSelection : schemas.unlockSelection;
    app.post(`/integration/selections/:id/${verb}`, { config: write, schema }, async (request) => {
      const company = requireApiCompany(request);
      const refusal = await repository.setLocked(company.id, request.params.id, locked, app.now());
      if (refusal) refuse(refusal);
      app.webhooks.wake();
      return detail(request, company.id, request.params.id);
    });
  }

  app.post('/integration/selections/:id/reset', { config: write, schema: schemas.resetSelection }, async (request) => {
    const company = requireApiCompany(request);
    const result = await choices.reset({ companyId: company.id, selectionId: request.params.id, now: app.now(), today: today() });
    if (result.refused !== null) refuse(result);
    await afterWrite(request, company, result.trail);
    return detail(request, company.id, request.params.id);
  });

  app.post('/integration/selections/:id/choose', { config: write, schema: schemas.chooseSelection }, async (request) => {
    const company = requireApiCompany(request);
    const result: ChoiceDone | ChoiceRefusal = await choices.choose({
      companyId: company.id,
      selectionId: request.params.id,
      optionId: request.body.option_id,
      actor: await companyActor(request, request.body.note ?? null),
      now: app.now(),
      today: today(),
    });
    if (result.refused !== null) refuse(result);
    if (!result.repeated) await afterWrite(request, company, result.trail);
    return detail(request, company.id, request.params.id);
  });
}
