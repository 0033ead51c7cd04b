import { createRoute } from '@tanstack/react-router';
import { DocumentsPage } from '../../features/documents/components/documents-page';
import { defaultLayoutRoute } from '../layouts/default-layout';

export const documentsRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/documents', component: DocumentsPage });
