import { InvoiceSummarySchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { singleQueryOptions } from '../../../lib/loaders';

export const invoiceSummaryQueryOptions = (entity: number) => singleQueryOptions(`/entities/${entity}/invoices/summary`, InvoiceSummarySchema);

export function useInvoiceSummary(entity: number) {
  return useQuery(invoiceSummaryQueryOptions(entity));
}
