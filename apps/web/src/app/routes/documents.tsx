import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validateDocumentsSearch } from '../../features/documents/search';
import { defaultLayoutRoute } from '../layouts/portal-route';

export const documentsRoute = createRoute({
  getParentRoute: () => defaultLayoutRoute,
  path: '/documents',
  // The search text, page, size and sort live in the URL (decision 026).
  validateSearch: validateDocumentsSearch,
  component: lazyRouteComponent(() => import('../../features/documents/components/documents-page'), 'DocumentsPage'),
});
