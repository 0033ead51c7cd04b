/** The console's invoice pages (the routes are in console/routes/invoices.tsx). */
export const invoicesUrl = (projectId: number) => `/staff/projects/${projectId}/invoices`;
export const newInvoiceUrl = (projectId: number) => `${invoicesUrl(projectId)}/new`;
export const invoiceUrl = (projectId: number, invoiceId: number) => `${invoicesUrl(projectId)}/${invoiceId}`;
export const editInvoiceUrl = (projectId: number, invoiceId: number) => `${invoiceUrl(projectId, invoiceId)}/edit`;
