import type { Executor } from '../../db/client';
import { invoiceDraftsRepository } from './invoice-drafts.repository';
import { invoicePaymentsRepository } from './invoice-payments.repository';
import { invoiceReadsRepository } from './invoice-reads.repository';
import { invoiceStatementRepository } from './invoice-statement.repository';

/**
 * The invoices module's one entry for its routes, the seed and the bench: the repositories of each area of work, one
 * object (docs/decisions/122-repositories-split-by-work-and-one-executor.md).
 *
 * - invoice-reads.repository.ts: what a portal user reads (with its prepared statements) and the company's reads;
 * - invoice-drafts.repository.ts: invoices and their lines, from draft to sent or void, and the bulk insert;
 * - invoice-payments.repository.ts: payments recorded and taken back;
 * - invoice-statement.repository.ts: the statement of account's reads, whom an invoice bills, its project.
 */
export function invoicesRepository(db: Executor) {
  return {
    ...invoiceReadsRepository(db),
    ...invoiceDraftsRepository(db),
    ...invoicePaymentsRepository(db),
    ...invoiceStatementRepository(db),
  };
}

export type InvoicesRepository = ReturnType<typeof invoicesRepository>;

export type { InvoiceRefusal, PortalInvoiceRow } from './invoices.queries';
export type { CompanyInvoiceListOptions, CompanyInvoiceRow, InvoiceListOptions } from './invoice-reads.repository';
export type { DraftFields, NewInvoice } from './invoice-drafts.repository';
