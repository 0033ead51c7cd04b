import { INVOICE_STATUSES, type IntegrationInvoiceLineInput } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireApiCompany } from '../../core/access/request';
import type { CompanyRow } from '../../db/rows';
import { HttpError, invalid, notFound } from '../../lib/http-errors';
import { refuseUnknownStatuses } from '../../lib/list-query';
import { pageUrls, paginate } from '../../lib/pagination';
import { calendarDate } from './aging';
import { projectContractMoney } from '../../core/contract-money';
import { invoiceSentEvent } from '../../core/mail/invoice-sent';
import { brandOf, logoLoader, pdfFileName, renderInvoicePdf, sendPdf } from './invoices.pdf';
import { invoicesRepository, type DraftFields, type InvoiceRefusal } from './invoices.repository';
import { serializeCompanyInvoice, serializeCompanyInvoiceDetail } from './invoices.serializers';
import { formatUsd, fromCents, invoiceTotals, toCents } from './money';
import { buildStatement } from './statement';
import * as schemas from './invoices.company-schemas';

/** numeric(14,2): the largest amount the books hold, in cents. */
const MAX_CENTS = 99_999_999_999_999;

const conflict = (message: string) => new HttpError(409, message);

const SENT_IS_FINAL = 'This invoice has been sent and can no longer be changed: void it and issue a new one.';
const VOID_IS_FINAL = 'This invoice is void and can no longer be changed.';

const toDraftLines = (lines: readonly IntegrationInvoiceLineInput[]): DraftFields['lines'] =>
  lines.map((line) => ({ description: line.description, quantity: line.quantity, unitPrice: line.unit_price }));

/**
 * The invoice's money as the portal computes it, with every amount that does not fit the books or that disagrees with
 * the CRM's own figures named: a line's amount, the subtotal, the tax, the total.
 */
function checkMoney(
  lines: readonly { quantity: string; unitPrice: string; amount?: string | undefined }[],
  taxRate: string,
  given: { subtotal?: string | undefined; tax?: string | undefined; total?: string | undefined },
): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const totals = invoiceTotals(lines, taxRate);
  const largest = formatUsd(MAX_CENTS);
  totals.amounts.forEach((cents, index) => {
    const field = `lines.${index}.amount`;
    if (Math.abs(cents) > MAX_CENTS) problems[field] = [`The line's amount (quantity × unit price) may not be more than ${largest}.`];
    else {
      const stated = lines[index]!.amount;
      if (stated !== undefined && toCents(stated) !== cents) {
        problems[field] = [`The amount must be quantity × unit price rounded to the cent: ${fromCents(cents)}.`];
      }
    }
  });
  if (Object.keys(problems).length > 0) return problems;
  if (totals.subtotal < 0) problems.lines = ['The lines may not add up to less than 0.00.'];
  if (Math.abs(totals.total) > MAX_CENTS || Math.abs(totals.subtotal) > MAX_CENTS) {
    problems.total = [`The invoice's total may not be more than ${largest}.`];
    return problems;
  }
  const expected = { subtotal: totals.subtotal, tax: totals.tax, total: totals.total };
  const explain = { subtotal: 'the sum of the line amounts', tax: 'the subtotal × the tax rate, rounded to the cent', total: 'the subtotal plus the tax' };
  for (const field of ['subtotal', 'tax', 'total'] as const) {
    const stated = given[field];
    if (stated !== undefined && toCents(stated) !== expected[field]) {
      problems[field] = [`The ${field} must be ${fromCents(expected[field])}: ${explain[field]}.`];
    }
  }
  return problems;
}

export interface InvoicesCompanyRoutesOptions {
  publicUrl: string;
  /** Where the brand logos live (apps/server/assets/brand), for the PDFs. */
  brandDir: string;
}

/**
 * The company side's invoices (docs/requirements.md 11.5 and 18; docs/decisions/046-company-invoices-and-contact-messages.md):
 * a CRM drafts, sends, records payments and voids with an API key. Every amount is computed by the invoices repository
 * in whole cents (docs/decisions/017-invoices-derived-status-and-cents.md); what the CRM sends of the money is checked
 * against that, never stored as given.
 */
export async function invoicesCompanyRoutes(fastify: FastifyInstance, options: InvoicesCompanyRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repository = invoicesRepository(app.database.db);
  const logo = logoLoader(options.brandDir);
  const today = () => calendarDate(app.now());

  async function detail(companyId: number, invoiceId: number) {
    const found = await repository.companyFind(companyId, invoiceId, today());
    if (!found) throw notFound();
    return serializeCompanyInvoiceDetail(found);
  }

  async function numberFree(companyId: number, number: string, exceptId?: number) {
    if (await repository.numberTaken(companyId, number, exceptId)) {
      throw invalid({ number: [`The number ${number} is already used by another invoice of the company.`] });
    }
  }

  /** A second request with the same number may win the race to the unique index: still 422 naming the field. */
  const isDuplicateNumber = (error: unknown): boolean => {
    const codes = [error, (error as { cause?: unknown } | null)?.cause].map((value) => (value as { code?: unknown } | null)?.code);
    return codes.includes('23505');
  };

  /**
   * Everyone the project is shared with hears of the invoice (docs/requirements.md 14 and 18.4), each with a link to it
   * under their own entity; the notices service leaves out whoever turned invoice emails off, everyone while the company
   * has invoicing switched off, and anyone already told of this invoice.
   */
  async function tellCustomers(request: FastifyRequest, company: CompanyRow, invoiceId: number) {
    const found = await repository.companyFind(company.id, invoiceId, today());
    if (!found) return;
    const { invoice } = found;
    const project = await repository.project({ companyId: company.id, projectId: invoice.project_id });
    if (!project) return;
    await app.notices.send(request.log, invoiceSentEvent({ company, project, invoice, publicUrl: options.publicUrl }));
  }

  /** The answer to a refused write, by what refused it. */
  function refuse(refusal: InvoiceRefusal, messages: Partial<Record<'draft' | 'sent' | 'void', string>>): never {
    switch (refusal.refused) {
      case 'not_found':
        throw notFound();
      case 'state':
        throw conflict(messages[refusal.state] ?? 'This invoice cannot be changed.');
      case 'paid':
        throw conflict('An invoice with payments cannot be voided: delete its payments first, or issue a credit on a new invoice.');
      case 'no_lines':
        throw invalid({ lines: ['An invoice needs at least one line to be sent.'] });
      case 'over_balance':
        throw invalid({ amount: [`The amount may not be more than the invoice's balance of ${formatUsd(refusal.balanceCents)}.`] });
      case 'before_issue':
        throw invalid({ paid_on: [`The payment date may not be before the invoice's issue date, ${refusal.issueDate}.`] });
    }
  }

  app.get(
    '/integration/invoices',
    {
      config: { apiKey: true, scope: 'invoices:read' },
      schema: schemas.listInvoices,
      preValidation: schemas.integrationInvoicesListQuery.preValidation,
    },
    async (request) => {
      const company = requireApiCompany(request);
      const { filters, sort, page } = schemas.integrationInvoicesListQuery.from(request);
      refuseUnknownStatuses(filters.status, INVOICE_STATUSES);
      const { rows, total } = await repository.companyList(company.id, { filters, sort, page, today: today() });
      return paginate(rows.map(serializeCompanyInvoice), total, page, pageUrls(options.publicUrl, request.url));
    },
  );

  app.get('/integration/invoices/:id', { config: { apiKey: true, scope: 'invoices:read' }, schema: schemas.getInvoice }, async (request) =>
    detail(requireApiCompany(request).id, request.params.id),
  );

  app.get('/integration/invoices/:id/pdf', { config: { apiKey: true, scope: 'invoices:read' }, schema: schemas.getInvoicePdf }, async (request, reply) => {
    const company = requireApiCompany(request);
    const found = await repository.companyFind(company.id, request.params.id, today());
    if (!found) throw notFound();
    const scope = { companyId: company.id, projectId: found.invoice.project_id };
    const [project, billTo] = await Promise.all([repository.project(scope), repository.billTo(scope)]);
    const pdf = await renderInvoicePdf({
      brand: brandOf(company),
      logo: await logo(company.logo_url),
      project: project ?? { number: null, name: null, address_street: null },
      billTo,
      invoice: serializeCompanyInvoiceDetail(found),
    });
    return sendPdf(reply, `invoice-${pdfFileName(found.invoice.number)}`, pdf, 'inline');
  });

  app.get('/integration/projects/:id/statement', { config: { apiKey: true, scope: 'invoices:read' }, schema: schemas.getProjectStatement }, async (request) => {
    const scope = { companyId: requireApiCompany(request).id, projectId: request.params.id };
    const asOf = today();
    const project = await repository.project(scope);
    if (!project) throw notFound();
    const [rows, trail] = await Promise.all([repository.forStatement(scope, asOf), projectContractMoney(app.database.db, scope)]);
    if (!trail) throw notFound();
    const statement = buildStatement({
      today: asOf,
      project: { id: project.id, number: project.number, name: project.name },
      invoices: rows.invoices,
      payments: rows.payments,
    });
    // The customer's statement, money trail included (core/contract-money.ts).
    return { ...statement, ...trail };
  });

  app.post('/integration/invoices', { config: { apiKey: true, scope: 'invoices:write' }, schema: schemas.createInvoice }, async (request, reply) => {
    const company = requireApiCompany(request);
    const body = request.body;
    const project = await repository.project({ companyId: company.id, projectId: body.project_id });
    if (!project) throw invalid({ project_id: ["The project must be one of the company's projects."] });
    const lines = toDraftLines(body.lines);
    const problems = checkMoney(
      body.lines.map((line) => ({ quantity: line.quantity, unitPrice: line.unit_price, amount: line.amount })),
      body.tax_rate,
      body,
    );
    if (Object.keys(problems).length > 0) throw invalid(problems);
    await numberFree(company.id, body.number);
    let id: number;
    try {
      id = await repository.createDraft(
        company.id,
        project.id,
        {
          number: body.number,
          issueDate: body.issue_date,
          dueDate: body.due_date,
          taxRate: body.tax_rate,
          notes: body.notes ?? null,
          terms: body.terms ?? null,
          lines,
        },
        app.now(),
      );
    } catch (error) {
      if (isDuplicateNumber(error)) throw invalid({ number: [`The number ${body.number} is already used by another invoice of the company.`] });
      throw error;
    }
    return reply.status(201).send(await detail(company.id, id));
  });

  app.patch('/integration/invoices/:id', { config: { apiKey: true, scope: 'invoices:write' }, schema: schemas.updateInvoice }, async (request) => {
    const company = requireApiCompany(request);
    const body = request.body;
    const current = await repository.companyFind(company.id, request.params.id, today());
    if (!current) throw notFound();
    if (current.invoice.state !== 'draft') throw conflict(current.invoice.state === 'void' ? VOID_IS_FINAL : SENT_IS_FINAL);
    const issueDate = body.issue_date ?? current.invoice.issue_date;
    const dueDate = body.due_date ?? current.invoice.due_date;
    if (dueDate < issueDate) {
      throw invalid({ [body.due_date ? 'due_date' : 'issue_date']: [`The due date may not be before the issue date (${issueDate} > ${dueDate}).`] });
    }
    const moneyLines = body.lines
      ? body.lines.map((line) => ({ quantity: line.quantity, unitPrice: line.unit_price, amount: line.amount }))
      : current.lines.map((line) => ({ quantity: line.quantity, unitPrice: line.unit_price }));
    const problems = checkMoney(moneyLines, body.tax_rate ?? current.invoice.tax_rate, body);
    if (Object.keys(problems).length > 0) throw invalid(problems);
    if (body.number !== undefined) await numberFree(company.id, body.number, current.invoice.id);
    const changes: Partial<DraftFields> = {
      ...(body.number === undefined ? {} : { number: body.number }),
      ...(body.issue_date === undefined ? {} : { issueDate: body.issue_date }),
      ...(body.due_date === undefined ? {} : { dueDate: body.due_date }),
      ...(body.tax_rate === undefined ? {} : { taxRate: body.tax_rate }),
      ...(body.notes === undefined ? {} : { notes: body.notes }),
      ...(body.terms === undefined ? {} : { terms: body.terms }),
      ...(body.lines === undefined ? {} : { lines: toDraftLines(body.lines) }),
    };
    let refusal: InvoiceRefusal | null;
    try {
      refusal = await repository.updateDraft(company.id, current.invoice.id, changes, app.now());
    } catch (error) {
      if (isDuplicateNumber(error)) throw invalid({ number: [`The number ${body.number} is already used by another invoice of the company.`] });
      throw error;
    }
    if (refusal) refuse(refusal, { sent: SENT_IS_FINAL, void: VOID_IS_FINAL });
    return detail(company.id, current.invoice.id);
  });

  app.delete('/integration/invoices/:id', { config: { apiKey: true, scope: 'invoices:write' }, schema: schemas.deleteInvoice }, async (request, reply) => {
    const refusal = await repository.deleteDraft(requireApiCompany(request).id, request.params.id);
    if (refusal)
      refuse(refusal, { sent: 'This invoice has been sent and cannot be deleted: void it instead.', void: 'This invoice is void and cannot be deleted.' });
    return reply.status(204).send(null);
  });

  app.post('/integration/invoices/:id/send', { config: { apiKey: true, scope: 'invoices:write' }, schema: schemas.sendInvoice }, async (request) => {
    const company = requireApiCompany(request);
    const result = await repository.send(company.id, request.params.id, app.now());
    if (result.refused !== null) refuse(result, { sent: 'This invoice has already been sent.', void: 'This invoice is void and cannot be sent.' });
    // The invoice is sent: a failure to tell its readers is logged, never a 500 that a CRM would retry.
    await tellCustomers(request, company, request.params.id).catch((error: unknown) =>
      request.log.error({ event: 'invoices.customer-mail-failed', invoiceId: request.params.id, err: error }, 'customers were not told of a sent invoice'),
    );
    return detail(company.id, request.params.id);
  });

  app.post(
    '/integration/invoices/:id/payments',
    { config: { apiKey: true, scope: 'invoices:write' }, schema: schemas.recordInvoicePayment },
    async (request, reply) => {
      const company = requireApiCompany(request);
      const body = request.body;
      if (body.paid_on > today()) throw invalid({ paid_on: ['The payment date may not be in the future.'] });
      const result = await repository.addPayment(
        company.id,
        request.params.id,
        { amount: body.amount, paidOn: body.paid_on, method: body.method, reference: body.reference || null },
        app.now(),
      );
      if (result.refused !== null) {
        refuse(result, { draft: 'This invoice is a draft: send it before recording a payment.', void: 'This invoice is void and takes no payments.' });
      }
      const invoice = await detail(company.id, request.params.id);
      const payment = invoice.payments.find((row) => row.id === result.paymentId)!;
      return reply.status(201).send({ payment, invoice });
    },
  );

  app.delete(
    '/integration/invoices/:id/payments/:paymentId',
    { config: { apiKey: true, scope: 'invoices:write' }, schema: schemas.deleteInvoicePayment },
    async (request, reply) => {
      const refusal = await repository.deletePayment(requireApiCompany(request).id, request.params.id, request.params.paymentId, app.now());
      if (refusal) refuse(refusal, {});
      return reply.status(204).send(null);
    },
  );

  app.post('/integration/invoices/:id/void', { config: { apiKey: true, scope: 'invoices:write' }, schema: schemas.voidInvoice }, async (request) => {
    const company = requireApiCompany(request);
    const refusal = await repository.void(company.id, request.params.id, app.now());
    if (refusal) refuse(refusal, { draft: 'A draft is deleted, not voided.', void: 'This invoice is already void.' });
    return detail(company.id, request.params.id);
  });
}
