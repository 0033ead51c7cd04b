import {
  ApiErrorSchema,
  IdSchema,
  INVOICE_DEFAULT_PAGE_SIZE,
  INVOICE_DEFAULT_SORT,
  INVOICE_SORTS,
  InvoiceDetailSchema,
  InvoicePageSchema,
  InvoiceSummarySchema,
  PORTAL_INVOICE_STATUSES,
  StatementSchema,
  type PortalInvoiceStatus,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors';
import { defineListQuery, refuseUnknownStatuses } from '../../lib/list-query';
import { pageUrls, paginate } from '../../lib/pagination';
import { binaryReply } from '../../lib/reply-media';
import { requireUser } from '../../core/access/request';
import { requireProject } from '../../core/access/projects';
import { calendarDate } from './aging';
import { brandOf, logoLoader, pdfFileName, renderInvoicePdf, renderStatementPdf, sendPdf } from './invoices.pdf';
import type { ProjectScope } from '../../core/access/projects';
import { invoicesRepository } from './invoices.repository';
import { serializeInvoice, serializeInvoiceDetail } from './invoices.serializers';
import { buildStatement } from './statement';
import type { CompanyRow } from '../../db/rows';
import { projectContractMoney } from '../../core/contract-money';

export const invoicesListQuery = defineListQuery({
  filters: {
    status: { kind: 'string', description: `Statuses; a comma means any of. Allowed: ${PORTAL_INVOICE_STATUSES.join(', ')}` },
  },
  sorts: INVOICE_SORTS,
  defaultSort: INVOICE_DEFAULT_SORT,
  // The table default of docs/requirements.md 10.2: 10 a page (options 10 to 100).
  paginate: { defaultSize: INVOICE_DEFAULT_PAGE_SIZE },
});

export interface InvoicesRoutesOptions {
  publicUrl: string;
  /** Where the brand logos live (apps/server/assets/brand), for the PDFs. */
  brandDir: string;
}

const entityParams = z.object({ entity: IdSchema });
const invoiceParams = z.object({ entity: IdSchema, invoice: IdSchema });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
const GUARD_NOTE =
  "An entity that is not the caller's, an invoice of another project, a draft, or a company with invoicing switched off all answer the same 404.";

export async function invoicesRoutes(fastify: FastifyInstance, options: InvoicesRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repository = invoicesRepository(app.database.db);
  const logo = logoLoader(options.brandDir);

  /** The caller's project behind `entity`, with invoicing switched on; 404 otherwise. */
  /** The customer opened an invoice (its page or its PDF): the company hears of the first time. */
  async function viewed(request: FastifyRequest, scope: ProjectScope, invoice: { id: number; number: string; viewed_at: Date | null }) {
    // A staff member previewing the portal is not the customer opening it.
    if (invoice.viewed_at || requireUser(request).preview) return;
    if (await repository.markViewed(scope, invoice, requireUser(request), app.now())) app.webhooks.wake();
  }

  async function projectOf(request: FastifyRequest, entityId: number): Promise<{ scope: ProjectScope; company: CompanyRow }> {
    const { scope, company } = await requireProject(app, requireUser(request), entityId, 'invoices');
    return { scope, company };
  }

  const today = () => calendarDate(app.now());

  async function statementOf(scope: ProjectScope) {
    const asOf = today();
    const [project, rows, trail] = await Promise.all([
      repository.project(scope),
      repository.forStatement(scope, asOf),
      projectContractMoney(app.database.db, scope),
    ]);
    if (!project || !trail) throw notFound();
    const statement = buildStatement({
      today: asOf,
      project: { id: project.id, number: project.number, name: project.name },
      invoices: rows.invoices,
      payments: rows.payments,
    });
    // Beside what was invoiced and paid: what the contract is, with its approved changes (core/contract-money.ts).
    return { project, statement: { ...statement, ...trail } };
  }

  app.get(
    '/entities/:entity/invoices',
    {
      schema: {
        tags: ['invoices'],
        operationId: 'listPortalInvoices',
        summary: "The project's invoices",
        description:
          'A page of the invoices of the project behind the entity (10 a page unless page[size] says otherwise), drafts never included. ' +
          'filter[status] takes sent, partially_paid, paid, overdue or void (comma = any of); sort takes number, issue_date, due_date, status, total or balance (- for descending; default -issue_date). ' +
          GUARD_NOTE,
        params: entityParams,
        querystring: invoicesListQuery.querystring,
        response: { 200: InvoicePageSchema, ...errors },
      },
      preValidation: invoicesListQuery.preValidation,
    },
    async (request) => {
      const { filters, sort, page } = invoicesListQuery.from(request);
      refuseUnknownStatuses(filters.status, PORTAL_INVOICE_STATUSES);
      const { scope } = await projectOf(request, request.params.entity);
      const { rows, total } = await repository.list(scope, {
        filters: { status: filters.status as PortalInvoiceStatus[] | undefined },
        sort,
        page,
        today: today(),
      });
      return paginate(rows.map(serializeInvoice), total, page, pageUrls(options.publicUrl, request.url));
    },
  );

  app.get(
    '/entities/:entity/invoices/summary',
    {
      schema: {
        tags: ['invoices'],
        operationId: 'getPortalInvoiceSummary',
        summary: 'What is owed on the project',
        description:
          'The balance left on sent, partially paid and overdue invoices, and the overdue part of it, as of today (UTC); ' +
          'beside them the contract, its approved change orders and the revised contract. ' +
          GUARD_NOTE,
        params: entityParams,
        response: { 200: InvoiceSummarySchema, ...errors },
      },
    },
    async (request) => {
      const { scope } = await projectOf(request, request.params.entity);
      const asOf = today();
      const [summary, trail] = await Promise.all([repository.summary(scope, asOf), projectContractMoney(app.database.db, scope)]);
      // Gone between the guard and here: deleted by the company a moment ago.
      if (!trail) throw notFound();
      return {
        currency: 'USD' as const,
        outstanding_balance: summary.outstanding,
        outstanding_count: summary.outstanding_count,
        overdue_balance: summary.overdue,
        overdue_count: summary.overdue_count,
        ...trail,
        as_of: asOf,
      };
    },
  );

  app.get(
    '/entities/:entity/invoices/:invoice',
    {
      schema: {
        tags: ['invoices'],
        operationId: 'getPortalInvoice',
        summary: 'One invoice',
        description: 'The invoice with its line items, totals, payments (oldest first), balance, notes and terms. ' + GUARD_NOTE,
        params: invoiceParams,
        response: { 200: InvoiceDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { scope } = await projectOf(request, request.params.entity);
      const found = await repository.find(scope, request.params.invoice, today());
      if (!found) throw notFound();
      await viewed(request, scope, found.invoice);
      return serializeInvoiceDetail(found);
    },
  );

  app.get(
    '/entities/:entity/invoices/:invoice/pdf',
    {
      schema: {
        tags: ['invoices'],
        operationId: 'getPortalInvoicePdf',
        summary: 'One invoice as a PDF',
        description:
          "The invoice as a PDF with the company's name, logo, colour, address, phone and email, whom it bills (the project's account and its billing address) " +
          'and how to pay it, as an attachment. ' +
          GUARD_NOTE,
        params: invoiceParams,
        response: { 200: binaryReply('The PDF', ['application/pdf']), ...errors },
      },
    },
    async (request, reply) => {
      const { scope, company } = await projectOf(request, request.params.entity);
      const found = await repository.find(scope, request.params.invoice, today());
      if (!found) throw notFound();
      await viewed(request, scope, found.invoice);
      const [project, billTo] = await Promise.all([repository.project(scope), repository.billTo(scope)]);
      const pdf = await renderInvoicePdf({
        brand: brandOf(company),
        logo: await logo(company.logo_url),
        project: project ?? { number: null, name: null, address_street: null },
        billTo,
        invoice: serializeInvoiceDetail(found),
      });
      return sendPdf(reply, `invoice-${pdfFileName(found.invoice.number)}`, pdf);
    },
  );

  app.get(
    '/entities/:entity/statement',
    {
      schema: {
        tags: ['invoices'],
        operationId: 'getPortalStatement',
        summary: 'Statement of account of the project',
        description:
          'Every sent invoice and every payment in date order with the running balance, and the balance aged as current, 1-30, 31-60, 61-90 and over 90 days past due (as of today, UTC). Void and draft invoices are left out. ' +
          GUARD_NOTE,
        params: entityParams,
        response: { 200: StatementSchema, ...errors },
      },
    },
    async (request) => {
      const { scope } = await projectOf(request, request.params.entity);
      return (await statementOf(scope)).statement;
    },
  );

  app.get(
    '/entities/:entity/statement/pdf',
    {
      schema: {
        tags: ['invoices'],
        operationId: 'getPortalStatementPdf',
        summary: 'Statement of account as a PDF',
        description: "The statement of account as a PDF with the company's name, logo and colour, as an attachment. " + GUARD_NOTE,
        params: entityParams,
        response: { 200: binaryReply('The PDF', ['application/pdf']), ...errors },
      },
    },
    async (request, reply) => {
      const { scope, company } = await projectOf(request, request.params.entity);
      const { project, statement } = await statementOf(scope);
      const pdf = await renderStatementPdf({ brand: brandOf(company), logo: await logo(company.logo_url), project, statement });
      return sendPdf(reply, `statement-${pdfFileName(project.number ?? `project-${project.id}`)}-${statement.as_of}`, pdf);
    },
  );
}
