import { z } from 'zod';
import { TimestampSchema } from './common';
import { paginatedSchema } from './pagination';
import { PORTAL_INVOICE_STATUSES } from './constants';

/**
 * Invoices of a project (docs/requirements.md 11.5). Every per-project call lives under `/entities/{entity}/…`, behind the
 * entity guard and the company's `is_portal_invoicing_enabled` switch.
 */

/** Every status an invoice can have. `draft` never reaches a portal user; `overdue` is derived, never stored. */
export const INVOICE_STATUSES = ['draft', 'sent', 'partially_paid', 'paid', 'overdue', 'void'] as const;
export type InvoiceStatusValue = (typeof INVOICE_STATUSES)[number];

export const PortalInvoiceStatusSchema = z.enum(PORTAL_INVOICE_STATUSES);
export type PortalInvoiceStatus = z.infer<typeof PortalInvoiceStatusSchema>;

/** A calendar date, "2026-03-02" (no time, no zone). */
export const CalendarDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** An amount of money exact to the cent, never null: "1234.50", "-20.00". */
export const AmountSchema = z.string().regex(/^-?\d+\.\d{2}$/);

/**
 * A project's contract and its changes (docs/company-api.md "Change orders"), computed by one function on the server:
 * `contract` is the latest accepted proposal's total where there is one, else the company's own
 * `financials_total_amount`; `approved_changes` the sum of the approved change orders' totals (credits subtract);
 * `revised_contract` = contract + approved_changes. Shown beside invoiced, paid and balance, on the project, the
 * invoices' summary and the statement alike.
 */
export const ProjectMoneySchema = z
  .object({
    contract: AmountSchema,
    approved_changes: AmountSchema,
    revised_contract: AmountSchema,
  })
  .meta({ id: 'ProjectMoney' });
export type ProjectMoney = z.infer<typeof ProjectMoneySchema>;

export const InvoiceSchema = z
  .object({
    id: z.number().int(),
    project_id: z.number().int(),
    number: z.string(),
    status: PortalInvoiceStatusSchema,
    issue_date: CalendarDateSchema,
    due_date: CalendarDateSchema,
    currency: z.literal('USD'),
    subtotal: AmountSchema,
    tax: AmountSchema,
    total: AmountSchema,
    amount_paid: AmountSchema,
    balance: AmountSchema,
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .meta({
    id: 'Invoice',
    description:
      'An invoice of the project as the portal user sees it. status is derived: overdue when the due date has passed with a balance left; paid when nothing is left; partially_paid when something was paid.',
  });
export type Invoice = z.infer<typeof InvoiceSchema>;

export const InvoiceLineSchema = z
  .object({
    id: z.number().int(),
    description: z.string(),
    /** A decimal string, up to three places: "1", "2.5", "0.125". */
    quantity: z.string(),
    unit_price: AmountSchema,
    amount: AmountSchema,
  })
  .meta({ id: 'InvoiceLine', description: 'One line item; amount is quantity × unit price rounded half away from zero to the cent.' });
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

export const PaymentSchema = z
  .object({
    id: z.number().int(),
    paid_on: CalendarDateSchema,
    amount: AmountSchema,
    method: z.string(),
    reference: z.string().nullable(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof PaymentSchema>;

export const InvoiceDetailSchema = InvoiceSchema.extend({
  /** Percent, e.g. "8.25". */
  tax_rate: z.string(),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  lines: z.array(InvoiceLineSchema),
  payments: z.array(PaymentSchema),
}).meta({ id: 'InvoiceDetail', description: 'One invoice with its line items and payments, oldest payment first.' });
export type InvoiceDetail = z.infer<typeof InvoiceDetailSchema>;

export const InvoicePageSchema = paginatedSchema(InvoiceSchema).meta({ id: 'InvoicePage' });
export type InvoicePage = z.infer<typeof InvoicePageSchema>;

export const InvoiceSummarySchema = z
  .object({
    currency: z.literal('USD'),
    /** The balance left on every sent, partially paid and overdue invoice. */
    outstanding_balance: AmountSchema,
    outstanding_count: z.number().int(),
    /** The part of it past its due date. */
    overdue_balance: AmountSchema,
    overdue_count: z.number().int(),
    /** The money trail: the contract, its approved changes and the revised contract. */
    ...ProjectMoneySchema.shape,
    as_of: CalendarDateSchema,
  })
  .meta({ id: 'InvoiceSummary' });
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

export const StatementEntrySchema = z.object({
  date: CalendarDateSchema,
  kind: z.enum(['invoice', 'payment']),
  invoice_id: z.number().int(),
  invoice_number: z.string(),
  description: z.string(),
  /** What an invoice adds (its total); null on a payment. */
  charge: AmountSchema.nullable(),
  /** What a payment takes off; null on an invoice. */
  payment: AmountSchema.nullable(),
  /** The balance after this entry. */
  balance: AmountSchema,
});
export type StatementEntry = z.infer<typeof StatementEntrySchema>;

export const StatementSchema = z
  .object({
    currency: z.literal('USD'),
    as_of: CalendarDateSchema,
    project: z.object({ id: z.number().int(), number: z.string().nullable(), name: z.string().nullable() }),
    entries: z.array(StatementEntrySchema),
    /** The money trail: the contract, its approved changes and the revised contract. */
    ...ProjectMoneySchema.shape,
    total_invoiced: AmountSchema,
    total_paid: AmountSchema,
    balance: AmountSchema,
    aging: z.object({
      current: AmountSchema,
      days_1_30: AmountSchema,
      days_31_60: AmountSchema,
      days_61_90: AmountSchema,
      over_90: AmountSchema,
    }),
  })
  .meta({
    id: 'Statement',
    description:
      'The statement of account of a project: every sent invoice and payment in date order with the running balance, and the balance aged by days past due (void and draft invoices are left out).',
  });
export type Statement = z.infer<typeof StatementSchema>;
