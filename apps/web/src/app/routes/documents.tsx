import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defaultLayoutRoute } from '../layouts/default-layout';

export const documentsRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/documents', component: lazyRouteComponent(() => import('../../features/documents/components/documents-page'), 'DocumentsPage') });
