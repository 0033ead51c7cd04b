import { createRoute } from '@tanstack/react-router';
import { tableState, validateDocumentsSearch, type DocumentsTableState } from '../features/documents/search';
import { defaultLayoutRoute } from '../layouts/portal-route';
import { projectPage, projectPageLoader } from './project-page';

export const documentsRoute = createRoute({
  getParentRoute: () => defaultLayoutRoute,
  path: '/documents',
  // The search text, page, size and sort live in the URL (decision 026).
  validateSearch: validateDocumentsSearch,
  loaderDeps: ({ search }) => ({ entity: search.entity, table: tableState(search) }),
  loader: projectPageLoader<{ entity?: number | undefined; table: DocumentsTableState }>('documents', async (entity, { table }) => [
    (await import('../features/documents/api/get-documents')).documentsQueryOptions(entity, table),
  ]),
  component: projectPage('documents', () => import('../features/documents/components/documents-page').then((module) => module.DocumentsPage)),
});
