import { z } from 'zod';
import { TimestampSchema } from './common';
import { INT4_MAX } from './constants';
import { InvoiceLineSchema, InvoiceSchema, INVOICE_STATUSES, PaymentSchema } from './invoices';
import { paginatedSchema } from './pagination';

/**
 * The company side of invoices (docs/requirements.md 11.5 and 18): what a company's CRM reads and writes with an API key.
 * Money goes both ways as decimal strings exact to the cent ("1234.50"), never as JSON numbers, so that nothing is
 * rounded through a float on the way in (docs/decisions/017-invoices-derived-status-and-cents.md).
 */

/** What the company sees of an invoice's life: its drafts too, and the status the portal derives for the rest. */
export const InvoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof InvoiceStatusSchema>;

/** Only US dollars (docs/requirements.md 10.9). */
export const CurrencySchema = z.literal('USD', { error: 'Only USD is supported.' });

const text = (what: string) => ({ error: `The ${what} must be text.` });

/** A calendar date that exists: "2026-02-28", not "2026-02-30". */
export const CalendarDateInputSchema = z
  .string(text('date'))
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must be written YYYY-MM-DD.')
  .refine((value) => {
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
  }, 'The date does not exist.');

/** numeric(14,2): at most twelve digits before the point. */
const MAX_WHOLE_DIGITS = 12;

/** A decimal string of at most `places` decimals and `wholeDigits` digits before the point. */
const decimal = (what: string, options: { places: number; wholeDigits: number; negative?: boolean }) =>
  z
    .string({ error: `The ${what} must be a decimal string such as "12.50", not a number.` })
    .trim()
    .regex(
      new RegExp(`^${options.negative ? '-?' : ''}\\d{1,${options.wholeDigits}}(\\.\\d{1,${options.places}})?$`),
      `The ${what} must be a decimal with at most ${options.wholeDigits} digits before the point and ${options.places} after it${options.negative ? '' : ', not negative'}.`,
    );

const isZero = (value: string) => /^-?0*(\.0*)?$/.test(value);

/** An amount of money sent in: "1234.5" or "1234.50" (never more than two decimals). */
export const AmountInputSchema = decimal('amount', { places: 2, wholeDigits: MAX_WHOLE_DIGITS, negative: true });

export const IntegrationInvoiceLineInputSchema = z
  .object({
    description: z
      .string(text('description'))
      .trim()
      .min(1, 'The description field is required.')
      .max(1_000, 'The description may not be longer than 1,000 characters.'),
    /** Up to three decimals: "1", "2.5", "0.125". */
    quantity: decimal('quantity', { places: 3, wholeDigits: 9 }).refine((value) => !isZero(value), 'The quantity must be more than 0.'),
    /** May be negative, for a discount or a credit line. */
    unit_price: decimal('unit price', { places: 2, wholeDigits: MAX_WHOLE_DIGITS, negative: true }),
    /** Optional check: the line's amount as the CRM computed it; refused unless it equals quantity × unit price to the cent. */
    amount: AmountInputSchema.optional(),
  })
  .strict()
  .meta({ id: 'IntegrationInvoiceLineCreate' });
export type IntegrationInvoiceLineInput = z.input<typeof IntegrationInvoiceLineInputSchema>;

export const INVOICE_MAX_LINES = 200;

const invoiceFields = {
  /** The company's own invoice number, unique within the company: "INV-1042". */
  number: z
    .string(text('number'))
    .trim()
    .min(1, 'The number field is required.')
    .max(50, 'The number may not be longer than 50 characters.')
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'The number must be a single line without control characters.'),
  issue_date: CalendarDateInputSchema,
  due_date: CalendarDateInputSchema,
  /** Percent of the subtotal with up to four decimals, from 0 to 100: "8.25". The tax is computed from it. */
  tax_rate: decimal('tax rate', { places: 4, wholeDigits: 3 }).refine((value) => Number(value) <= 100, 'The tax rate may not be more than 100.'),
  notes: z.string(text('notes')).max(10_000, 'The notes may not be longer than 10,000 characters.').nullable(),
  terms: z.string(text('terms')).max(10_000, 'The terms may not be longer than 10,000 characters.').nullable(),
  /** The whole list of lines, in order; on an update it replaces the lines the invoice had. */
  lines: z.array(IntegrationInvoiceLineInputSchema).max(INVOICE_MAX_LINES, `An invoice has at most ${INVOICE_MAX_LINES} lines.`),
  /** Optional checks: the totals as the CRM computed them; refused unless they equal the portal's to the cent. */
  subtotal: AmountInputSchema,
  tax: AmountInputSchema,
  total: AmountInputSchema,
};

const dueAfterIssue = (value: { issue_date?: string | undefined; due_date?: string | undefined }, context: z.RefinementCtx) => {
  if (value.issue_date && value.due_date && value.due_date < value.issue_date) {
    context.addIssue({ code: 'custom', path: ['due_date'], message: 'The due date may not be before the issue date.' });
  }
};

/** `POST /integration/invoices`: a draft, which no customer sees until it is sent. */
export const IntegrationInvoiceCreateSchema = z
  .object({
    project_id: z.number({ error: 'The project_id must be a whole number.' }).int().positive().max(INT4_MAX),
    number: invoiceFields.number,
    issue_date: invoiceFields.issue_date,
    due_date: invoiceFields.due_date,
    currency: CurrencySchema.default('USD'),
    tax_rate: invoiceFields.tax_rate.default('0'),
    notes: invoiceFields.notes.optional(),
    terms: invoiceFields.terms.optional(),
    lines: invoiceFields.lines.default([]),
    subtotal: invoiceFields.subtotal.optional(),
    tax: invoiceFields.tax.optional(),
    total: invoiceFields.total.optional(),
  })
  .strict()
  .superRefine(dueAfterIssue)
  .meta({ id: 'IntegrationInvoiceCreate' });
export type IntegrationInvoiceCreate = z.input<typeof IntegrationInvoiceCreateSchema>;

/** `PATCH /integration/invoices/{id}`: a draft only; what is left out stays, `lines` replaces every line. */
export const IntegrationInvoiceUpdateSchema = z
  .object({
    number: invoiceFields.number.optional(),
    issue_date: invoiceFields.issue_date.optional(),
    due_date: invoiceFields.due_date.optional(),
    currency: CurrencySchema.optional(),
    tax_rate: invoiceFields.tax_rate.optional(),
    notes: invoiceFields.notes.optional(),
    terms: invoiceFields.terms.optional(),
    lines: invoiceFields.lines.optional(),
    subtotal: invoiceFields.subtotal.optional(),
    tax: invoiceFields.tax.optional(),
    total: invoiceFields.total.optional(),
  })
  .strict()
  .superRefine(dueAfterIssue)
  .meta({ id: 'IntegrationInvoiceUpdate' });
export type IntegrationInvoiceUpdate = z.input<typeof IntegrationInvoiceUpdateSchema>;

/** `POST /integration/invoices/{id}/payments`: money received against a sent invoice. */
export const IntegrationPaymentCreateSchema = z
  .object({
    /** More than 0.00 and at most the invoice's balance. */
    amount: AmountInputSchema.refine((value) => !value.startsWith('-') && !isZero(value), 'The amount must be more than 0.00.'),
    currency: CurrencySchema.default('USD'),
    /** The day the money was received: not before the invoice's issue date, not after today. */
    paid_on: CalendarDateInputSchema,
    /** "Check", "ACH", "Card", … */
    method: z.string(text('method')).trim().min(1, 'The method field is required.').max(50, 'The method may not be longer than 50 characters.'),
    /** A check number, a transaction id. */
    reference: z.string(text('reference')).trim().max(200, 'The reference may not be longer than 200 characters.').nullable().optional(),
  })
  .strict()
  .meta({ id: 'IntegrationPaymentCreate' });
export type IntegrationPaymentCreate = z.input<typeof IntegrationPaymentCreateSchema>;

/** An invoice as the company sees it: drafts included, with the status and balance the portal shows for the rest. */
export const IntegrationInvoiceSchema = InvoiceSchema.extend({
  status: InvoiceStatusSchema,
  /** Percent, e.g. "8.25". */
  tax_rate: z.string(),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  /** When a customer first opened it in the portal (the `invoice.viewed` event); null: not yet. */
  viewed_at: TimestampSchema.nullable(),
}).meta({
  id: 'IntegrationInvoice',
  description:
    "An invoice of one of the company's projects. status is draft until it is sent, then what the portal shows: sent, partially_paid, paid, overdue (due date passed with a balance left) or void. A void invoice's balance is 0.00.",
});
export type IntegrationInvoice = z.infer<typeof IntegrationInvoiceSchema>;

export const IntegrationInvoiceDetailSchema = IntegrationInvoiceSchema.extend({
  lines: z.array(InvoiceLineSchema),
  payments: z.array(PaymentSchema),
}).meta({ id: 'IntegrationInvoiceDetail', description: 'One invoice with its lines (in order) and payments (oldest first).' });
export type IntegrationInvoiceDetail = z.infer<typeof IntegrationInvoiceDetailSchema>;

/** `POST /integration/invoices/{id}/payments`: the payment, and the invoice with its new status and balance. */
export const IntegrationPaymentRecordedSchema = z
  .object({ payment: PaymentSchema, invoice: IntegrationInvoiceDetailSchema })
  .meta({ id: 'IntegrationPaymentRecorded' });
export type IntegrationPaymentRecorded = z.infer<typeof IntegrationPaymentRecordedSchema>;

export const IntegrationInvoicePageSchema = paginatedSchema(IntegrationInvoiceSchema).meta({ id: 'IntegrationInvoicePage' });
export type IntegrationInvoicePage = z.infer<typeof IntegrationInvoicePageSchema>;

export const INTEGRATION_INVOICE_SORTS = ['id', 'number', 'issue_date', 'due_date', 'status', 'total', 'balance', 'created_at', 'updated_at'] as const;
export type IntegrationInvoiceSort = (typeof INTEGRATION_INVOICE_SORTS)[number];
