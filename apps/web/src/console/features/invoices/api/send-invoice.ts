import type { IntegrationInvoiceDetail } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffRequest } from '../../../lib/staff-api';
import { invoicePath, refreshInvoices } from './paths';

/** The draft becomes sent: the customers see it, and those who have not turned invoice emails off are told. */
export const sendInvoice = (invoiceId: number) => staffRequest<IntegrationInvoiceDetail>(`${invoicePath(invoiceId)}/send`, { method: 'POST', body: {} });

export function useSendInvoice(projectId: number, invoiceId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => sendInvoice(invoiceId), onSuccess: () => refreshInvoices(queryClient, projectId, invoiceId) });
}
