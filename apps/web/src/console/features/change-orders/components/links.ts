/** The console's change order pages (the routes are in console/routes/change-orders.tsx). */
export const changeOrdersUrl = (projectId: number) => `/staff/projects/${projectId}/change-orders`;
export const newChangeOrderUrl = (projectId: number) => `${changeOrdersUrl(projectId)}/new`;
export const changeOrderUrl = (projectId: number, changeOrderId: number) => `${changeOrdersUrl(projectId)}/${changeOrderId}`;
/** The invoice approval made, on the project's Invoices tab. */
export const projectInvoiceUrl = (projectId: number, invoiceId: number) => `/staff/projects/${projectId}/invoices/${invoiceId}`;
