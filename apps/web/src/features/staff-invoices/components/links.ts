/** The console's invoice pages (the routes are in app/routes/staff.tsx). */
export const invoicesUrl = (projectId: number) => `/staff/projects/${projectId}/invoices`;
export const newInvoiceUrl = (projectId: number) => `${invoicesUrl(projectId)}/new`;
export const invoiceUrl = (projectId: number, invoiceId: number) => `${invoicesUrl(projectId)}/${invoiceId}`;
export const editInvoiceUrl = (projectId: number, invoiceId: number) => `${invoiceUrl(projectId, invoiceId)}/edit`;

/** A link drawn as the page's main button. */
export const BUTTON_LINK =
  'inline-flex items-center justify-center gap-2 rounded-full bg-portal px-5 py-2.5 text-base font-semibold text-on-portal hover:brightness-110';
