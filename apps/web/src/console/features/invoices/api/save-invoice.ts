import type { IntegrationInvoiceCreate, IntegrationInvoiceDetail, IntegrationInvoiceUpdate } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffRequest } from '../../../lib/staff-api';
import { INVOICES_PATH, invoicePath, refreshInvoices } from './paths';

export const createInvoice = (body: IntegrationInvoiceCreate) => staffRequest<IntegrationInvoiceDetail>(INVOICES_PATH, { method: 'POST', body });

export const updateInvoice = (invoiceId: number, body: IntegrationInvoiceUpdate) =>
  staffRequest<IntegrationInvoiceDetail>(invoicePath(invoiceId), { method: 'PATCH', body });

/** A new draft, or the draft `invoiceId` changed: every field is sent, and `lines` replaces the draft's lines. */
export function useSaveInvoice(projectId: number, invoiceId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<IntegrationInvoiceCreate, 'project_id'>) =>
      invoiceId === undefined ? createInvoice({ ...body, project_id: projectId }) : updateInvoice(invoiceId, body),
    onSuccess: (saved) => refreshInvoices(queryClient, projectId, saved.id),
  });
}
