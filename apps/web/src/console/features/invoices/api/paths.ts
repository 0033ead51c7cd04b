import type { QueryClient } from '@tanstack/react-query';
import { staffQueryPrefix } from '../../../lib/staff-api';

/** The company API's paths the console's invoices read and write (docs/company-api.md, Invoices). */
export const INVOICES_PATH = '/integration/invoices';
export const invoicePath = (invoiceId: number) => `${INVOICES_PATH}/${invoiceId}`;
export const statementPath = (projectId: number) => `/integration/projects/${projectId}/statement`;

/**
 * After any write: the list, the invoice and the project's balance and aging are read again, so every figure on screen
 * is the server's.
 */
export async function refreshInvoices(queryClient: QueryClient, projectId: number, invoiceId?: number) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: staffQueryPrefix(INVOICES_PATH) }),
    queryClient.invalidateQueries({ queryKey: staffQueryPrefix(statementPath(projectId)) }),
    invoiceId === undefined ? null : queryClient.invalidateQueries({ queryKey: staffQueryPrefix(invoicePath(invoiceId)) }),
  ]);
}
