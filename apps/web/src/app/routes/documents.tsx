import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defaultLayoutRoute } from '../layouts/portal-route';

export const documentsRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/documents', component: lazyRouteComponent(() => import('../../features/documents/components/documents-page'), 'DocumentsPage') });
