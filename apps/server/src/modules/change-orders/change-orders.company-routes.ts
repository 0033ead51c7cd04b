import {
  CHANGE_ORDER_MESSAGES,
  CHANGE_ORDER_STATUSES,
  formatUsd,
  invoiceTotals,
  lineAmountCents,
  type ChangeOrderStatus,
  type IntegrationChangeOrderItemInput,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireApiCompany } from '../../core/access/request';
import { changeOrderDraftsRepository } from '../../core/change-orders/change-order-drafts.repository';
import { changeOrderSendingRepository } from '../../core/change-orders/change-order-sending.repository';
import type { ChangeOrderDraftFields, ChangeOrderRefusal } from '../../core/change-orders/change-orders.queries';
import { tellCustomersOfChangeOrder } from '../../core/change-orders/customer-notice';
import { linksOf } from '../../core/files/links';
import { pdfFileName } from '../../core/pdf/kit';
import { sendSignedPdf } from '../../core/signatures/stored-pdf';
import { HttpError, invalid, notFound } from '../../lib/http-errors';
import { refuseUnknownStatuses } from '../../lib/list-query';
import { pageUrls, paginate } from '../../lib/pagination';
import { changeOrderReadsRepository } from './change-order-reads.repository';
import { serializeCompanyChangeOrder, serializeCompanyChangeOrderDetail } from './change-orders.serializers';
import * as schemas from './change-orders.company-schemas';

/** numeric(14,2): the largest amount the books hold, in cents. */
const MAX_CENTS = 99_999_999_999_999;

export interface ChangeOrdersCompanyRoutesOptions {
  publicUrl: string;
}

const toItems = (items: readonly IntegrationChangeOrderItemInput[]): ChangeOrderDraftFields['items'] =>
  items.map((item) => ({ description: item.description, quantity: item.quantity, unitPrice: item.unit_price }));

/** Every amount that does not fit the books, named by its field. A negative total is a credit, and allowed. */
function checkMoney(fields: Pick<ChangeOrderDraftFields, 'items' | 'taxRate'>): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const largest = formatUsd(MAX_CENTS);
  fields.items.forEach((item, index) => {
    if (Math.abs(lineAmountCents(item.quantity, item.unitPrice)) > MAX_CENTS) {
      problems[`items.${index}.unit_price`] = [`The item's amount (quantity × unit price) may not be more than ${largest}.`];
    }
  });
  if (Object.keys(problems).length > 0) return problems;
  const totals = invoiceTotals(fields.items, fields.taxRate);
  if (Math.abs(totals.total) > MAX_CENTS || Math.abs(totals.subtotal) > MAX_CENTS)
    problems.items = [`The change order's total may not be more than ${largest}.`];
  return problems;
}

/** The answer to a refused write, by what refused it, in the company's words. */
function refuse(refusal: ChangeOrderRefusal): never {
  switch (refusal.refused) {
    case 'not_found':
      throw notFound();
    case 'no_items':
      throw invalid({ items: ['A change order needs at least one item to be sent.'] });
    case 'deadline_passed':
      throw invalid({ approval_deadline: ['The approval deadline has passed: set a later one, or none, before sending the change order.'] });
    case 'number_taken':
      throw new HttpError(409, `Change order number ${refusal.number} is already used: choose another number, or leave it out to get the next one.`);
    case 'not_latest':
      throw new HttpError(409, `Version ${refusal.latestVersion} of this change order exists: make the new version from that one.`);
    case 'state':
      throw new HttpError(409, stateMessage(refusal.status));
  }
}

function stateMessage(status: ChangeOrderStatus): string {
  switch (status) {
    case 'expired':
      return "This change order's approval deadline has passed: make a new version of it instead.";
    case 'withdrawn':
      return 'This change order was withdrawn: make a new version of it instead.';
    case 'superseded':
      return 'This change order was replaced by a newer version.';
    case 'approved':
      return 'This change order was approved and can no longer be changed, withdrawn or replaced.';
    case 'declined':
      return 'This change order was declined: make a new version of it instead.';
    case 'sent':
      return CHANGE_ORDER_MESSAGES.notDraft;
    case 'draft':
      return 'This change order is a draft: send it first.';
  }
}

/**
 * Change orders, the company side (docs/company-api.md "Change orders"): a CRM or the staff console drafts, sends,
 * withdraws and replaces change orders with `change_orders:read` / `change_orders:write`. What the customer was sent is
 * never edited: a change is a new version (`revise`), and sending it supersedes the one before. As for proposals, the
 * company side works whether or not the portal area is on; only the customers' emails wait for the switch.
 */
export async function changeOrdersCompanyRoutes(fastify: FastifyInstance, options: ChangeOrdersCompanyRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const repository = { ...changeOrderReadsRepository(db), ...changeOrderDraftsRepository(db), ...changeOrderSendingRepository(db) };
  const today = () => app.now().toISOString().slice(0, 10);
  const read = { apiKey: true, scope: 'change_orders:read' } as const;
  const write = { apiKey: true, scope: 'change_orders:write' } as const;

  async function detail(request: FastifyRequest, companyId: number, changeOrderId: number) {
    const tree = await repository.companyFind(companyId, changeOrderId);
    if (!tree) throw notFound();
    return serializeCompanyChangeOrderDetail(tree, today(), linksOf(app, request));
  }

  /** Files may be attached only from the project's own documents (uploaded with `POST /integration/projects/{id}/documents`). */
  async function checkFiles(companyId: number, projectId: number, fileIds: readonly number[]) {
    const foreign = await repository.foreignFiles({ companyId, projectId }, fileIds);
    if (foreign.length > 0) throw invalid({ file_ids: [`These are not files of this project's documents: ${foreign.join(', ')}.`] });
  }

  app.get(
    '/integration/change-orders',
    { config: read, schema: schemas.listChangeOrders, preValidation: schemas.integrationChangeOrdersListQuery.preValidation },
    async (request) => {
      const company = requireApiCompany(request);
      const { filters, sort, page } = schemas.integrationChangeOrdersListQuery.from(request);
      refuseUnknownStatuses(filters.status, CHANGE_ORDER_STATUSES);
      const { rows, total } = await repository.companyList(company.id, { filters, sort, page, today: today() });
      return paginate(
        rows.map((row) => serializeCompanyChangeOrder(row, today())),
        total,
        page,
        pageUrls(options.publicUrl, request.url),
      );
    },
  );

  app.get('/integration/change-orders/:id', { config: read, schema: schemas.getChangeOrder }, async (request) =>
    detail(request, requireApiCompany(request).id, request.params.id),
  );

  app.get('/integration/change-orders/:id/pdf', { config: read, schema: schemas.getChangeOrderPdf }, async (request, reply) => {
    const tree = await repository.companyFind(requireApiCompany(request).id, request.params.id);
    if (!tree) throw notFound();
    if (!tree.approval) throw new HttpError(409, 'This change order has not been approved: the signed PDF is made when the customer approves it.');
    const { number, version } = tree.changeOrder;
    return sendSignedPdf(app, reply, `change-order-${pdfFileName(`CO-${number}-v${version}`)}-signed`, tree.approval, 'inline');
  });

  app.post('/integration/change-orders', { config: write, schema: schemas.createChangeOrder }, async (request, reply) => {
    const company = requireApiCompany(request);
    const body = request.body;
    const project = await repository.project({ companyId: company.id, projectId: body.project_id });
    if (!project) throw invalid({ project_id: ["The project must be one of the company's projects."] });
    const fields: ChangeOrderDraftFields = {
      number: body.number ?? null,
      title: body.title,
      description: body.description ?? null,
      taxRate: body.tax_rate,
      scheduleDays: body.schedule_days,
      approvalDeadline: body.approval_deadline ?? null,
      invoiceOnApproval: body.invoice_on_approval,
      items: toItems(body.items),
      fileIds: body.file_ids,
    };
    const problems = checkMoney(fields);
    if (Object.keys(problems).length > 0) throw invalid(problems);
    await checkFiles(company.id, project.id, fields.fileIds);
    const result = await repository.createDraft(company.id, project.id, fields, app.now());
    if ('refused' in result) refuse(result);
    return reply.status(201).send(await detail(request, company.id, result.id));
  });

  app.patch('/integration/change-orders/:id', { config: write, schema: schemas.updateChangeOrder }, async (request) => {
    const company = requireApiCompany(request);
    const body = request.body;
    const current = await repository.companyFind(company.id, request.params.id);
    if (!current) throw notFound();
    const { changeOrder } = current;
    if (changeOrder.state !== 'draft') refuse({ refused: 'state', status: 'sent', approvalDeadline: changeOrder.approval_deadline });
    if (body.number !== undefined && body.number !== changeOrder.number && changeOrder.version > 1) {
      throw invalid({ number: ['A new version keeps the number of the change order it was made from.'] });
    }
    const fields: ChangeOrderDraftFields = {
      number: body.number ?? null,
      title: body.title ?? changeOrder.title,
      description: body.description === undefined ? changeOrder.description : body.description,
      taxRate: body.tax_rate ?? changeOrder.tax_rate,
      scheduleDays: body.schedule_days ?? changeOrder.schedule_days,
      approvalDeadline: body.approval_deadline === undefined ? changeOrder.approval_deadline : body.approval_deadline,
      invoiceOnApproval: body.invoice_on_approval ?? changeOrder.invoice_on_approval,
      items: body.items
        ? toItems(body.items)
        : current.items.map((item) => ({ description: item.description, quantity: item.quantity, unitPrice: item.unit_price })),
      fileIds: body.file_ids ?? current.files.map((file) => file.id),
    };
    const problems = checkMoney(fields);
    if (Object.keys(problems).length > 0) throw invalid(problems);
    if (body.file_ids) await checkFiles(company.id, changeOrder.project_id, body.file_ids);
    const refusal = await repository.updateDraft(company.id, changeOrder.id, fields, app.now());
    if (refusal) refuse(refusal.refused === 'state' ? { ...refusal, status: 'sent' } : refusal);
    return detail(request, company.id, changeOrder.id);
  });

  app.delete('/integration/change-orders/:id', { config: write, schema: schemas.deleteChangeOrder }, async (request, reply) => {
    const refusal = await repository.deleteDraft(requireApiCompany(request).id, request.params.id);
    if (refusal) {
      if (refusal.refused === 'state') throw new HttpError(409, 'This change order has been sent and cannot be deleted: withdraw it instead.');
      refuse(refusal);
    }
    return reply.status(204).send(null);
  });

  app.post('/integration/change-orders/:id/send', { config: write, schema: schemas.sendChangeOrder }, async (request) => {
    const company = requireApiCompany(request);
    const refusal = await repository.send(company.id, request.params.id, app.now(), today());
    if (refusal) {
      if (refusal.refused === 'state') throw new HttpError(409, 'This change order has already been sent.');
      refuse(refusal);
    }
    await tellCustomersOfChangeOrder(
      { db, notices: app.notices, log: request.log },
      { company, changeOrderId: request.params.id, publicUrl: options.publicUrl },
    );
    return detail(request, company.id, request.params.id);
  });

  app.post('/integration/change-orders/:id/withdraw', { config: write, schema: schemas.withdrawChangeOrder }, async (request) => {
    const company = requireApiCompany(request);
    const refusal = await repository.withdraw(company.id, request.params.id, app.now(), today());
    if (refusal) {
      if (refusal.refused === 'state' && refusal.status === 'draft') throw new HttpError(409, 'A draft is deleted, not withdrawn.');
      if (refusal.refused === 'state' && refusal.status === 'withdrawn') throw new HttpError(409, 'This change order is already withdrawn.');
      refuse(refusal);
    }
    return detail(request, company.id, request.params.id);
  });

  app.post('/integration/change-orders/:id/revise', { config: write, schema: schemas.reviseChangeOrder }, async (request, reply) => {
    const company = requireApiCompany(request);
    const result = await repository.revise(company.id, request.params.id, app.now(), today());
    if ('refused' in result) {
      if (result.refused === 'state' && result.status === 'draft')
        throw new HttpError(409, 'This change order is a draft: change it instead of making a new version.');
      refuse(result);
    }
    return reply.status(201).send(await detail(request, company.id, result.id));
  });
}
