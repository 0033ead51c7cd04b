import { createRoute } from '@tanstack/react-router';
import { InvoicesPage } from '../../features/invoices/components/invoices-page';
import { defaultLayoutRoute } from '../layouts/default-layout';

export const invoicesRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/invoices', component: InvoicesPage });
