import { createRoute } from '@tanstack/react-router';
import { validateInvoicesSearch } from '../../features/invoices/search';
import { defaultLayoutRoute } from '../layouts/portal-route';
import { projectPage } from './project-page';

export const invoicesRoute = createRoute({
  getParentRoute: () => defaultLayoutRoute,
  path: '/invoices',
  // Page, size, sort, status filter, the open invoice and the statement live in the URL (docs/requirements.md 11.5).
  validateSearch: validateInvoicesSearch,
  component: projectPage('invoices', () => import('../../features/invoices/components/invoices-page').then((module) => module.InvoicesPage)),
});
