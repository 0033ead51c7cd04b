import type { IntegrationPaymentCreate, IntegrationPaymentRecorded } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffRequest } from '../../../lib/staff-api';
import { invoicePath, refreshInvoices } from './paths';

/** Money received against a sent invoice; the server refuses more than the balance, naming `amount`. */
export const recordPayment = (invoiceId: number, body: IntegrationPaymentCreate) =>
  staffRequest<IntegrationPaymentRecorded>(`${invoicePath(invoiceId)}/payments`, { method: 'POST', body });

export function useRecordPayment(projectId: number, invoiceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IntegrationPaymentCreate) => recordPayment(invoiceId, body),
    onSuccess: () => refreshInvoices(queryClient, projectId, invoiceId),
  });
}
