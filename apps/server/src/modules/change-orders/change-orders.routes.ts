import {
  ApiErrorSchema,
  CHANGE_ORDER_DEFAULT_PAGE_SIZE,
  CHANGE_ORDER_DEFAULT_SORT,
  CHANGE_ORDER_MESSAGES,
  CHANGE_ORDER_SORTS,
  ChangeOrderApproveSchema,
  ChangeOrderDeclineSchema,
  ChangeOrderDetailSchema,
  ChangeOrderPageSchema,
  formatChangeOrderNumber,
  IdSchema,
  PORTAL_CHANGE_ORDER_STATUSES,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProject, type ProjectScope } from '../../core/access/projects';
import { requireUser } from '../../core/access/request';
import { knownCustomer } from '../../core/customer-names';
import { linksOf } from '../../core/files/links';
import { invoiceSentEvent } from '../../core/mail/invoice-sent';
import type { ChangeOrderTree } from '../../core/change-orders/change-orders.queries';
import { consolePath, consoleUrl, officeRecipient } from '../../core/mail/office';
import { brandOf, logoLoader, pdfFileName } from '../../core/pdf/kit';
import { projectReadsRepository } from '../../core/projects';
import { signerEvidence } from '../../core/signatures/evidence';
import { sendSignedPdf, storeSignedPdf } from '../../core/signatures/stored-pdf';
import type { CompanyRow } from '../../db/rows';
import { HttpError, notFound } from '../../lib/http-errors';
import { defineListQuery, refuseUnknownStatuses } from '../../lib/list-query';
import { portalUserName } from '../../lib/names';
import { pageUrls, paginate } from '../../lib/pagination';
import { binaryReply } from '../../lib/reply-media';
import { changeOrderAnswersRepository, type AnswerRefusal, type ApprovalInvoice } from './change-order-answers.repository';
import { changeOrderReadsRepository } from './change-order-reads.repository';
import { changeOrderAnsweredEmail } from './change-orders-email';
import { renderSignedChangeOrderPdf } from './change-orders.pdf';
import { serializeChangeOrder, serializeChangeOrderDetail } from './change-orders.serializers';

/**
 * Change orders, the portal side (docs/requirements.md 11.10, docs/company-api.md "Change orders"): a customer reads the
 * project's change orders, approves one with a typed signature (the evidence and a signed PDF are kept through the
 * signature path proposals take, core/signatures/; an invoice is made when the company asked for one) or declines it.
 */

export const changeOrdersListQuery = defineListQuery({
  filters: {
    status: { kind: 'string', description: `Statuses; a comma means any of. Allowed: ${PORTAL_CHANGE_ORDER_STATUSES.join(', ')}` },
  },
  sorts: CHANGE_ORDER_SORTS,
  defaultSort: CHANGE_ORDER_DEFAULT_SORT,
  paginate: { defaultSize: CHANGE_ORDER_DEFAULT_PAGE_SIZE },
});

export interface ChangeOrdersRoutesOptions {
  publicUrl: string;
  brandDir: string;
}

const entityParams = z.object({ entity: IdSchema });
const changeOrderParams = z.object({ entity: IdSchema, changeOrder: IdSchema });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
const GUARD_NOTE =
  "An entity that is not the caller's, a change order of another project, a draft, or a company with change orders switched off all answer the same 404.";

/** The answer to a refused approval or decline: 404, or 409 with the message a client may rely on word for word. */
function refuse(refusal: AnswerRefusal): never {
  if (refusal.refused === 'not_found') throw notFound();
  switch (refusal.status) {
    case 'expired':
      throw new HttpError(409, CHANGE_ORDER_MESSAGES.expired(refusal.approvalDeadline ?? ''));
    case 'withdrawn':
      throw new HttpError(409, CHANGE_ORDER_MESSAGES.withdrawn);
    case 'superseded':
      throw new HttpError(409, CHANGE_ORDER_MESSAGES.superseded);
    case 'approved':
      throw new HttpError(409, CHANGE_ORDER_MESSAGES.alreadyApproved);
    case 'declined':
      throw new HttpError(409, CHANGE_ORDER_MESSAGES.alreadyDeclined);
    default:
      // A draft never reaches the portal, and a sent one is answerable.
      throw notFound();
  }
}

export async function changeOrdersRoutes(fastify: FastifyInstance, options: ChangeOrdersRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const reads = changeOrderReadsRepository(app.database.db);
  const answers = changeOrderAnswersRepository(app.database.db);
  const projectsOf = projectReadsRepository(app.database.db);
  const logo = logoLoader(options.brandDir);
  const today = () => app.now().toISOString().slice(0, 10);

  async function projectOf(request: FastifyRequest, entityId: number): Promise<{ scope: ProjectScope; company: CompanyRow }> {
    const { scope, company } = await requireProject(app, requireUser(request), entityId, 'change_orders');
    return { scope, company };
  }

  async function found(scope: ProjectScope, changeOrderId: number): Promise<ChangeOrderTree> {
    const tree = await reads.portalFind(scope, changeOrderId);
    if (!tree) throw notFound();
    return tree;
  }

  /**
   * The office hears of an answer: the project's primary rep, else the company's contact address
   * (docs/decisions/114-every-customer-action-reaches-the-office.md); the inbox lists it either way.
   */
  async function tellCompany(request: FastifyRequest, company: CompanyRow, scope: ProjectScope, tree: ChangeOrderTree, invoice: ApprovalInvoice | null) {
    const found = await projectsOf.projectWithRep(scope.projectId, scope.companyId);
    const recipient = found ? officeRecipient(company, found.rep) : null;
    if (!found || !recipient) {
      request.log.warn(
        { event: 'change-orders.no-office-email', changeOrderId: tree.changeOrder.id },
        'no primary rep and no contact email: the answer is in the inbox only',
      );
      return;
    }
    const user = requireUser(request);
    const { changeOrder, approval } = tree;
    app.mailer.sendInBackground(
      changeOrderAnsweredEmail({
        recipient,
        consoleUrl: consoleUrl(options.publicUrl, consolePath.changeOrder(scope.projectId, changeOrder.id)),
        company,
        project: found.project,
        changeOrder,
        // The company's own names for its customer (docs/decisions/110-what-a-company-knows-of-a-shared-customer.md).
        customer: { name: portalUserName(await knownCustomer(app.database.db, scope.companyId, user)), email: user.email },
        answer: approval
          ? { kind: 'approved', signerName: approval.signer_name, total: approval.total, invoiceNumber: invoice?.number ?? null }
          : { kind: 'declined', reason: changeOrder.decline_reason },
      }),
      request.log,
    );
  }

  app.get(
    '/entities/:entity/change-orders',
    {
      schema: {
        tags: ['change-orders'],
        operationId: 'listPortalChangeOrders',
        summary: "The project's change orders",
        description:
          'A page of the change orders of the project behind the entity (10 a page unless page[size] says otherwise), drafts never included. ' +
          `filter[status] takes ${PORTAL_CHANGE_ORDER_STATUSES.join(', ')} (comma = any of); sort takes ${CHANGE_ORDER_SORTS.join(', ')} (- for descending; default ${CHANGE_ORDER_DEFAULT_SORT}). ` +
          GUARD_NOTE,
        params: entityParams,
        querystring: changeOrdersListQuery.querystring,
        response: { 200: ChangeOrderPageSchema, ...errors },
      },
      preValidation: changeOrdersListQuery.preValidation,
    },
    async (request) => {
      const { filters, sort, page } = changeOrdersListQuery.from(request);
      refuseUnknownStatuses(filters.status, PORTAL_CHANGE_ORDER_STATUSES);
      const { scope } = await projectOf(request, request.params.entity);
      const { rows, total } = await reads.portalList(scope, { filters, sort, page, today: today() });
      return paginate(
        rows.map((row) => serializeChangeOrder(row, today())),
        total,
        page,
        pageUrls(options.publicUrl, request.url),
      );
    },
  );

  app.get(
    '/entities/:entity/change-orders/:changeOrder',
    {
      schema: {
        tags: ['change-orders'],
        operationId: 'getPortalChangeOrder',
        summary: 'One change order',
        description:
          'The change order with its items, tax, totals, schedule days, attached files (signed links), and the evidence once approved. ' +
          'The first time the customer opens it, it is marked viewed and the company hears of it (change_order.viewed). ' +
          GUARD_NOTE,
        params: changeOrderParams,
        response: { 200: ChangeOrderDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { scope } = await projectOf(request, request.params.entity);
      const tree = await found(scope, request.params.changeOrder);
      const user = requireUser(request);
      // A staff member previewing the portal is not the customer opening it.
      if (!tree.changeOrder.viewed_at && !user.preview) {
        const now = app.now();
        if (await reads.markViewed(scope, tree.changeOrder, user, now)) {
          app.webhooks.wake();
          tree.changeOrder = { ...tree.changeOrder, viewed_at: now, updated_at: now };
        }
      }
      return serializeChangeOrderDetail(tree, today(), linksOf(app, request));
    },
  );

  app.post(
    '/entities/:entity/change-orders/:changeOrder/approve',
    {
      schema: {
        tags: ['change-orders'],
        operationId: 'approvePortalChangeOrder',
        summary: 'Approve a change order with a typed signature',
        description:
          'signer_name: the full name as typed; consent: must be true. ' +
          'The evidence (name, email, time, IP address, user agent, totals and the SHA-256 of the content as shown) is kept, and the signed PDF made once. ' +
          'When the company asked for it and the total is not a credit, an invoice for the items is made and sent in the same transaction. ' +
          'An expired, withdrawn, superseded, declined or already approved change order answers 409 with a message saying which; of two approvals at once, one wins and the other answers 409. ' +
          GUARD_NOTE,
        params: changeOrderParams,
        body: ChangeOrderApproveSchema,
        response: { 200: ChangeOrderDetailSchema, 409: ApiErrorSchema, 422: ApiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { scope, company } = await projectOf(request, request.params.entity);
      const user = requireUser(request);
      const signer = signerEvidence(request, user, request.body.signer_name, app.now());
      const project = (await reads.project(scope)) ?? { number: null, name: null, address_street: null };
      const brand = brandOf(company);
      const companyLogo = await logo(company.logo_url);
      const result = await answers.approve(
        scope,
        request.params.changeOrder,
        { portalUser: user, signer, today: today() },
        (tree, evidence) => renderSignedChangeOrderPdf({ brand, logo: companyLogo, project, tree, evidence }),
        (pdf) => storeSignedPdf(app, pdf),
      );
      if (result.refused !== null) refuse(result);
      app.webhooks.wake();
      const { invoice } = result;
      // The invoice is sent: its customers hear of it as of any sent invoice (never throws; a failure is logged).
      if (invoice) await app.notices.send(request.log, invoiceSentEvent({ company, project, invoice, publicUrl: options.publicUrl }));
      const tree = await found(scope, request.params.changeOrder);
      await tellCompany(request, company, scope, tree, invoice);
      request.log.info(
        { event: 'change-orders.approved', changeOrderId: tree.changeOrder.id, userId: user.id, invoiceId: invoice?.id ?? null },
        'change order approved',
      );
      return serializeChangeOrderDetail(tree, today(), linksOf(app, request));
    },
  );

  app.post(
    '/entities/:entity/change-orders/:changeOrder/decline',
    {
      schema: {
        tags: ['change-orders'],
        operationId: 'declinePortalChangeOrder',
        summary: 'Decline a change order',
        description:
          'With an optional reason (at most 2,000 characters). An expired, withdrawn, superseded or already answered change order answers 409 with a message saying which. ' +
          GUARD_NOTE,
        params: changeOrderParams,
        body: ChangeOrderDeclineSchema,
        response: { 200: ChangeOrderDetailSchema, 409: ApiErrorSchema, 422: ApiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { scope, company } = await projectOf(request, request.params.entity);
      const user = requireUser(request);
      const reason = request.body?.reason?.trim() || null;
      const refusal = await answers.decline(scope, request.params.changeOrder, { portalUser: user, reason, now: app.now(), today: today() });
      if (refusal) refuse(refusal);
      app.webhooks.wake();
      const tree = await found(scope, request.params.changeOrder);
      await tellCompany(request, company, scope, tree, null);
      return serializeChangeOrderDetail(tree, today(), linksOf(app, request));
    },
  );

  app.get(
    '/entities/:entity/change-orders/:changeOrder/pdf',
    {
      schema: {
        tags: ['change-orders'],
        operationId: 'getPortalChangeOrderPdf',
        summary: 'The signed change order as a PDF',
        description:
          'The PDF made when the change order was approved, byte for byte (its SHA-256 is the evidence’s pdf_sha256), as an attachment. Before approval: 404. ' +
          GUARD_NOTE,
        params: changeOrderParams,
        response: { 200: binaryReply('The signed PDF', ['application/pdf']), ...errors },
      },
    },
    async (request, reply) => {
      const { scope } = await projectOf(request, request.params.entity);
      const { changeOrder, approval } = await found(scope, request.params.changeOrder);
      if (!approval) throw notFound();
      const name = `change-order-${pdfFileName(formatChangeOrderNumber(changeOrder.number, changeOrder.version))}-signed`;
      return sendSignedPdf(app, reply, name, approval, 'attachment');
    },
  );
}
