import type { IntegrationInvoiceDetail } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffRequest } from '../../../lib/staff-api';
import { invoicePath, refreshInvoices } from './paths';

/** A sent invoice with no payment becomes void: owed by nobody, still in the customer's books. */
export const voidInvoice = (invoiceId: number) => staffRequest<IntegrationInvoiceDetail>(`${invoicePath(invoiceId)}/void`, { method: 'POST', body: {} });

export function useVoidInvoice(projectId: number, invoiceId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => voidInvoice(invoiceId), onSuccess: () => refreshInvoices(queryClient, projectId, invoiceId) });
}
