import type { IntegrationInvoice, IntegrationInvoiceDetail, Invoice, InvoiceDetail, InvoiceLine, Payment } from '@portal/contract';
import { apiTimestamp } from '../../lib/timestamps';
import type { InvoiceLineRow, PaymentRow } from '../../db/rows';
import type { CompanyInvoiceRow, PortalInvoiceRow } from './invoices.repository';

/** A quantity as a person writes it: "2.500" → "2.5", "1.000" → "1". */
const quantity = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

export function serializeInvoice<Row extends PortalInvoiceRow | CompanyInvoiceRow>(row: Row): Omit<Invoice, 'status'> & { status: Row['status'] } {
  return {
    id: row.id,
    project_id: row.project_id,
    number: row.number,
    status: row.status,
    issue_date: row.issue_date,
    due_date: row.due_date,
    currency: 'USD',
    subtotal: row.subtotal,
    tax: row.tax,
    total: row.total,
    amount_paid: row.amount_paid,
    balance: row.balance,
    created_at: apiTimestamp(row.created_at),
    updated_at: apiTimestamp(row.updated_at),
  };
}

export const serializeLine = (line: InvoiceLineRow): InvoiceLine => ({
  id: line.id,
  description: line.description,
  quantity: quantity(line.quantity),
  unit_price: line.unit_price,
  amount: line.amount,
});

export const serializePayment = (payment: PaymentRow): Payment => ({
  id: payment.id,
  paid_on: payment.paid_on,
  amount: payment.amount,
  method: payment.method,
  reference: payment.reference,
});

export function serializeInvoiceDetail(found: { invoice: PortalInvoiceRow; lines: InvoiceLineRow[]; payments: PaymentRow[] }): InvoiceDetail {
  return {
    ...serializeInvoice(found.invoice),
    tax_rate: quantity(found.invoice.tax_rate),
    notes: found.invoice.notes,
    terms: found.invoice.terms,
    lines: found.lines.map(serializeLine),
    payments: found.payments.map(serializePayment),
  };
}

/** An invoice as the company reads it: the portal's fields and derived status (or draft), with its rate, notes and terms. */
export function serializeCompanyInvoice(row: CompanyInvoiceRow): IntegrationInvoice {
  return {
    ...serializeInvoice(row),
    tax_rate: quantity(row.tax_rate),
    notes: row.notes,
    terms: row.terms,
    viewed_at: row.viewed_at ? apiTimestamp(row.viewed_at) : null,
  };
}

export function serializeCompanyInvoiceDetail(found: {
  invoice: CompanyInvoiceRow;
  lines: InvoiceLineRow[];
  payments: PaymentRow[];
}): IntegrationInvoiceDetail {
  return { ...serializeCompanyInvoice(found.invoice), lines: found.lines.map(serializeLine), payments: found.payments.map(serializePayment) };
}
