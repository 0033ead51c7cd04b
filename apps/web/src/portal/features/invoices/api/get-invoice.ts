import type { InvoiceDetail } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { singleQueryOptions } from '../../../../lib/loaders';

export const invoicePath = (entity: number, invoice: number) => `/entities/${entity}/invoices/${invoice}`;

export const invoiceQueryOptions = (entity: number, invoice: number) => singleQueryOptions<InvoiceDetail>(invoicePath(entity, invoice));

export function useInvoice(entity: number, invoice: number) {
  return useQuery(invoiceQueryOptions(entity, invoice));
}
