import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defaultLayoutRoute } from '../layouts/default-layout';

export const invoicesRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/invoices', component: lazyRouteComponent(() => import('../../features/invoices/components/invoices-page'), 'InvoicesPage') });
