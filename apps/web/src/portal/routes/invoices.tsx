import { createRoute } from '@tanstack/react-router';
import { tableState, validateInvoicesSearch, type TableState } from '../features/invoices/search';
import { defaultLayoutRoute } from '../layouts/portal-route';
import { projectPage, projectPageLoader } from './project-page';

export const invoicesRoute = createRoute({
  getParentRoute: () => defaultLayoutRoute,
  path: '/invoices',
  // Page, size, sort, status filter, the open invoice and the statement live in the URL (docs/requirements.md 11.5).
  validateSearch: validateInvoicesSearch,
  loaderDeps: ({ search }) => ({ entity: search.entity, table: tableState(search) }),
  loader: projectPageLoader<{ entity?: number | undefined; table: TableState }>('invoices', async (entity, { table }) => {
    const [{ invoiceSummaryQueryOptions }, { invoicesQueryOptions }] = await Promise.all([
      import('../features/invoices/api/get-invoice-summary'),
      import('../features/invoices/api/get-invoices'),
    ]);
    return [invoiceSummaryQueryOptions(entity), invoicesQueryOptions(entity, table)];
  }),
  component: projectPage('invoices', () => import('../features/invoices/components/invoices-page').then((module) => module.InvoicesPage)),
});
