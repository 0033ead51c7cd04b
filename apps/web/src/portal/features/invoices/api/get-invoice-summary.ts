import type { InvoiceSummary } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { singleQueryOptions } from '../../../../lib/loaders';

export const invoiceSummaryQueryOptions = (entity: number) => singleQueryOptions<InvoiceSummary>(`/entities/${entity}/invoices/summary`);

export function useInvoiceSummary(entity: number) {
  return useQuery(invoiceSummaryQueryOptions(entity));
}
