import { createRoute } from '@tanstack/react-router';
import { validateDocumentsSearch } from '../../features/documents/search';
import { defaultLayoutRoute } from '../layouts/portal-route';
import { projectPage } from './project-page';

export const documentsRoute = createRoute({
  getParentRoute: () => defaultLayoutRoute,
  path: '/documents',
  // The search text, page, size and sort live in the URL (decision 026).
  validateSearch: validateDocumentsSearch,
  component: projectPage('documents', () => import('../../features/documents/components/documents-page').then((module) => module.DocumentsPage)),
});
