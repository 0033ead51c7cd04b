import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffRequest } from '../../../lib/staff-api';
import { invoicePath, refreshInvoices } from './paths';

/** A draft nobody has seen goes for good. */
export const deleteInvoice = (invoiceId: number) => staffRequest<void>(invoicePath(invoiceId), { method: 'DELETE' });

export function useDeleteInvoice(projectId: number, invoiceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteInvoice(invoiceId),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: ['staff', invoicePath(invoiceId)] });
      await refreshInvoices(queryClient, projectId);
    },
  });
}
